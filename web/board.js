// Pure geometry of the drawing: board units to SVG, the view box with zoom and pan, and
// where a pointer lands. Grid boards use integer points; other boards real coordinates.

export function geometry(board, rules) {
  if (board.kind === 'grid') {
    const n = board.size;
    return { grid: true, size: n, radius: 0.48, bounds: { x: -1, y: -1, w: n + 1, h: n + 1 }, polygon: null, stars: board.star_points ?? [] };
  }
  const polygon = board.polygon ?? [[0, 0], [13, 0], [13, 13], [0, 13]];
  const xs = polygon.map((p) => p[0]); const ys = polygon.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const m = 0.6;
  return { grid: false, radius: rules?.stone_radius ?? 0.5, polygon, bounds: { x: x0 - m, y: y0 - m, w: x1 - x0 + 2 * m, h: y1 - y0 + 2 * m }, stars: [] };
}

// The visible rectangle after zooming by `zoom` (>= 1) around a centre.
export function viewBox(geo, view) {
  const b = geo.bounds;
  const w = b.w / view.zoom; const h = b.h / view.zoom;
  const cx = Math.min(Math.max(view.cx ?? b.x + b.w / 2, b.x + w / 2), b.x + b.w - w / 2);
  const cy = Math.min(Math.max(view.cy ?? b.y + b.h / 2, b.y + h / 2), b.y + b.h - h / 2);
  return { x: cx - w / 2, y: cy - h / 2, w, h };
}

// The board point a pointer at board coordinates (x, y) means: the nearest intersection on
// a grid (or null off the board), the raw position elsewhere.
export function pointAt(geo, x, y) {
  if (!geo.grid) return [x, y];
  const p = [Math.round(x), Math.round(y)];
  return p[0] < 0 || p[1] < 0 || p[0] >= geo.size || p[1] >= geo.size ? null : p;
}

// The stone nearest to (x, y) within one stone radius, for marking dead groups.
export function stoneAt(geo, stones, x, y) {
  let best = null; let dist = geo.grid ? 0.5 : geo.radius;
  for (const s of stones) {
    const d = Math.hypot(s[0] - x, s[1] - y);
    if (d <= dist) { best = s; dist = d; }
  }
  return best;
}

export const COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';
