// The replay page: steps through the positions of a stored game or an uploaded record
// (slider, buttons, arrow keys, the move list), asking the server for the slice of frames
// it shows. Notation, counts and territory come from the server; the drawing is the game
// page's (render.js, count.js), MarGo's 3D view too (margo3d.js).
import { geometry } from './board.js';
import { render } from './render.js';
import { describeMove, percent } from './state.js';
import { fmtScore, countNotes, countTableRows, resultWhy } from './count.js';
import { $, listItems } from './dom.js';
import { initReview, markPreferred, reviewAt } from './review.js';
import { savedView, saveView, webglWorks } from './view-choice.js';
import { speaker } from './chat.js';

const svg = $('board');
// The server answers a slice of frames at a time: they are fetched as the slider reaches
// them and kept. `source(from)` asks for the slice starting at `from` (all but the last
// when `from` is undefined).
const SLICE = 32;
/** @typedef {(from: number | undefined) => Promise<any>} SliceSource */
/** @type {SliceSource | null} */
let source = null;
/** @type {any} the answer that opened the replay: variant, offers, total, moves... */
let meta = null;
let frames = new Map();
/** @type {import('./board.js').Geometry | null} */
let geo = null;
let at = 0;
let wanted = 0;
/** @type {import('./types.js').ChatLine[]} the record's chat, if any */
let chat = [];
// Continuous Go's Voronoi tint and classic territory marks, on unless turned off (T).
let showTerritory = true;
// The analysis of the frame shown, drawn on the board as the game page draws a hint.
/** @type {import('./types.js').Suggestion} */
let suggestion = null;
// MarGo's 3D scene, once loaded, and whether it is shown.
/** @type {any} */
let scene = null;
let view3d = false;

/** @type {Record<string, string>} */
const NAME = { black: 'Black', white: 'White' };
/** @type {Record<string, string>} */
const LETTER = { black: 'B', white: 'W' };

// A move report in words: "black E7, captures 2", "white pass", or why it changed nothing.
/** @param {import('./types.js').MoveReport | null} r */
function reportText(r) {
  if (!r) return 'start';
  const what = r.notation ?? (r.result === 'illegal' ? `illegal (${r.reason})` : r.result);
  const caps = r.captured?.length ? `, captures ${r.captured.length}` : '';
  return `${r.color} ${what}${caps}`;
}

// The whole move list (sent with the slice that reaches the end), each move a button.
/** @param {{ color: string, notation: string | null, captured?: number }[]} moves */
function drawMoveList(moves) {
  $('moves').replaceChildren(...moves.map((m, i) => {
    const li = document.createElement('li');
    li.dataset.index = String(i + 1);
    // A button: the list is reachable by keyboard, and says what it does.
    const b = document.createElement('button');
    b.className = 'move-button';
    b.textContent = `${LETTER[m.color]} ${m.notation ?? '–'}${m.captured ? ` ×${m.captured}` : ''}`;
    b.title = `move ${i + 1}: ${NAME[m.color]} ${m.notation ?? 'no change'}${m.captured ? `, captures ${m.captured}` : ''}`;
    b.onclick = () => show(i + 1);
    li.append(b);
    return li;
  }));
}

function markCurrent() {
  for (const li of $('moves').children) li.classList.toggle('current', li.dataset.index === String(at));
  $('moves').querySelector('.current')?.scrollIntoView({ block: 'nearest' });
}

// The count table once the game stands at a count (its last frame).
/** @param {import('./types.js').Count | null | undefined} count */
function drawCount(count) {
  $('count').hidden = !count;
  if (!count) return;
  $('count-table').tBodies[0].replaceChildren(...countTableRows(count));
  const notes = countNotes(count, { status: meta.result ? 'finished' : 'replay' });
  $('count-notes').replaceChildren(...listItems(notes));
}

/** @param {number} from */
async function fetchFrom(from) {
  if (!source) return;
  const d = await source(from);
  if (d) d.frames.forEach((/** @type {any} */ f, /** @type {number} */ k) => frames.set(d.from + k, f));
}

// Frame `i`: from the slice that holds it, or, when that answer stopped short at its size
// limit (crowded continuous boards), from a slice that starts at `i`.
/** @param {number} i */
async function frame(i) {
  if (!frames.has(i)) await fetchFrom(Math.floor(i / SLICE) * SLICE);
  if (!frames.has(i)) await fetchFrom(i);
  return frames.get(i) ?? null;
}

