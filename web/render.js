// Draws the state as SVG: board, coordinates, stones, last-move mark, dead marks, the
// variant's display layers (MarGo, Topological Go, continuous Go's territory and atari)
// and the server's preview under the pointer. Called once per animation frame at most.
import { viewBox, COLUMNS, planOf, ballRadius } from './board.js';
import { f, stone, STONE_SHADES } from './svg.js';
import { pyramidBoard, pyramidBalls, pyramidPlayable, ballShades } from './pyramid.js';
import { myTurn, hintMove } from './state.js';
import { topoUnder, topoOver } from './topo.js';
import { territoryMarks } from './count.js';

/** @typedef {import('./board.js').Geometry} Geometry */
/** @typedef {import('./types.js').GameState} GameState */
/**
 * What a drawing of the board reads: the game's page state, or the replay's frame.
 * @typedef {{ game: DrawnGame, preview: import('./state.js').PageState['preview'], territory: boolean, suggestion?: import('./types.js').Suggestion, pending?: number[] | null }} BoardState
 */
/** @typedef {Pick<GameState, 'offers' | 'view' | 'you' | 'to_move' | 'phase' | 'status' | 'count'>} DrawnGame */

/** @param {import('./board.js').GridGeometry} geo */
function gridLines(geo) {
  const n = geo.size; const parts = [];
  for (let i = 0; i < n; i++) {
    parts.push(`<line x1="0" y1="${i}" x2="${n - 1}" y2="${i}"/><line x1="${i}" y1="0" x2="${i}" y2="${n - 1}"/>`);
  }
  const stars = geo.stars.map(([x, y]) => `<circle cx="${x}" cy="${y}" r="0.1" fill="#000"/>`).join('');
  const labels = [];
  for (let i = 0; i < n; i++) {
    labels.push(`<text x="${i}" y="-0.55">${COLUMNS[i]}</text><text x="${i}" y="${n - 0.2}">${COLUMNS[i]}</text>`);
    labels.push(`<text x="-0.6" y="${i + 0.15}">${n - i}</text><text x="${n - 0.4}" y="${i + 0.15}">${n - i}</text>`);
  }
  return `<g stroke="#000" stroke-width="0.03">${parts.join('')}</g>${stars}<g font-size="0.38" text-anchor="middle" fill="#333">${labels.join('')}</g>`;
}

// MarGo's coordinates, the book's: columns A.. and rows 1.. from the bottom on a grid of half
// steps (a ball of level k sits between the holes of level 0), as the move list names moves.
/** @param {import('./board.js').PyramidGeometry} geo */
function pyramidLabels(geo) {
  const n = geo.size; const cells = 2 * n - 1; const labels = [];
  for (let c = 0; c < cells; c++) {
    const v = c / 2; const letter = String.fromCharCode(65 + c); const row = cells - c;
    labels.push(`<text x="${f(v)}" y="-0.72">${letter}</text><text x="${f(v)}" y="${f(n - 0.12)}">${letter}</text>`);
    labels.push(`<text x="-0.8" y="${f(v + 0.08)}">${row}</text><text x="${f(n - 0.2)}" y="${f(v + 0.08)}">${row}</text>`);
  }
  return `<g class="coords" font-size="0.24" text-anchor="middle" fill="#333">${labels.join('')}</g>`;
}

// The hint on the board: a dashed ring at the suggested point with its name beside it, in a
// colour no stone has; continuous Go's ring is the size of a stone, so a click on it plays.
/** @param {BoardState} st @param {Geometry} geo */
function hintMark(st, geo) {
  const mv = hintMove(st.suggestion ?? null);
  if (!mv?.at) return '';
  const [x, y] = planOf(mv.at);
  const r = geo.kind === 'pyramid' ? ballRadius(Number(mv.at[2])) : flatRadius(st.game, geo);
  const sg = /** @type {{ notation?: string | null }} */ (st.suggestion);
  const name = sg.notation ?? '';
  // The name above and to the right, small enough to leave the neighbours' points in sight.
  const label = name ? `<text x="${f(x + r * 0.75)}" y="${f(y - r * 0.85)}" font-size="${f(Math.max(0.26, r * 0.6))}" text-anchor="start" fill="#6a1b9a" stroke="#fff" stroke-width="0.06" paint-order="stroke" font-weight="bold">${name.replace(/[<&]/g, '')}</text>` : '';
  return `<g class="hint-mark" data-at="${mv.at.join(',')}"><circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="rgba(106,27,154,0.18)" stroke="#6a1b9a" stroke-width="${f(Math.max(0.06, r * 0.14))}" stroke-dasharray="${f(r * 0.35)} ${f(r * 0.2)}"/><circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.18)}" fill="#6a1b9a"/>${label}</g>`;
}

