// Small SVG text builders shared by the board drawings.

/** @param {number} v */
export const f = (v) => Number(v.toFixed(3));

// The shading of stones, lit from the upper left: drawn once per board, used by `stone`.
export const STONE_SHADES = '<defs>'
  + '<radialGradient id="stone-black" cx="0.38" cy="0.35" r="0.65"><stop offset="0" stop-color="#6b6b6b"/><stop offset="0.45" stop-color="#262626"/><stop offset="1" stop-color="#050505"/></radialGradient>'
  + '<radialGradient id="stone-white" cx="0.38" cy="0.35" r="0.7"><stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="#f1efe9"/><stop offset="1" stop-color="#c9c5bc"/></radialGradient>'
  + '</defs>';

// A stone (or ball) of `color` at (x, y); `attrs` adds attributes, `cls` extra classes.
/** @param {number} x @param {number} y @param {number} r @param {string} color @param {string} [attrs] @param {string} [cls] */
export function stone(x, y, r, color, attrs = '', cls = 'stone') {
  const edge = color === 'black' ? '#000' : '#8a857c';
  return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" class="${cls} ${color}" fill="url(#stone-${color === 'black' ? 'black' : 'white'})" stroke="${edge}" stroke-width="0.03" ${attrs}/>`;
}

/** @param {any[]} p */
export const key = (p) => p.slice(0, p.length).filter((/** @type {unknown} */ v) => typeof v === 'number').join(',');
