// The profile's rating chart as numbers: a line through the ratings after each game, in a
// box of W x H units that the page's SVG stretches to its width.

// The chart's drawing box and its margin.
export const W = 100; export const H = 40; const PAD = 3;

/** @typedef {{ at_ms: number, rating: number, game?: string }} Step */

// The chart's points, "x,y x,y ...", oldest to newest left to right, the lowest rating at
// the bottom; one point alone sits in the middle. The start (1500 before the first game)
// counts as a point when `start` is given.
/** @param {Step[]} history @param {number | null} [start] */
export function chartPoints(history, start = null) {
  const values = [...(start === null ? [] : [start]), ...history.map((s) => s.rating)];
  if (values.length === 0) return '';
  const lo = Math.min(...values); const hi = Math.max(...values);
  const span = hi - lo || 1;
  const x = (/** @type {number} */ i) => (values.length === 1 ? W / 2 : PAD + (i * (W - 2 * PAD)) / (values.length - 1));
  const y = (/** @type {number} */ v) => (hi === lo ? H / 2 : H - PAD - ((v - lo) * (H - 2 * PAD)) / span);
  return values.map((v, i) => `${round(x(i))},${round(y(v))}`).join(' ');
}

const round = (/** @type {number} */ v) => Math.round(v * 10) / 10;