/** @param {import('./board.js').PolygonGeometry} geo */
function polygonBoard(geo) {
  const pts = geo.polygon.map((p) => p.join(',')).join(' ');
  return `<polygon points="${pts}" fill="#e3c27a" stroke="#000" stroke-width="0.05"/>`;
}

// Continuous Go's territory: each stone's Voronoi cell from the server, tinted by its
// owner and clipped to the board. Once play has stopped, the count's cells: those of the
// living stones only, recomputed by the server without the stones marked dead.
/** @param {BoardState} st @param {import('./board.js').PolygonGeometry} geo */
function territory(st, geo) {
  const counted = st.game.count?.cells;
  /** @type {{ color: string, polygon: number[][] }[] | undefined} */
  const cells = counted ?? st.game.view.display?.cells;
  if (!st.territory || !cells?.length) return '';
  const pts = geo.polygon.map((p) => p.join(',')).join(' ');
  /** @type {Record<string, string>} */
  const tint = { black: 'rgba(0,0,0,0.22)', white: 'rgba(255,255,255,0.45)' };
  const polys = cells.map((c) => `<polygon class="cell ${c.color}" points="${c.polygon.map((p) => p.map(f).join(',')).join(' ')}" fill="${tint[c.color]}" stroke="rgba(0,0,0,0.15)" stroke-width="0.02"/>`).join('');
  return `<clipPath id="board-clip"><polygon points="${pts}"/></clipPath><g clip-path="url(#board-clip)" class="territory${counted ? ' counted' : ''}">${polys}</g>`;
}

// Continuous Go's groups down to their last liberty (the server's `atari`): each stone
// ringed, dashed, so the threat shows before the capture; in play and in replays.
/** @param {DrawnGame} g @param {Geometry} geo */
function atariRings(g, geo) {
  /** @type {{ stones: number[][] }[] | undefined} */
  const groups = g.view.display?.atari;
  if (!['playing', 'replay'].includes(g.phase) || !groups?.length) return '';
  const ring = (/** @type {number[]} */ s) => `<circle class="atari" data-x="${s[0]}" data-y="${s[1]}" cx="${f(s[0])}" cy="${f(s[1])}" r="${f(geo.radius * 1.12)}" fill="none" stroke="#e65c00" stroke-width="${f(geo.radius * 0.12)}" stroke-dasharray="${f(geo.radius * 0.3)} ${f(geo.radius * 0.18)}"><title>one liberty left</title></circle>`;
  return groups.flatMap((a) => a.stones.map(ring)).join('');
}

