// The game page's one state object: the game as the server last described it, plus local
// things (hover, previews, snap mode, zoom, the MarGo view). Server messages are folded in
// here; the page is drawn from this object alone. No rules live here.
import { createPreviews } from './previews.js';
import { rememberGame, noteState } from './local-games.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').Color} Color */
/** @typedef {import('./types.js').MoveRequest} MoveRequest */
/** @typedef {import('./types.js').PreviewResult} PreviewResult */
/** @typedef {import('./types.js').Suggestion} Suggestion */
/** @typedef {import('./board.js').Geometry} Geometry */
/** @typedef {import('./board.js').Zoom} Zoom */
/** @typedef {import('./previews.js').Previews} Previews */

/**
 * @typedef {object} PageState
 * @property {GameState | null} game
 * @property {Geometry | null} geo the board's drawing geometry, from the game's view
 * @property {Zoom} view zoom and pan of the 2D board
 * @property {number[] | null} hover the board point under the pointer (2D)
 * @property {import('./types.js').Point | null} hover3d the playable point under the pointer (3D)
 * @property {{ request: MoveRequest, result: PreviewResult } | null} preview the answer shown
 * @property {Previews} previews the answers asked for the current position
 * @property {string} snap continuous Go's snap mode
 * @property {boolean} reserve the next stone is a reserve stone (Topological Go)
 * @property {boolean} territory territory drawn on the board
 * @property {string} message the last thing said to the player
 * @property {string} seatNotice what the claim of an invite came to, shown until the game says more
 * @property {Color | null} undoBy who asked for an undo still unanswered
 * @property {number} received when the last full state or move came (performance.now())
 * @property {boolean} thinking the computer is thinking
 * @property {Suggestion} suggestion
 * @property {number[] | null} pending a tapped point waiting for its second tap (touch)
 * @property {boolean} tapConfirm a tap shows the stone and a second tap plays it (touch)
 * @property {boolean} showScore the running score shown during play (on demand)
 * @property {boolean} confirmPass a pass on an open board waits for its confirmation
 * @property {'connecting' | 'connected' | 'disconnected'} connection the socket's (net.js)
 * @property {number} retryAt when the next reconnection is tried (performance.now() time)
 * @property {{ view: '3d' | '2d' | null, scene: any, fade: number }} margo MarGo's view: the
 *   one shown, the 3D scene once loaded (three.js is fetched only then), and the highest
 *   level the 3D view draws solid (1 is the bottom; the levels above are faded)
 */

/** @param {string} id @param {string} token */
export function saveSeat(id, token) { localStorage.setItem(`stonefield.seat.${id}`, token); rememberGame(id); }
/** @param {string} id */
export function loadSeat(id) { return localStorage.getItem(`stonefield.seat.${id}`); }

// The player's name, kept in this browser for the next game (empty: anonymous). The server
// checks it (1-40 characters once trimmed); the client only trims and sends it.
/** @param {string} name */
export function saveName(name) { localStorage.setItem('stonefield.name', name.trim()); }
export function loadName() { return localStorage.getItem('stonefield.name') ?? ''; }
// The body fields that carry the name: none for an anonymous player.
export function nameField() { const name = loadName(); return name ? { name } : {}; }

/** A page state once the first state has come: what the drawing reads. */
/** @typedef {PageState & { game: GameState, geo: Geometry }} LoadedState */

/** @returns {PageState} */
export function createState() {
  return {
    game: null, geo: null, view: { zoom: 1, cx: null, cy: null }, hover: null, hover3d: null,
    preview: null, previews: createPreviews(), snap: 'nearest', reserve: false, territory: true,
    message: '', seatNotice: '', undoBy: null, received: 0, thinking: false, suggestion: null,
    pending: null, tapConfirm: true, showScore: false, confirmPass: false,
    connection: 'connecting', retryAt: 0, margo: { view: null, scene: null, fade: 0 },
  };
}

/** @param {PageState} st */
export const in3d = (st) => st.margo.view === '3d' && !!st.margo.scene;
/** @param {PageState} st */
export const offline = (st) => st.connection !== 'connected';

// A full state from the server replaces everything it covers.
/** @param {PageState} st @param {GameState} game */
export function applyFull(st, game) {
  st.game = game;
  noteState(game);
  st.undoBy = game.undo_by ?? null;
  st.thinking = !!game.computer?.thinking;
  st.suggestion = null;
  st.preview = null;
  st.pending = null;
  st.confirmPass = false;
  st.received = performance.now();
}

