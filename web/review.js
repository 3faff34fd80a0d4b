// The computer's review on the replay page: asks the server to make it (a progress bar
// while it runs on the server), then draws Black's win estimate after every move as a
// graph with the largest swings marked; a click on the graph (or Enter on a mark) jumps
// to that move, and the panel names the move the computer preferred there.

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 300;
const HEIGHT = 90;
const POLL_MS = 700;

/**
 * @typedef {{number: number, color: string, black_before: number, black_after: number,
 *   lost: number, preferred: any, notation: string | null, preferred_notation: string | null,
 *   swing: boolean}} MoveReview
 * @typedef {{black_start: number, moves: MoveReview[]}} Review
 * @typedef {{status: string, done?: number, total?: number, review?: Review, error?: string, key?: string}} ReviewState
 */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** @type {Review | null} */
let shown = null;

/**
 * Wires the review section of the replay page.
 * @param {{gameId: string | null, upload: () => File | null, jump: (move: number) => void}} opts
 */
export function initReview(opts) {
  const button = /** @type {HTMLButtonElement} */ ($('review-start'));
  button.addEventListener('click', () => start(opts));
  // A finished game's review made before is shown at once.
  if (opts.gameId) {
    fetch(`/api/games/${opts.gameId}/review`).then(async (r) => {
      if (r.ok) follow(await r.json(), opts, `/api/games/${opts.gameId}/review`);
    }).catch(() => {});
  }
}

/** @param {{gameId: string | null, upload: () => File | null, jump: (move: number) => void}} opts */
async function start(opts) {
  const file = opts.upload();
  let url; let init;
  if (opts.gameId) {
    url = `/api/games/${opts.gameId}/review`;
    init = { method: 'POST' };
  } else if (file) {
    url = '/api/review';
    const type = file.name.toLowerCase().endsWith('.sgf') ? 'application/x-go-sgf' : 'application/json';
    init = { method: 'POST', headers: { 'content-type': type }, body: file };
  } else {
    say('Open a record first.');
    return;
  }
  /** @type {HTMLButtonElement} */ ($('review-start')).disabled = true;
  const r = await fetch(url, init);
  const state = /** @type {ReviewState} */ (await r.json().catch(() => ({ status: 'failed', error: `HTTP ${r.status}` })));
  if (!r.ok) {
    say(state.error ?? `the review could not start (HTTP ${r.status})`);
    /** @type {HTMLButtonElement} */ ($('review-start')).disabled = false;
    return;
  }
  follow(state, opts, opts.gameId ? url : `/api/review/${state.key}`);
}

/**
 * Shows `state`, polling `url` until the review is done or failed.
 * @param {ReviewState} state @param {{jump: (move: number) => void}} opts @param {string} url
 */
async function follow(state, opts, url) {
  for (;;) {
    if (state.status === 'done' && state.review) { draw(state.review, opts.jump); return; }
    if (state.status === 'failed' || state.status === 'none') {
      say(state.error ?? 'the review failed');
      /** @type {HTMLButtonElement} */ ($('review-start')).disabled = false;
      return;
    }
    progress(state.done ?? 0, state.total ?? 0);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const r = await fetch(url);
    state = await r.json().catch(() => ({ status: 'failed', error: `HTTP ${r.status}` }));
  }
}

/** @param {number} done @param {number} total */
function progress(done, total) {
  const bar = /** @type {HTMLProgressElement} */ ($('review-progress'));
  bar.hidden = false;
  bar.max = Math.max(total, 1);
  bar.value = done;
  say(`The computer is reviewing the game: ${done} of ${total} moves.`);
}

/** @param {string} text */
function say(text) { $('review-status').textContent = text; }

/** @param {number} i @param {number} n */
const xOf = (i, n) => (n === 0 ? 0 : (i / n) * WIDTH);
/** @param {number} black */
const yOf = (black) => (1 - black) * HEIGHT;

