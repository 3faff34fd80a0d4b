// What is shown: the game as the server last described it, plus local things (hover,
// preview, snap mode). Deltas from the server are folded in here; no rules live here.

export function saveSeat(id, token) { localStorage.setItem(`stonefield.seat.${id}`, token); }
export function loadSeat(id) { return localStorage.getItem(`stonefield.seat.${id}`); }

// The player's name, kept in this browser for the next game (empty: anonymous). The server
// checks it (1-40 characters once trimmed); the client only trims and sends it.
export function saveName(name) { localStorage.setItem('stonefield.name', name.trim()); }
export function loadName() { return localStorage.getItem('stonefield.name') ?? ''; }
// The body fields that carry the name: none for an anonymous player.
export function nameField() { const name = loadName(); return name ? { name } : {}; }

export function createState() {
  // `connection`: 'connecting', 'connected' or 'disconnected' (the socket's, net.js);
  // `retryAt`: when the next reconnection is tried (performance.now() time).
  return { game: null, hover: null, preview: null, snap: 'nearest', reserve: false, territory: true, message: '', undoBy: null, received: 0, thinking: false, suggestion: null, connection: 'connecting', retryAt: 0 };
}

// A full state from the server replaces everything it covers.
export function applyFull(st, game) {
  st.game = game;
  st.undoBy = game.undo_by;
  st.thinking = !!game.computer?.thinking;
  st.suggestion = null;
  st.preview = null;
  st.received = performance.now();
}

// Same point: every coordinate equal (two on flat boards, three on a MarGo pyramid).
const coords = (p) => p.filter((v) => typeof v === 'number');
const samePoint = (a, b) => { const [x, y] = [coords(a), coords(b)]; return x.length === y.length && x.every((v, i) => v === y[i]); };

// A move from the server: add the stone, remove the captures, take the new status.
export function applyMoved(st, m) {
  const g = st.game;
  if (!g) return;
  const r = m.report;
  const view = g.view;
  if (r.result === 'placed') {
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
  // The computer's move is its answer; any other move may set it thinking again.
  if (r.color === g.computer?.color || m.result) st.thinking = false;
  st.undoBy = null;
  st.suggestion = null;
  st.preview = null;
  st.received = performance.now();
}

// A suggested move as words: where, or pass / resign (no rules: the move as the server wrote it).
export function describeMove(mv) {
  if (!mv) return 'nothing';
  if (mv.pass) return 'pass';
  if (mv.resign) return 'resign';
  const at = mv.at.map((v) => (Number.isInteger(v) ? v : v.toFixed(2))).join(', ');
  return `[${at}]${mv.reserve ? ' (reserve stone)' : ''}`;
}

// A win estimate as a percentage.
export const percent = (p) => `${Math.round(p * 100)}%`;

export function myTurn(st) {
  const g = st.game;
  return !!g && g.you === g.to_move && g.phase === 'playing' && g.status === 'live';
}

// Time left for `color` now, counting down locally from the last server figure.
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