// Same point: every coordinate equal (two on flat boards, three on a MarGo pyramid).
/** @param {import('./types.js').Stone} p */
const coords = (p) => p.filter((v) => typeof v === 'number');
/** @param {import('./types.js').Stone} a @param {import('./types.js').Stone} b */
const samePoint = (a, b) => { const [x, y] = [coords(a), coords(b)]; return x.length === y.length && x.every((v, i) => v === y[i]); };

// A move from the server: add the stone, remove the captures, take the new status.
/**
 * @param {PageState} st
 * @param {Extract<import('./types.js').ServerMessage, { type: 'moved' }>} m
 */
export function applyMoved(st, m) {
  const g = st.game;
  if (!g) return;
  const r = m.report;
  const view = g.view;
  if (r.result === 'placed' && r.at) {
    const captured = r.captured ?? [];
    view.stones = view.stones.filter((s) => !captured.some((c) => samePoint(s, c)));
    view.stones.push([...r.at, r.color]);
    view.last = r.at;
    for (const c of captured) {
      const taker = c[c.length - 1] === 'black' ? 'white' : 'black';
      view.prisoners[taker] += 1;
    }
  } else if (r.result === 'pass') {
    view.last = null;
  }
  g.moves.push({ color: r.color, ...(r.at ? { at: r.at } : { [r.result]: true }) });
  // The server names every move it accepts; the move list shows that name as given.
  (g.notation ??= []).push(r.notation ?? r.result);
  Object.assign(g, { seq: m.seq, to_move: m.to_move, phase: m.phase, score: m.score, clock: m.clock, last: r, count: m.count ?? null });
  // Variants that draw more than stones (territory, trees, pyramids) send the whole view.
  if (m.view) g.view = m.view;
  if (m.result) { g.result = m.result; g.status = 'finished'; }
  noteState(g);
  // The computer's move is its answer; any other move may set it thinking again.
  if (r.color === g.computer?.color || m.result) st.thinking = false;
  st.undoBy = null;
  st.suggestion = null;
  st.preview = null;
  st.pending = null;
  st.confirmPass = false;
  st.received = performance.now();
}

// A suggested move as words: where, or pass / resign (no rules: the move as the server wrote it).
/** @param {import('./types.js').Move | null | undefined} mv */
export function describeMove(mv) {
  if (!mv) return 'nothing';
  if (mv.pass) return 'pass';
  if (mv.resign) return 'resign';
  if (!mv.at) return 'nothing';
  const at = mv.at.map((v) => (Number.isInteger(v) ? v : v.toFixed(2))).join(', ');
  return `[${at}]${mv.reserve ? ' (reserve stone)' : ''}`;
}

// The suggested point of a hint, if it suggests a stone.
/** @param {Suggestion} sg @returns {import('./types.js').Move | null} */
export function hintMove(sg) {
  return sg && sg !== 'asked' && sg.move?.at ? sg.move : null;
}

// A win estimate as a percentage.
/** @param {number} p */
export const percent = (p) => `${Math.round(p * 100)}%`;

/** @param {{ game: Pick<GameState, 'you' | 'to_move' | 'phase' | 'status'> | null }} st */
export function myTurn(st) {
  const g = st.game;
  return !!g && g.you === g.to_move && g.phase === 'playing' && g.status === 'live';
}

// Time left for `color` now, counting down locally from the last server figure.
/** @param {PageState} st @param {Color} color */
export function timeLeft(st, color) {
  const c = st.game?.clock;
  if (!c || c.control.kind === 'none') return null;
  let { main_ms: main, periods, period_left_ms: inPeriod } = c[color];
  const period = c.control.period_ms;
  if (c.running === color) {
    let spent = performance.now() - st.received;
    const used = Math.min(main, spent); main -= used; spent -= used;
    // In byo-yomi the server says what was left of the current period; from then on
    // each period lost takes one off the count and the next starts whole.
    if (period && main === 0 && (spent > 0 || inPeriod !== undefined)) {
      const first = inPeriod ?? period;
      if (spent < first) return { main: first - spent, periods, byo: true };
      spent -= first;
      periods = Math.max(0, periods - 1 - Math.floor(spent / period));
      return { main: period - (spent % period), periods, byo: true };
    }
  }
  // Waiting in byo-yomi, a player has a whole period for the next move.
  const byo = main === 0 && periods > 0;
  return { main: byo && period ? period : main, periods, byo };
}
