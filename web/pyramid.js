// Draws a MarGo pyramid board from the server's view: holes of the bottom level, balls
// bottom-up (upper levels smaller and shaded lighter so stacks read), buried balls faint,
// zombies ringed, cut contacts crossed, playable upper points ringed. No rules here: all
// of it comes from the view's `display` and `playable`.
import { f, key } from './svg.js';
import { planOf, ballRadius } from './board.js';

// The base colour of a ball: higher levels lighter (black) or darker (white), so that a
// stack reads from above.
/** @param {string} color @param {number} level */
const baseLight = (color, level) => (color === 'black' ? 8 + level * 12 : 97 - level * 9);

// A marble's shading per colour and level, lit from the upper left like the stones.
/** @param {string} color @param {number} level */
function ballShade(color, level) {
  const l = baseLight(color, level);
  const hue = color === 'black' ? 'hsl(0,0%,' : 'hsl(40,20%,';
  const stop = (/** @type {number} */ offset, /** @type {number} */ light) => `<stop offset="${offset}" stop-color="${hue}${Math.max(0, Math.min(100, light))}%)"/>`;
  return `<radialGradient id="ball-${color}-${level}" cx="0.38" cy="0.35" r="0.7">${stop(0, l + 30)}${stop(0.5, l)}${stop(1, l - 12)}</radialGradient>`;
}

// Balls of higher levels are drawn a little smaller and in their level's shade.
/** @param {import('./types.js').Stone} s @param {number} level @param {string} attrs */
function ball(s, level, attrs) {
  const [x, y] = planOf(s);
  const color = s[s.length - 1];
  const r = ballRadius(level);
  return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" class="stone ball ${color}" fill="url(#ball-${color}-${level})" stroke="${level ? '#555' : '#000'}" stroke-width="0.03" data-level="${level}" ${attrs}/>`;
}

// The shades of every level of a board of side `size`, drawn once per board.
/** @param {number} size */
export function ballShades(size) {
  const defs = [];
  for (let level = 0; level < size; level++) for (const c of ['black', 'white']) defs.push(ballShade(c, level));
  return `<defs>${defs.join('')}</defs>`;
}

/** @param {import('./board.js').PyramidGeometry} geo */
export function pyramidBoard(geo) {
  const n = geo.size; const holes = [];
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) holes.push(`<circle cx="${x}" cy="${y}" r="0.12" fill="#9a7a3a"/>`);
  return `<rect x="-0.6" y="-0.6" width="${n + 0.2}" height="${n + 0.2}" rx="0.3" fill="#e3c27a" stroke="#000" stroke-width="0.05"/>${holes.join('')}`;
}

/** @param {{ view: import('./types.js').GameView }} g */
export function pyramidBalls(g) {
  const d = g.view.display ?? {};
  const buried = new Set((d.buried ?? []).map(key));
  const zombies = new Set((d.zombies ?? []).map(key));
  const balls = [...g.view.stones].sort((a, b) => a[2] - b[2] || a[1] - b[1] || a[0] - b[0]);
  const parts = balls.map((s) => {
    const k = key(s); const [x, y] = planOf(s);
    const attrs = `data-at="${k}"${buried.has(k) ? ' opacity="0.35" data-buried="true"' : ''}`;
    const z = zombies.has(k) ? `<circle cx="${f(x)}" cy="${f(y)}" r="0.3" fill="none" stroke="#c00" stroke-width="0.06" stroke-dasharray="0.1 0.07" class="zombie"/>` : '';
    return ball(s, s[2], attrs) + z;
  });
  for (const [a, b] of d.cut_contacts ?? []) {
    const [ax, ay] = planOf(a); const [bx, by] = planOf(b);
    const [mx, my] = [(ax + bx) / 2, (ay + by) / 2];
    parts.push(`<g class="cut" stroke="#c00" stroke-width="0.06"><line x1="${f(ax)}" y1="${f(ay)}" x2="${f(bx)}" y2="${f(by)}" stroke-dasharray="0.08 0.08"/><path d="M${f(mx - 0.12)},${f(my - 0.12)}l0.24,0.24m0,-0.24l-0.24,0.24"/></g>`);
  }
  return parts.join('');
}

// The points above the bottom level where the player to move may place a ball (the
// server's \`playable\`): from above they hide among the balls, so each gets a green ring.
/** @param {{ view: import('./types.js').GameView }} g */
export function pyramidPlayable(g) {
  return (g.view.playable ?? []).filter((p) => p[2] > 0).map((p) => {
    const [x, y] = planOf(p);
    return `<circle class="playable" data-at="${p.join(',')}" cx="${f(x)}" cy="${f(y)}" r="0.17" fill="rgba(31,158,106,0.25)" stroke="#1f9e6a" stroke-width="0.05"/>`;
  }).join('');
}

// The side panel line: balls in play per colour and the server's estimate of the count.
/** @param {{ view: import('./types.js').GameView }} g */
export function pyramidInfo(g) {
  const d = g.view.display ?? {};
  const count = (/** @type {string} */ c) => g.view.stones.filter((s) => s[s.length - 1] === c).length;
  const e = d.estimate ?? {};
  return `Balls B ${count('black')} · W ${count('white')} · estimate B ${e.black ?? 0} · W ${e.white ?? 0}`;
}
