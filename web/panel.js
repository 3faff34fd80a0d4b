// The game panel: each player's name, clock (with its low-time warning) and captures, the
// move number, the move list in the variant's notation, and the notices a player must not
// miss: who just passed, an undo request waiting for its answer. Everything shown comes
// from the state: the names of moves are the server's (`notation`), never worked out here.
import { timeLeft } from './state.js';
import { $ } from './dom.js';
import { fmtTime, lowTime } from './clocks.js';
import { ratingText } from './account.js';

/** @type {import('./types.js').Color[]} */
const COLORS = ['black', 'white'];
/** @type {Record<string, string>} */
const COLOR_NAME = { black: 'Black', white: 'White' };

// A seat's name: the player's own (the state's `names`, once the server sends them), the
// computer and its level for the computer's seat, else the colour.
/** @param {Pick<import('./types.js').GameState, 'names' | 'computer'>} g @param {import('./types.js').Color} color */
export function playerName(g, color) {
  const name = g.names?.[color];
  if (typeof name === 'string' && name.trim()) return name.trim();
  if (g.computer?.color === color) return `Computer (level ${g.computer.level})`;
  return COLOR_NAME[color];
}

// An account's rating beside its seat's name (accounts and rated games, issue 32).
/** @param {any} g the state (its `ratings`, per colour) @param {import('./types.js').Color} color */
export function seatRating(g, color) {
  const text = ratingText(g.ratings?.[color] ?? null);
  return text ? ` (${text})` : '';
}

/** @param {import('./state.js').LoadedState} st */
function drawPlayers(st) {
  const g = st.game;
  const playing = g.status === 'live' && g.phase === 'playing';
  for (const c of COLORS) {
    const name = playerName(g, c) + seatRating(g, c);
    $(`name-${c}`).textContent = g.you === c ? `${name} (you)` : name;
    $(`name-${c}`).title = `${COLOR_NAME[c]}: ${name}`;
    $(`player-${c}`).classList.toggle('to-move', playing && g.to_move === c);
    const taken = g.view.prisoners?.[c] ?? 0;
    $(`captures-${c}`).textContent = `${taken} ${taken === 1 ? 'capture' : 'captures'}`;
    const clock = $(`clock-${c}`);
    const left = timeLeft(st, c);
    clock.textContent = fmtTime(left);
    clock.hidden = !left;
    const running = g.clock?.running === c;
    clock.classList.toggle('running', running);
    clock.classList.toggle('low', running && lowTime(left, g.clock?.control));
  }
}

// The list already drawn, so that a new move appends one entry and an undo removes one,
// rather than every entry being rebuilt on every frame.
/** @type {string[]} */
let drawn = [];

/** @param {number} i @param {string} color @param {string} name */
function moveEntry(i, color, name) {
  const li = document.createElement('li');
  li.dataset.color = color;
  const no = document.createElement('span'); no.className = 'move-no'; no.textContent = String(i + 1);
  const dot = document.createElement('span'); dot.className = `stone-icon ${color}`; dot.setAttribute('role', 'img');
  dot.setAttribute('aria-label', COLOR_NAME[color]);
  const text = document.createElement('span'); text.className = 'move-name'; text.textContent = name;
  li.append(no, dot, text);
  return li;
}

/** @param {import('./types.js').GameState} g */
function drawMoveList(g) {
  const names = g.notation ?? [];
  const entries = names.map((name, i) => `${g.moves[i]?.color}:${name}`);
  let same = 0;
  while (same < drawn.length && same < entries.length && drawn[same] === entries[same]) same++;
  if (same === drawn.length && same === entries.length) return;
  const list = $('move-list');
  // Long names (continuous Go's coordinates) take wider columns.
  list.classList.toggle('wide', names.some((n) => n.length > 8));
  while (list.children.length > same) list.lastElementChild.remove();
  for (let i = same; i < names.length; i++) list.append(moveEntry(i, g.moves[i]?.color ?? '', names[i]));
  drawn = entries;
  // Follow the game: the newest move in sight.
  list.scrollTop = list.scrollHeight;
}

// "Black passed" while the last move is a pass and the game goes on.
/** @param {import('./types.js').GameState} g */
function passNotice(g) {
  const last = g.moves.at(-1);
  if (!last?.pass || g.status === 'finished') return '';
  return `${COLOR_NAME[last.color]} passed`;
}

/** @param {import('./state.js').LoadedState} st */
export function drawPanel(st) {
  const g = st.game;
  drawPlayers(st);
  $('move-number').textContent = g.seq ? `Move ${g.seq}` : 'No moves yet';
  drawMoveList(g);
  const passed = passNotice(g);
  $('pass-notice').hidden = !passed;
  $('pass-notice').textContent = passed;
  // The undo asker waits for the opponent's answer (the answer clears `undoBy`).
  const waiting = !!g.you && st.undoBy === g.you && g.status !== 'finished';
  $('undo-wait').hidden = !waiting;
}