// The previewed point: a faint stone marked legal or not, crossed out when not, and the
// stones it would capture ringed. Grid boards show only legal points.
/** @param {BoardState} st @param {Geometry} geo */
function overlay(st, geo) {
  const g = st.game; const pv = st.preview;
  if (!pv) return '';
  const p = pv.result;
  const ok = p.legal === true;
  if (geo.grid && !ok) return '';
  const parts = [];
  const at = p.at ?? pv.request.at ?? pv.request.request;
  // Continuous Go snaps a click to a legal point: a line from the pointer to the point
  // the click would land on shows where that is before the click.
  const pointer = pv.request.request;
  if (pointer && p.at && Math.hypot(pointer[0] - p.at[0], pointer[1] - p.at[1]) > 0.02) {
    parts.push(`<line class="snap-line" x1="${f(pointer[0])}" y1="${f(pointer[1])}" x2="${f(p.at[0])}" y2="${f(p.at[1])}" stroke="${ok ? '#1565c0' : '#c00'}" stroke-width="0.05" stroke-dasharray="0.12 0.08"/>`);
    parts.push(`<circle class="pointer" cx="${f(pointer[0])}" cy="${f(pointer[1])}" r="0.07" fill="${ok ? '#1565c0' : '#c00'}"/>`);
  }
  if (at) {
    const [x, y] = planOf(at);
    const r = geo.kind === 'pyramid' ? ballRadius(Number(at[2])) : flatRadius(g, geo);
    parts.push(stone(x, y, r, g.you ?? g.to_move, `opacity="${p.at ? 0.6 : 0.25}" data-legal="${ok}" data-at="${at.join(',')}"`, 'ghost'));
    // An outline in a colour that shows on both stones and board.
    // A tapped point waiting for its second tap: ringed, since the finger hid it.
    if (ok && st.pending) parts.push(`<circle class="pending-ring" cx="${f(x)}" cy="${f(y)}" r="${f(r * 1.35)}" fill="none" stroke="#1565c0" stroke-width="${f(r * 0.18)}"/>`);
    if (ok && !geo.grid) parts.push(`<circle class="ghost-ring" cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="none" stroke="#1565c0" stroke-width="0.05"/>`);
    if (!ok) parts.push(`<text x="${f(x)}" y="${f(y + 0.2)}" font-size="0.6" text-anchor="middle" fill="#c00">×</text>`);
  }
  for (const c of p.captured ?? []) {
    const [x, y] = planOf(c);
    parts.push(`<circle class="would-capture" cx="${f(x)}" cy="${f(y)}" r="${f(geo.radius * 0.5)}" fill="none" stroke="#c00" stroke-width="0.08"/>`);
  }
  return parts.join('');
}

// Where trees are drawn (Topological Go) stones are smaller, so the links between them show.
/** @param {DrawnGame} g @param {Geometry} geo */
const flatRadius = (g, geo) => (g.offers?.trees ? 0.34 : geo.radius);

/** @param {DrawnGame} g @param {Geometry} geo */
function flatStones(g, geo) {
  const dead = new Set((g.view.dead ?? []).map((s) => `${s[0]},${s[1]}`));
  return g.view.stones.map((s) => {
    const isDead = dead.has(`${s[0]},${s[1]}`);
    const mark = isDead ? `<path d="M${f(s[0] - 0.25)},${f(s[1] - 0.25)}l0.5,0.5m0,-0.5l-0.5,0.5" stroke="#c00" stroke-width="0.08"/>` : '';
    return stone(s[0], s[1], flatRadius(g, geo), s[s.length - 1], `data-x="${s[0]}" data-y="${s[1]}"${isDead ? ' opacity="0.5"' : ''}`) + mark;
  }).join('');
}

/**
 * @param {SVGSVGElement} svg @param {BoardState} st @param {Geometry} geo
 * @param {import('./board.js').Zoom} view
 */
export function render(svg, st, geo, view) {
  const g = st.game;
  if (!g) return;
  const vb = viewBox(geo, view);
  svg.setAttribute('viewBox', `${f(vb.x)} ${f(vb.y)} ${f(vb.w)} ${f(vb.h)}`);
  const trees = !!g.offers?.trees;
  let body;
  if (geo.kind === 'pyramid') body = ballShades(geo.size) + pyramidBoard(geo) + pyramidLabels(geo) + pyramidBalls(g) + (myTurn(st) ? pyramidPlayable(g) : '');
  else body = (geo.grid ? gridLines(geo) : polygonBoard(geo) + territory(st, geo)) + (trees ? topoUnder(g) : '') + flatStones(g, geo) + (geo.grid ? territoryMarks(g) : '') + (trees ? topoOver(g) : '') + atariRings(g, geo);
  const last = g.view.last;
  let lastMark = '';
  if (last) {
    const [x, y] = planOf(last);
    lastMark = `<circle cx="${f(x)}" cy="${f(y)}" r="${f(geo.radius * 0.4)}" fill="none" stroke="#d33" stroke-width="0.07" class="last"/>`;
  }
  svg.innerHTML = STONE_SHADES + body + lastMark + hintMark(st, geo) + overlay(st, geo);
}
