// The count as the server sends it (the state's `count`): each player's score item by item,
// the sentences that explain the end, the territory marks on the board, and the one number
// format that every score and the result share. No rules here: every number and every
// owned point comes from the server.
import { f } from './svg.js';

// A score as results are written: rounded to 0.01, without trailing zeros (81, 35.5, 7.47).
/** @param {number} v */
export const fmtScore = (v) => String(Math.round(v * 100) / 100);

/** @type {Record<string, string>} */
const ITEM_NAMES = {
  stones: 'stones on the board',
  territory: 'territory',
  prisoners: 'prisoners',
  dead: 'dead stones taken',
  komi: 'komi',
  area: 'area (Voronoi cells)',
  balls: 'balls in play',
  longest_tree: 'longest tree',
  black_bonus: 'bonus for Black',
};

/** @type {Record<string, string>} */
const KIND_NAMES = {
  area: 'Area count: living stones plus surrounded points, dead stones removed.',
  territory: 'Territory count: surrounded points plus prisoners, dead stones taken as prisoners.',
  voronoi: 'Area count: the Voronoi cells of the living stones, in stone squares, dead stones removed.',
  balls: 'Ball count: balls in play, zombies included.',
  trees: 'Tree count: the longest tree of each player, plus 1 for Black. A player who has not placed all reserve stones by the end loses, whatever the trees.',
};

/** @type {Record<string, string>} */
const NAME = { black: 'Black', white: 'White' };

// The rows of the count table: [label, black, white], the total last.
/** @param {import('./types.js').Count} count */
export function countRows(count) {
  const rows = count.items.map((i) => [ITEM_NAMES[i.name] ?? i.name, fmtScore(i.black), fmtScore(i.white)]);
  rows.push(['total', fmtScore(count.total.black), fmtScore(count.total.white)]);
  return rows;
}

// Sentences under the table: what the count is, the dead stones removed, and how a MarGo or
// Topological game ended.
/** @param {import('./types.js').Count} count @param {{ status: string }} game */
export function countNotes(count, game) {
  const notes = [KIND_NAMES[count.kind] ?? ''];
  const d = count.dead;
  if (d && (d.black || d.white)) notes.push(`Dead stones removed: ${d.black} black, ${d.white} white.`);
  if (count.no_move) notes.push(`${NAME[count.no_move]} has no legal move left, so the game ended and the balls were counted.`);
  const r = count.reserve_left;
  if (r && game.status === 'finished') {
    for (const c of /** @type {const} */ (['black', 'white'])) if (r[c]) notes.push(`${NAME[c]} did not place every reserve stone (${r[c]} left).`);
  }
  if (count.forfeit) notes.push(`A player who does not place all reserve stones loses: ${NAME[count.forfeit]} loses whatever the trees.`);
  return notes.filter(Boolean);
}

// How the game ended, for a result that no count explains.
/** @param {string | null | undefined} result */
export function resultWhy(result) {
  const m = /^([BW])\+([RT])$/.exec(result ?? '');
  if (!m) return '';
  const loser = m[1] === 'B' ? 'White' : 'Black';
  return m[2] === 'R' ? `${loser} resigned.` : `${loser} ran out of time.`;
}

// Classic Go's territory marks: a small square of the owner's colour on each point the
// count gives a player (surrounded empty points and dead stones).
/** @param {{ count?: import('./types.js').Count | null }} g */
export function territoryMarks(g) {
  const owned = g.count?.owned;
  if (!owned?.length) return '';
  /** @type {Record<string, string>} */
  const fill = { black: '#111', white: '#f8f8f8' };
  return owned.map(([x, y, c]) => `<rect class="territory-mark ${c}" x="${f(x - 0.16)}" y="${f(y - 0.16)}" width="0.32" height="0.32" fill="${fill[c]}" stroke="#555" stroke-width="0.02"/>`).join('');
}

// The count table's body rows (label, Black, White; the total last, with class `total`),
// as the game and replay pages show them.
/** @param {import('./types.js').Count} count */
export function countTableRows(count) {
  return countRows(count).map(([label, black, white], i, all) => {
    const tr = document.createElement('tr');
    if (i === all.length - 1) tr.className = 'total';
    for (const [text, color] of [[label, ''], [black, 'black'], [white, 'white']]) {
      const td = document.createElement(color ? 'td' : 'th');
      td.textContent = text;
      if (color) td.dataset.color = color;
      tr.append(td);
    }
    return tr;
  });
}
