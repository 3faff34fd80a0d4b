// The replay page: steps through the positions of a stored game or an uploaded record
// (slider, buttons, arrow keys, the move list), asking the server for the slice of frames
// it shows. Notation, counts and territory come from the server; the drawing is the game
// page's (render.js, count.js).
import { geometry } from './board.js';
import { render } from './render.js';
import { describeMove, percent } from './state.js';
import { fmtScore, countNotes, countTableRows, resultWhy } from './count.js';
import { $, listItems } from './dom.js';
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
    li.textContent = `${LETTER[m.color]} ${m.notation ?? '–'}${m.captured ? ` ×${m.captured}` : ''}`;
    li.onclick = () => show(i + 1);
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

/** @param {number} i */
async function show(i) {
  if (!meta || !geo) return;
  const board = geo;
  const target = Math.max(0, Math.min(i, meta.total - 1));
  wanted = target;
  const fr = await frame(target);
  // A later step may have been asked while this slice was on its way.
  if (!fr || wanted !== target) return;
  at = target;
  const st = { game: { variant: meta.variant, offers: meta.offers, view: fr.view, you: null, to_move: fr.to_move, phase: 'replay', status: 'replay', count: fr.count ?? null }, hover: null, preview: null, territory: showTerritory };
  // `data-frame` says which frame the board shows, so it is set once the board is drawn.
  const drawn = at;
  requestAnimationFrame(() => {
    render(svg, st, board, { zoom: 1, cx: null, cy: null });
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
  $('analysis').textContent = '';
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
  $('analysis').textContent = a.move
    ? `${a.to_move} to play: ${describeMove(a.move)}${a.black_win_rate == null ? '' : ` · Black's win estimate ${percent(a.black_win_rate)}`}`
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
  const who = (/** @type {string} */ c) => d.players?.[c]?.name ?? NAME[c];
  $('players').textContent = `${who('black')} (B) – ${who('white')} (W)${d.date ? ` · ${d.date}` : ''}`;
  $('territory-box').hidden = !d.offers?.territory;
  drawMoveList(d.moves ?? []);
  document.body.dataset.frames = d.total;
  await show(d.total - 1);
  return true;
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
