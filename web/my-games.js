// "Your games" on the home page: the games in play first (those waiting for your move at
// the top), then the finished ones, newest first. A signed-in player's come from the store
// (GET /api/me/games); the games this browser played without an account come from its own
// list (local-games.js), so a game against the computer or a private one is found again.
import { localGames } from './local-games.js';
import { ratingText } from './account.js';
import { age } from './format.js';
import { $ } from './dom.js';

/**
 * A game as this list shows it, from either source.
 * @typedef {object} MyGame
 * @property {string} id
 * @property {string} [variant]
 * @property {any} [rules]
 * @property {'black' | 'white' | null} [color]
 * @property {string} [status]
 * @property {string | null} [result]
 * @property {boolean} yourTurn
 * @property {boolean} turnKnown whether `yourTurn` was worked out (else: "in play")
 * @property {Partial<Record<string, string | null>>} [names]
 * @property {Partial<Record<string, any>>} [ratings]
 * @property {{ color: string, level: number } | null} [computer]
 * @property {boolean} [rated]
 * @property {number} when last activity, ms since the epoch
 */

/** @type {Record<string, string>} */
const VARIANT = { classic: 'Classic', continuous: 'Continuous', margo: 'MarGo', topological: 'Topological' };
// How many games the list shows.
const SHOWN = 20;

// The board in a few words: "9×9", "square-9".
/** @param {any} rules */
export function boardText(rules) {
  if (!rules) return '';
  if (typeof rules.board_size === 'number') return `${rules.board_size}×${rules.board_size}`;
  return typeof rules.board === 'string' ? rules.board : '';
}

/** @param {any} g a row of GET /api/me/games @returns {MyGame} */
function fromAccount(g) {
  return {
    id: g.id, variant: g.variant, rules: g.rules, color: g.color, status: g.status, result: g.result ?? null,
    yourTurn: !!g.your_turn, turnKnown: true, names: g.names, ratings: g.ratings, computer: g.computer, rated: !!g.rated,
    when: g.updated_ms ?? g.active_ms ?? g.created_ms ?? 0,
  };
}

// What this browser last saw of a game may be older than its last move: the computer
// answers within a second or so, so its turn then is counted as yours.
/** @param {import('./local-games.js').LocalGame} g @returns {MyGame} */
export function fromBrowser(g) {
  const next = g.to_move && g.to_move === g.computer?.color ? g.color : g.to_move;
  return {
    id: g.id, variant: g.variant, rules: g.rules, color: g.color ?? null, status: g.status, result: g.result ?? null,
    yourTurn: g.status === 'live' && !!g.color && next === g.color, turnKnown: !!g.to_move, names: g.names, computer: g.computer, when: g.updated_ms,
  };
}

// The order of the list: your move, then the other games in play, then the finished ones;
// newest first within each.
/** @param {MyGame[]} games */
export function ordered(games) {
  const rank = (/** @type {MyGame} */ g) => (g.status === 'finished' ? 2 : g.yourTurn ? 0 : 1);
  return [...games].sort((a, b) => rank(a) - rank(b) || b.when - a.when);
}

// The opponent as the row names them: "vs Bob", or the seat still free.
/** @param {MyGame} g */
export function opponentText(g) {
  const other = g.color === 'black' ? 'white' : 'black';
  if (g.computer && g.computer.color === other) return `vs Computer (level ${g.computer.level})`;
  const name = g.names?.[other];
  const rating = ratingText(g.ratings?.[other]);
  if (name) return rating ? `vs ${name} (${rating})` : `vs ${name}`;
  return g.status === 'open' ? 'waiting for an opponent' : 'vs anonymous';
}

// Where the game stands for this player: "your move", "their move", "won B+R", ...
/** @param {MyGame} g */
export function stateText(g) {
  if (g.status === 'finished' || g.result) {
    const r = g.result ?? '';
    const winner = r.startsWith('B+') ? 'black' : r.startsWith('W+') ? 'white' : null;
    if (!winner) return r || 'finished';
    if (!g.color) return r;
    return `${winner === g.color ? 'won' : 'lost'} ${r}`;
  }
  if (g.status === 'open') return 'waiting';
  if (g.yourTurn) return 'your move';
  return g.turnKnown ? 'their move' : 'in play';
}

/** @param {MyGame} g */
function item(g) {
  const li = document.createElement('li');
  li.dataset.game = g.id;
  li.classList.toggle('your-turn', g.yourTurn && g.status !== 'finished');
  const a = document.createElement('a');
  a.href = `/game/${g.id}`;
  const who = document.createElement('span'); who.className = 'mine-opponent';
  who.textContent = `${g.color ? `${g.color === 'black' ? '●' : '○'} ` : ''}${opponentText(g)}`;
  const what = document.createElement('span'); what.className = 'mine-variant';
  what.textContent = [VARIANT[g.variant ?? ''] ?? g.variant ?? '', boardText(g.rules), g.rated ? 'rated' : ''].filter(Boolean).join(' · ');
  const state = document.createElement('span'); state.className = 'mine-state';
  state.textContent = stateText(g);
  const when = document.createElement('span'); when.className = 'mine-age';
  when.textContent = age(g.when);
  a.append(who, state, what, when);
  li.append(a);
  return li;
}

// Draws the list once it is known who is signed in: the account's games, with this
// browser's games that the account does not hold.
/** @param {Promise<unknown>} accountKnown */
export async function showMyGames(accountKnown) {
  /** @type {MyGame[]} */
  let games = [];
  if (await accountKnown) {
    const resp = await fetch('/api/me/games').catch(() => null);
    if (resp?.ok) games = (await resp.json()).games.map(fromAccount);
  }
  const held = new Set(games.map((g) => g.id));
  games.push(...localGames().filter((g) => !held.has(g.id)).map(fromBrowser));
  const shown = ordered(games).slice(0, SHOWN);
  $('my-games').replaceChildren(...shown.map(item));
  $('my-games').hidden = shown.length === 0;
  $('my-games-empty').hidden = shown.length > 0;
}
