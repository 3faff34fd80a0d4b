// Small SVG text builders shared by the board drawings.

export const f = (v) => Number(v.toFixed(3));

// A stone (or ball) of `color` at (x, y); `attrs` adds attributes, `cls` extra classes.
export function stone(x, y, r, color, attrs = '', cls = 'stone') {
  return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" class="${cls} ${color}" fill="${color === 'black' ? '#111' : '#f8f8f8'}" stroke="#000" stroke-width="0.03" ${attrs}/>`;
}

export const key = (p) => p.slice(0, p.length).filter((v) => typeof v === 'number').join(',');
