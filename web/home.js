// The home page: play the computer or a friend in one click (quick-play.js), the custom
// game form (new-game.js), the player's account (account-ui.js) and games (my-games.js),
// and the lobby's lists of open, live and finished games, drawn here.
import { saveSeat, saveName, loadName, nameField } from './state.js';
import { rememberGame } from './local-games.js';
import { me, ratingText } from './account.js';
import { bindAccount } from './account-ui.js';
import { bindForm } from './new-game.js';
import { bindQuickPlay } from './quick-play.js';
import { showMyGames } from './my-games.js';
import { age, clockText } from './format.js';
import { $ } from './dom.js';

/**
 * A game of the lists (GET /api/games).
 * @typedef {any} ListedGame
 */

// Takes the seat of an open game (no invite needed), then goes to the game: to play, or to
// watch if someone was quicker.
/** @param {string} id */
async function join(id) {
  saveName($('name').value);
  const resp = await fetch(`/api/games/${id}/claim`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(nameField()) });
  const data = await resp.json().catch(() => ({}));
  // Taken meanwhile (409) the game is still there to watch; any other refusal is said here
  // (a bad name, a rated game for accounts only).
  if (!resp.ok && resp.status !== 409) { $('lobby-msg').textContent = data.error ?? `refused (${resp.status})`; return; }
  if (resp.ok) { saveSeat(id, data.token); rememberGame(id, { color: data.color }); }
  location.href = `/game/${id}`;
}

// A seat's name as a row shows it: the player's (with the account's rating), the
// computer's, or the seat left free.
/** @param {ListedGame} g @param {string} color */
export function seatName(g, color) {
  const rating = ratingText(g.ratings?.[color]);
  if (g.names?.[color]) return rating ? `${g.names[color]} (${rating})` : g.names[color];
  if (g.computer?.color === color) return `computer (level ${g.computer.level})`;
  const free = g.status === 'open' && g.creator !== color;
  return free ? 'waiting…' : 'anonymous';
}

/** @param {HTMLTableRowElement} tr @param {string} cls @param {string | Node} content */
function cell(tr, cls, content) {
  const td = document.createElement('td');
  td.className = cls;
  td.append(content);
  tr.append(td);
}

// One game of a list: players, variant, size, moves, age, clock, state, and what to do.
/** @param {ListedGame} g @param {Node} action */
function row(g, action) {
  const tr = document.createElement('tr');
  tr.dataset.game = g.id;
  const size = g.rules.board_size ? `${g.rules.board_size}×${g.rules.board_size}` : (typeof g.rules.board === 'string' ? g.rules.board : '');
  cell(tr, 'names', `${seatName(g, 'black')} (B) – ${seatName(g, 'white')} (W)`);
  cell(tr, 'variant', g.rated ? `${g.variant} · rated` : g.variant);
  cell(tr, 'size', size);
  const moves = g.moves ?? 0;
  cell(tr, 'moves', `${moves} move${moves === 1 ? '' : 's'}`);
  cell(tr, 'age', age(g.active_ms ?? g.created_ms));
  cell(tr, 'time-control', clockText(g.time_control));
  cell(tr, 'state', g.result ?? g.status);
  cell(tr, 'action', action);
  return tr;
}

/** @param {string} text @param {string} href */
function link(text, href) { const a = document.createElement('a'); a.textContent = text; a.href = href; return a; }

// Fills a list's table, or says that it is empty.
/** @param {string} list @param {HTMLTableRowElement[]} rows */
function fill(list, rows) {
  $(list).replaceChildren(...rows);
  $(list).hidden = rows.length === 0;
  $(`${list}-empty`).hidden = rows.length > 0;
}

async function refresh() {
  const resp = await fetch('/api/games').catch(() => null);
  if (!resp?.ok) return;
  const games = await resp.json();
  fill('open', games.open.map((/** @type {ListedGame} */ g) => {
    const b = document.createElement('button'); b.textContent = 'Join'; b.dataset.game = g.id;
    b.onclick = () => join(g.id);
    return row(g, b);
  }));
  fill('live', games.live.map((/** @type {ListedGame} */ g) => row(g, link('Watch', `/game/${g.id}`))));
  fill('finished', games.finished.map((/** @type {ListedGame} */ g) => row(g, link('Replay', `/replay/${g.id}`))));
}

const who = me();
$('name').value = loadName();
$('name').addEventListener('change', () => saveName($('name').value));
bindAccount(who);
bindForm(who);
bindQuickPlay(who);
showMyGames(who);
refresh();
setInterval(refresh, 5000);
// Your games less often: whose move it is is worked out by the server for each game.
setInterval(() => showMyGames(who), 20000);