/** @param {number} i @param {boolean} [keep] keeps the analysis drawn (a redraw of the same frame) */
async function show(i, keep = false) {
  if (!meta || !geo) return;
  const board = geo;
  const target = Math.max(0, Math.min(i, meta.total - 1));
  wanted = target;
  const fr = await frame(target);
  // A later step may have been asked while this slice was on its way.
  if (!fr || wanted !== target) return;
  at = target;
  if (!keep) suggestion = null;
  const st = { game: { variant: meta.variant, offers: meta.offers, view: fr.view, you: null, to_move: fr.to_move, phase: 'replay', status: 'replay', count: fr.count ?? null }, hover: null, preview: null, territory: showTerritory, suggestion };
  // `data-frame` says which frame the board shows, so it is set once the board is drawn.
  const drawn = at;
  requestAnimationFrame(() => {
    if (view3d && scene && board.kind === 'pyramid') scene.draw(st, board, { fade: board.levels, mine: false });
    else {
      render(svg, st, board, { zoom: 1, cx: null, cy: null });
      markPreferred(svg, drawn, board.radius);
    }
    document.body.dataset.frame = String(drawn);
  });
  $('slider').value = at;
  $('move-no').textContent = at;
  $('report').textContent = reportText(fr.report);
  const p = fr.view.prisoners;
  $('captures').textContent = p ? `B ${p.black} · W ${p.white}` : '–';
  // At the count the score is its total, the numbers the result compares (as in the game).
  const shown = fr.count?.total ?? fr.score;
  $('score').textContent = `B ${fmtScore(shown.black)} · W ${fmtScore(shown.white)}`;
  drawCount(fr.count);
  drawChat();
  markCurrent();
  reviewAt(at);
  if (!keep) $('analysis').textContent = '';
}

// The computer's suggestion and win estimate for the frame shown, from the server: of
// the stored game, or of the uploaded file sent again (the server keeps no upload).
async function analyse() {
  const frame = at;
  const file = $('upload').files[0];
  if (!id && !file) return;
  $('analysis').textContent = 'analysing…';
  const a = id
    ? await fetchJson(`/api/games/${id}/analysis?moves=${frame}`)
    : await fetchJson(`/api/analysis?moves=${frame}`, { method: 'POST', headers: { 'content-type': file.name.toLowerCase().endsWith('.sgf') ? 'application/x-go-sgf' : 'application/json' }, body: file });
  if (frame !== at) return;
  if (!a) { $('analysis').textContent = ''; return; }
  suggestion = a.move ? { move: a.move, notation: a.notation } : null;
  show(frame, true);
  $('analysis').textContent = a.move
    ? `${a.to_move} to play: ${a.notation ?? describeMove(a.move)}${a.black_win_rate == null ? '' : ` · Black's win estimate ${percent(a.black_win_rate)}`}`
    : 'no move to suggest: the game is over here';
}

// The chat said up to the move shown, both channels, as plain text.
function drawChat() {
  $('chat').hidden = chat.length === 0;
  const said = chat.filter((l) => l.move <= at);
  $('chat-lines').replaceChildren(...said.map((l) => {
    const li = document.createElement('li');
    li.textContent = `${l.channel === 'spectators' ? 'spectator' : speaker(l)}: ${l.text}`;
    return li;
  }));
  document.body.dataset.chatLines = String(said.length);
}

// Opens a replay from `fetchSlice`: its first answer (the end of the game) says how long
// the game is.
/** @param {SliceSource} fetchSlice */
async function open(fetchSlice) {
  const d = await fetchSlice(undefined);
  if (!d) return false;
  source = fetchSlice; meta = d; frames = new Map();
  chat = Array.isArray(d.chat) ? d.chat.filter((/** @type {any} */ l) => l && typeof l.text === 'string') : [];
  d.frames.forEach((/** @type {any} */ f, /** @type {number} */ k) => frames.set(d.from + k, f));
  geo = geometry(d.frames[0].view.board, d.frames[0].view.rules);
  $('slider').max = d.total - 1;
  $('move-count').textContent = d.total - 1;
  $('result').textContent = d.result ? `Result: ${d.result} ${resultWhy(d.result)}`.trim() : '';
  // The computer is named as the game page names it, also in records that called it
  // "stonefield (level N)".
  const who = (/** @type {string} */ c) => {
    const p = d.players?.[c];
    return p?.computer?.level ? `Computer (level ${p.computer.level})` : p?.name ?? NAME[c];
  };
  $('players').textContent = `${who('black')} (B) – ${who('white')} (W)${d.date ? ` · ${d.date}` : ''}`;
  $('territory-box').hidden = !d.offers?.territory;
  drawMoveList(d.moves ?? []);
  setDownloads();
  if (d.offers?.three_d && geo.kind === 'pyramid') {
    $('view-box').hidden = false;
    await showView(savedView(), false);
  }
  document.body.dataset.frames = d.total;
  await show(d.total - 1);
  return true;
}

