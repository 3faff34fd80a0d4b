// Draws Topological Go's display state over the grid: enclosed regions shaded by who
// encloses them, each tree's links, the longest tree of each player highlighted, closed
// points crossed. All of it comes from the server's `display`.
import { f, key } from './svg.js';

/** @type {Record<string, string>} */
const TINT = { black: 'rgba(20,20,20,0.18)', white: 'rgba(255,255,255,0.45)' };
/** @type {Record<string, string>} */
const LINK = { black: '#333', white: '#fff' };
// Each player's longest tree in a colour of its own (not orange for both): blue for Black,
// orange for White, as the help's picture shows.
/** @type {Record<string, string>} */
export const TREE = { black: '#1f6fbf', white: '#d9822b' };

/** @param {number[][]} tree @param {string} color @param {string} cls */
function links(tree, color, cls) {
  const at = new Set(tree.map(key)); const out = [];
  for (const [x, y] of tree) {
    for (const [nx, ny] of [[x + 1, y], [x, y + 1]]) {
      if (at.has(`${nx},${ny}`)) out.push(`<line x1="${x}" y1="${y}" x2="${nx}" y2="${ny}"/>`);
    }
  }
  const w = cls === 'longest' ? 0.3 : 0.14;
  return `<g class="tree ${cls} ${color}" stroke="${cls === 'longest' ? TREE[color] : LINK[color]}" stroke-width="${w}" stroke-linecap="round">${out.join('')}</g>`;
}

// Below the stones: shaded regions and tree links.
/** @param {{ view: import('./types.js').GameView }} g */
export function topoUnder(g) {
  const d = g.view.display ?? {}; const parts = [];
  for (const c of ['black', 'white']) {
    for (const [x, y] of d.enclosed?.[c] ?? []) parts.push(`<rect class="enclosed ${c}" x="${f(x - 0.5)}" y="${f(y - 0.5)}" width="1" height="1" fill="${TINT[c]}"/>`);
  }
  for (const c of ['black', 'white']) {
    for (const t of d.trees?.[c] ?? []) parts.push(links(t, c, 'tree-links'));
    if (d.longest_tree?.[c]?.length) parts.push(links(d.longest_tree[c], c, 'longest'));
  }
  return parts.join('');
}

// Above the stones: closed points, a ring on each stone of a longest tree, and a small
// diamond on each reserve stone (in the colour that shows on its stone).
/** @param {{ view: import('./types.js').GameView }} g */
export function topoOver(g) {
  const d = g.view.display ?? {}; const parts = [];
  const colorAt = new Map((g.view.stones ?? []).map((s) => [key(s), s[s.length - 1]]));
  for (const [x, y] of d.reserve_stones ?? []) {
    const ink = colorAt.get(`${x},${y}`) === 'black' ? '#eee' : '#222';
    parts.push(`<path class="reserve-mark" d="M${f(x)},${f(y - 0.16)}l0.16,0.16l-0.16,0.16l-0.16,-0.16z" fill="${ink}"><title>reserve stone</title></path>`);
  }
  for (const [x, y] of d.closed ?? []) parts.push(`<path class="closed" d="M${f(x - 0.15)},${f(y - 0.15)}l0.3,0.3m0,-0.3l-0.3,0.3" stroke="#a00" stroke-width="0.05"/>`);
  for (const c of ['black', 'white']) {
    for (const [x, y] of d.longest_tree?.[c] ?? []) parts.push(`<circle class="longest-ring ${c}" cx="${x}" cy="${y}" r="0.3" fill="none" stroke="${TREE[c]}" stroke-width="0.06"/>`);
  }
  return parts.join('');
}

/** @param {{ view: import('./types.js').GameView }} g */
export function topoInfo(g) {
  const d = g.view.display ?? {};
  const r = d.reserve_left ?? {}; const n = d.normal_left ?? {};
  const len = (/** @type {string} */ c) => d.longest_tree?.[c]?.length ?? 0;
  return `Longest tree B ${len('black')} · W ${len('white')} · reserve left B ${r.black ?? 0} · W ${r.white ?? 0} · normal left B ${n.black ?? 0} · W ${n.white ?? 0}`;
}
