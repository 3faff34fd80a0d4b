// The browser's own list of its games: every game this browser created or took a seat in,
// kept in localStorage beside the seat tokens (state.js keeps those, unchanged), so that a
// game against the computer or a private game can be found again without an account. Each
// entry is what the game page last saw of the game; the home page lists them (my-games.js).

const KEY = 'stonefield.games';
// The oldest entries are forgotten past this many: the list is for finding games again.
const MAX_GAMES = 100;

/**
 * What this browser remembers of one of its games.
 * @typedef {object} LocalGame
 * @property {string} id
 * @property {string} [variant]
 * @property {object} [rules]
 * @property {'black' | 'white' | null} [color] this browser's seat
 * @property {string} [status] 'open', 'live' or 'finished'
 * @property {string | null} [result]
 * @property {'black' | 'white'} [to_move]
 * @property {Partial<Record<'black' | 'white', string | null>>} [names]
 * @property {{ color: string, level: number } | null} [computer]
 * @property {number} [moves]
 * @property {number} updated_ms last time this browser saw the game change
 */

/** @returns {Record<string, LocalGame>} */
function readAll() {
  try {
    const all = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return all && typeof all === 'object' && !Array.isArray(all) ? all : {};
  } catch {
    return {};
  }
}

/** @param {Record<string, LocalGame>} all */
function writeAll(all) {
  const kept = Object.values(all).sort((a, b) => b.updated_ms - a.updated_ms).slice(0, MAX_GAMES);
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(kept.map((g) => [g.id, g]))));
  } catch {
    // A full or refused storage loses the list, never the game.
  }
}

// Adds the game (or merges what is newly known of it), touching its time.
/** @param {string} id @param {Partial<LocalGame>} [info] */
export function rememberGame(id, info = {}) {
  const all = readAll();
  all[id] = { ...all[id], ...info, id, updated_ms: Date.now() };
  writeAll(all);
}

// Folds a state from the server into the game's entry, if this browser holds a seat in it
// (a game only watched is not "mine"). Writes only when something listed changed.
/** @param {import('./types.js').GameState} g */
export function noteState(g) {
  if (!g.you) return;
  const all = readAll();
  const old = all[g.id];
  const next = {
    variant: g.variant, rules: g.rules, color: g.you, status: g.status, result: g.result ?? null,
    to_move: g.to_move, names: g.names ?? {}, computer: g.computer ? { color: g.computer.color, level: g.computer.level } : null,
    moves: g.moves.length,
  };
  const same = old && Object.entries(next).every(([k, v]) => JSON.stringify(/** @type {any} */ (old)[k]) === JSON.stringify(v));
  if (same) return;
  rememberGame(g.id, next);
}

// The remembered games, the most recently changed first.
/** @returns {LocalGame[]} */
export function localGames() {
  return Object.values(readAll()).filter((g) => g && typeof g.id === 'string').sort((a, b) => b.updated_ms - a.updated_ms);
}