/** Draws the graph of `review`. @param {Review} review @param {(move: number) => void} jump */
function draw(review, jump) {
  shown = review;
  /** @type {HTMLProgressElement} */ ($('review-progress')).hidden = true;
  /** @type {HTMLButtonElement} */ ($('review-start')).hidden = true;
  const n = review.moves.length;
  const swings = review.moves.filter((m) => m.swing).length;
  say(`Black's win estimate after every move; ${swings} largest swing${swings === 1 ? '' : 's'} marked.`);
  const svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ ($('review-graph')));
  svg.replaceChildren();
  svg.setAttribute('viewBox', `-4 -4 ${WIDTH + 8} ${HEIGHT + 8}`);
  svg.removeAttribute('hidden');
  const el = (/** @type {string} */ name, /** @type {Record<string, string | number>} */ attrs) => {
    const e = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    svg.append(e);
    return e;
  };
  el('rect', { x: 0, y: 0, width: WIDTH, height: HEIGHT, class: 'review-bg' });
  el('line', { x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2, class: 'review-half' });
  const points = [[0, review.black_start], ...review.moves.map((m, i) => [i + 1, m.black_after])];
  el('polyline', { points: points.map(([i, b]) => `${xOf(i, n)},${yOf(b)}`).join(' '), class: 'review-line' });
  for (const [i, m] of review.moves.entries()) {
    if (!m.swing) continue;
    const mark = el('circle', { cx: xOf(i + 1, n), cy: yOf(m.black_after), r: 4, class: 'review-swing', tabindex: 0, role: 'button',
      'data-move': m.number, 'aria-label': `move ${m.number} (${m.color}) lost ${Math.round(m.lost * 100)}%` });
    mark.addEventListener('keydown', (ev) => { if (/** @type {KeyboardEvent} */ (ev).key === 'Enter') jump(m.number); });
  }
  svg.addEventListener('click', (ev) => {
    const target = /** @type {Element} */ (ev.target);
    const marked = target.getAttribute('data-move');
    if (marked) { jump(Number(marked)); return; }
    const box = svg.getBoundingClientRect();
    const i = Math.round(((ev.clientX - box.left) / box.width) * n);
    jump(Math.max(0, Math.min(n, i)));
  });
}

/**
 * What the review says of the move that led to frame `move` (moves played): its loss and
 * the computer's preference, or nothing before a review.
 * @param {number} move
 */
export function reviewAt(move) {
  const line = $('review-move');
  if (!shown) { line.textContent = ''; return; }
  const m = shown.moves.find((r) => r.number === move);
  if (!m) { line.textContent = ''; return; }
  const estimate = `Black ${Math.round(m.black_after * 100)}%`;
  const lost = m.lost >= 0.01 ? `; ${m.color} lost ${Math.round(m.lost * 100)}%` : '';
  const name = m.preferred_notation ?? (m.preferred?.at ? JSON.stringify(m.preferred.at) : null);
  const preferred = name ? `; the computer preferred ${name}` : '';
  line.textContent = `${estimate}${lost}${preferred}.`;
}

/**
 * Rings, on the board just drawn, the point the computer preferred for the move that led
 * to frame `move` (a review's preference, where it differs from the move played).
 * @param {Element} svg @param {number} move @param {number} radius
 */
export function markPreferred(svg, move, radius) {
  const m = shown?.moves.find((r) => r.number === move);
  const at = m?.preferred?.at;
  if (!Array.isArray(at)) return;
  // MarGo's [x, y, level] is seen from above at its level's offset.
  const [x, y] = at.length === 3 ? [at[0] + at[2] / 2, at[1] + at[2] / 2] : at;
  const ring = document.createElementNS(SVG, 'circle');
  for (const [k, v] of Object.entries({ cx: x, cy: y, r: radius * 0.7, class: 'preferred' })) ring.setAttribute(k, String(v));
  svg.append(ring);
}