// The stored game's downloads: its JSON record, and SGF where the variant has one.
function setDownloads() {
  if (!id) return;
  $('downloads').hidden = false;
  $('download-json').href = `/api/games/${id}/record`;
  $('download-sgf').href = `/api/games/${id}/sgf`;
  $('download-sgf').hidden = !meta.offers?.sgf;
}

// MarGo in 3D ('3d') or 2D, as on the game page; 2D where WebGL does not start.
/** @param {string} choice @param {boolean} chosen */
async function showView(choice, chosen) {
  if (chosen) saveView(choice);
  if (choice === '3d' && !scene) {
    try {
      if (!webglWorks()) throw new Error('no WebGL 2');
      const { createMargo3d } = await import('./margo3d.js');
      scene = createMargo3d($('board3d'), { hover() {}, click() {} });
    } catch (e) {
      $('msg').textContent = `The 3D view is not available here (${/** @type {Error} */ (e)?.message}): showing the 2D view.`;
      $('view-3d').disabled = true;
      choice = '2d';
    }
  }
  view3d = choice === '3d';
  svg.toggleAttribute('hidden', view3d);
  $('board3d').hidden = !view3d;
  $('view-3d').classList.toggle('on', view3d);
  $('view-2d').classList.toggle('on', !view3d);
  document.body.dataset.view = view3d ? '3d' : '2d';
  show(at, true);
}

/** @param {number | undefined} from */
const sliceQuery = (from) => (from === undefined ? `?count=${SLICE}` : `?from=${from}&count=${SLICE}`);

// The server's JSON answer, or null with its error shown (a refusal may not be JSON).
/** @param {string} url @param {RequestInit} [opts] @returns {Promise<any>} */
async function fetchJson(url, opts) {
  const resp = await fetch(url, opts);
  const text = await resp.text();
  /** @type {any} */
  let body = null;
  try { body = JSON.parse(text); } catch { body = null; }
  if (!resp.ok || !body) { $('msg').textContent = body?.error ?? (text || `error ${resp.status}`); return null; }
  return body;
}

const id = location.pathname.split('/')[2];
if (id) {
  open((/** @type {number | undefined} */ from) => fetchJson(`/api/games/${id}/replay${sliceQuery(from)}`));
} else {
  $('upload-box').hidden = false;
  $('upload').onchange = async () => {
    const file = $('upload').files[0];
    const type = file.name.toLowerCase().endsWith('.sgf') ? 'application/x-go-sgf' : 'application/json';
    // The bytes as they are (the server reads legacy SGF encodings itself), sent again
    // for each slice: the server keeps nothing of an upload.
    const post = (/** @type {number | undefined} */ from) => fetchJson(`/api/replay${sliceQuery(from)}`, { method: 'POST', headers: { 'content-type': type }, body: file });
    if (await open(post)) $('msg').textContent = '';
  };
}
$('analyse').onclick = analyse;
initReview({ gameId: id || null, upload: () => $('upload').files[0] ?? null, jump: (move) => show(move) });
$('view-3d').onclick = () => showView('3d', true);
$('view-2d').onclick = () => showView('2d', true);
$('slider').oninput = () => show(Number($('slider').value));
$('prev').onclick = () => show(at - 1);
$('next').onclick = () => show(at + 1);
function toggleTerritory() {
  showTerritory = $('territory').checked;
  show(at);
}
$('territory').onchange = toggleTerritory;
window.addEventListener('keydown', (ev) => {
  if (ev.key === 't' || ev.key === 'T') { $('territory').checked = !$('territory').checked; toggleTerritory(); }
  if (ev.key === 'ArrowLeft') show(at - 1);
  if (ev.key === 'ArrowRight') show(at + 1);
  if (ev.key === 'Home') show(0);
  if (ev.key === 'End') show(Infinity);
});
