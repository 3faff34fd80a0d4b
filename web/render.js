// Draws the state as SVG: board, coordinates, stones, last-move mark, dead marks, the ghost
// stone or the server's preview. Called once per animation frame at most.
import { viewBox, COLUMNS } from './board.js';
import { myTurn } from './state.js';

const NS = 'http://www.w3.org/2000/svg';
const f = (v) => Number(v.toFixed(3));

function stone(x, y, r, color, extra = '') {
  return `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" class="stone ${color}" fill="${color === 'black' ? '#111' : '#f8f8f8'}" stroke="#000" stroke-width="0.03" ${extra}/>`;
}

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

function polygonBoard(geo) {
  const pts = geo.polygon.map((p) => p.join(',')).join(' ');
  return `<polygon points="${pts}" fill="#e3c27a" stroke="#000" stroke-width="0.05"/>`;
}

function overlay(st, geo) {
  const g = st.game; const parts = [];
  const occupied = (p) => g.view.stones.some((s) => s[0] === p[0] && s[1] === p[1]);
  if (st.preview && !geo.grid) {
    const p = st.preview;
    const ok = p.result === 'placed' || p.legal === true;
    // An unresolved or refused request is still shown where the pointer is, crossed out.
    const at = p.at ?? st.hover;
    if (at) {
      parts.push(stone(at[0], at[1], geo.radius, g.you ?? g.to_move, `opacity="${p.at ? 0.55 : 0.25}" class="ghost" data-legal="${ok}"`));
      if (!ok) parts.push(`<text x="${f(at[0])}" y="${f(at[1] + 0.2)}" font-size="0.6" text-anchor="middle" fill="#c00">×</text>`);
    }
    for (const c of p.captured ?? []) parts.push(`<circle cx="${f(c[0])}" cy="${f(c[1])}" r="${f(geo.radius * 0.5)}" fill="none" stroke="#c00" stroke-width="0.08"/>`);
  } else if (st.hover && geo.grid && myTurn(st) && !occupied(st.hover)) {
    parts.push(stone(st.hover[0], st.hover[1], geo.radius, g.you, 'opacity="0.45" class="ghost"'));
  }
  return parts.join('');
}

export function render(svg, st, geo, view) {
  const g = st.game;
  if (!g) return;
  const vb = viewBox(geo, view);
  svg.setAttribute('viewBox', `${f(vb.x)} ${f(vb.y)} ${f(vb.w)} ${f(vb.h)}`);
  const board = geo.grid ? gridLines(geo) : polygonBoard(geo);
  const dead = new Set((g.view.dead ?? []).map((s) => `${s[0]},${s[1]}`));
  const stones = g.view.stones.map((s) => {
    const isDead = dead.has(`${s[0]},${s[1]}`);
    const mark = isDead ? `<path d="M${f(s[0] - 0.25)},${f(s[1] - 0.25)}l0.5,0.5m0,-0.5l-0.5,0.5" stroke="#c00" stroke-width="0.08"/>` : '';
    return stone(s[0], s[1], geo.radius, s[s.length - 1], `data-x="${s[0]}" data-y="${s[1]}"${isDead ? ' opacity="0.5"' : ''}`) + mark;
  }).join('');
  const last = g.view.last;
  const lastMark = last ? `<circle cx="${f(last[0])}" cy="${f(last[1])}" r="${f(geo.radius * 0.4)}" fill="none" stroke="#d33" stroke-width="0.07" class="last"/>` : '';
  svg.innerHTML = board + stones + lastMark + overlay(st, geo);
}

export function svgElement() { return document.createElementNS(NS, 'svg'); }
