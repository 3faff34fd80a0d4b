// Pure geometry of the drawing: board units to SVG, the view box with zoom and pan, and
// where a pointer lands. Grid boards use integer points; other boards real coordinates.

/**
 * How a board is drawn, worked out once per state from the view's board: `grid` when
 * points are whole numbers on a grid, `radius` a stone's in board units, `bounds` the
 * whole board's view box.
 * @typedef {{ radius: number, bounds: { x: number, y: number, w: number, h: number }, stars: number[][] }} Common
 * @typedef {Common & { kind: 'grid', grid: true, size: number, polygon: null }} GridGeometry
 * @typedef {Common & { kind: 'pyramid', grid: false, size: number, levels: number, polygon: null }} PyramidGeometry
 * @typedef {Common & { kind: 'polygon', grid: false, polygon: number[][] }} PolygonGeometry
 * @typedef {GridGeometry | PyramidGeometry | PolygonGeometry} Geometry
 */
/** @typedef {{ zoom: number, cx: number | null, cy: number | null }} Zoom */
/** @typedef {import('./types.js').Point} Point */

/**
 * @param {import('./types.js').BoardSpec} board
 * @param {{ stone_radius?: number }} [rules]
 * @returns {Geometry}
 */
export function geometry(board, rules) {
  if (board.kind === 'grid') {
    const n = board.size;
    return { kind: 'grid', grid: true, size: n, radius: 0.48, bounds: { x: -1, y: -1, w: n + 1, h: n + 1 }, polygon: null, stars: board.star_points ?? [] };
  }
  if (board.kind === 'pyramid') {
    // MarGo: level l has (n - l) x (n - l) points, each over the middle of four below.
    const n = board.size;
    return { kind: 'pyramid', grid: false, size: n, levels: board.levels ?? n, radius: 0.5, bounds: { x: -1, y: -1, w: n + 1, h: n + 1 }, polygon: null, stars: [] };
  }
  const polygon = board.polygon ?? [[0, 0], [13, 0], [13, 13], [0, 13]];
  const xs = polygon.map((p) => p[0]); const ys = polygon.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const m = 0.6;
  return { kind: 'polygon', grid: false, radius: rules?.stone_radius ?? 0.5, polygon, bounds: { x: x0 - m, y: y0 - m, w: x1 - x0 + 2 * m, h: y1 - y0 + 2 * m }, stars: [] };
}

// The visible rectangle after zooming by `zoom` (>= 1) around a centre.
/** @param {Geometry} geo @param {Zoom} view */
export function viewBox(geo, view) {
  const b = geo.bounds;
  const w = b.w / view.zoom; const h = b.h / view.zoom;
  const cx = Math.min(Math.max(view.cx ?? b.x + b.w / 2, b.x + w / 2), b.x + b.w - w / 2);
  const cy = Math.min(Math.max(view.cy ?? b.y + b.h / 2, b.y + h / 2), b.y + b.h - h / 2);
  return { x: cx - w / 2, y: cy - h / 2, w, h };
}

// The view after zooming by `factor` (1x to 8x) about board point `at`, which stays where
// it is on the screen: under the wheel's pointer or between the pinching fingers.
/**
 * @param {Geometry} geo @param {Zoom} view @param {number} factor @param {number[] | null} at
 * @returns {Zoom}
 */
export function zoomed(geo, view, factor, at) {
  const zoom = Math.min(8, Math.max(1, view.zoom * factor));
  if (zoom === 1) return { zoom, cx: null, cy: null };
  if (!at || !geo) return { ...view, zoom };
  const vb = viewBox(geo, view);
  const k = view.zoom / zoom;
  return { zoom, cx: at[0] + (vb.x + vb.w / 2 - at[0]) * k, cy: at[1] + (vb.y + vb.h / 2 - at[1]) * k };
}

// The board point a pointer at board coordinates (x, y) means: the nearest intersection on
// a grid (or null off the board), the raw position elsewhere.
/** @param {Geometry} geo @param {number} x @param {number} y @returns {number[] | null} */
export function pointAt(geo, x, y) {
  if (!geo.grid) return [x, y];
  const p = [Math.round(x), Math.round(y)];
  return p[0] < 0 || p[1] < 0 || p[0] >= geo.size || p[1] >= geo.size ? null : p;
}

// Where a MarGo ball [x, y, level] is seen from above (a stone's colour may follow).
/** @param {Point | import('./types.js').Stone} p @returns {number[]} */
export function planOf(p) { return p.length > 3 || (p.length === 3 && typeof p[2] === 'number') ? [p[0] + p[2] / 2, p[1] + p[2] / 2] : [p[0], p[1]]; }

// The points a pointer at (x, y) may mean, highest first: on a pyramid one per level
// whose ball would lie under the pointer; elsewhere the single `pointAt`.
/** @param {Geometry} geo @param {number} x @param {number} y @returns {number[][]} */
export function candidatesAt(geo, x, y) {
  if (geo.kind !== 'pyramid') { const p = pointAt(geo, x, y); return p ? [p] : []; }
  const out = [];
  for (let l = geo.levels - 1; l >= 0; l--) {
    const px = Math.round(x - l / 2); const py = Math.round(y - l / 2);
    const inside = px >= 0 && py >= 0 && px < geo.size - l && py < geo.size - l;
    if (inside && Math.hypot(px + l / 2 - x, py + l / 2 - y) <= 0.56) out.push([px, py, l]);
  }
  return out;
}

// The stone nearest to (x, y) within one stone radius, for marking dead groups.
/** @param {Geometry} geo @param {import('./types.js').Stone[]} stones @param {number} x @param {number} y */
export function stoneAt(geo, stones, x, y) {
  /** @type {import('./types.js').Stone | null} */
  let best = null;
  let dist = geo.grid ? 0.5 : geo.radius;
  for (const s of stones) {
    const [sx, sy] = planOf(s);
    const d = Math.hypot(sx - x, sy - y);
    if (d <= dist) { best = s; dist = d; }
  }
  return best;
}

// A MarGo ball's radius seen from above: higher levels a little smaller, so stacks read.
/** @param {number} level */
export const ballRadius = (level) => 0.48 - level * 0.035;

export const COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
