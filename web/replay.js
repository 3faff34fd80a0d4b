// The replay page: steps through the frames the server computed for a stored game or an
// uploaded record (slider, buttons, arrow keys).
import { geometry } from './board.js';
import { render } from './render.js';
import { describeMove, percent } from './state.js';

const $ = (id) => document.getElementById(id);
const svg = $('board');
let data = null; let geo = null; let at = 0;

function show(i) {
  if (!data) return;
  at = Math.max(0, Math.min(i, data.frames.length - 1));
  const fr = data.frames[at];
  const st = { game: { variant: data.variant, view: fr.view, you: null, to_move: fr.to_move, phase: 'replay', status: 'replay' }, hover: null, preview: null };
  requestAnimationFrame(() => render(svg, st, geo, { zoom: 1 }));
  $('slider').value = at;
  $('move-no').textContent = at;
  document.body.dataset.frame = at;
  const r = fr.report;
  $('report').textContent = r ? `${r.color} ${r.result}${r.at ? ` at ${JSON.stringify(r.at)}` : ''}${r.reason ? ` (${r.reason})` : ''}` : 'start';
  $('score').textContent = `B ${fr.score.black} · W ${fr.score.white}`;
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

function load(d) {
  data = d;
  geo = geometry(d.frames[0].view.board, d.frames[0].view.rules);
  $('slider').max = d.frames.length - 1;
  $('move-count').textContent = d.frames.length - 1;
  $('result').textContent = d.result ? `Result: ${d.result}` : '';
  document.body.dataset.frames = d.frames.length;
  show(d.frames.length - 1);
}

// The server's JSON answer, or null with its error shown (a refusal may not be JSON).
async function fetchJson(url, opts) {
  const resp = await fetch(url, opts);
  const text = await resp.text();
  let body = null;
  try { body = JSON.parse(text); } catch { body = null; }
  if (!resp.ok || !body) { $('msg').textContent = body?.error ?? (text || `error ${resp.status}`); return null; }
  return body;
}

const id = location.pathname.split('/')[2];
if (id) {
  fetchJson(`/api/games/${id}/replay`).then((d) => d && load(d));
} else {
  $('upload-box').hidden = false;
  $('upload').onchange = async () => {
    const file = $('upload').files[0];
    const type = file.name.toLowerCase().endsWith('.sgf') ? 'application/x-go-sgf' : 'application/json';
    // The bytes as they are: the server reads legacy SGF encodings itself.
    const d = await fetchJson('/api/replay', { method: 'POST', headers: { 'content-type': type }, body: file });
    if (d) { $('msg').textContent = ''; load(d); }
  };
}
$('analyse').onclick = analyse;
$('slider').oninput = () => show(Number($('slider').value));
$('prev').onclick = () => show(at - 1);
$('next').onclick = () => show(at + 1);
window.addEventListener('keydown', (ev) => {
  if (ev.key === 'ArrowLeft') show(at - 1);
  if (ev.key === 'ArrowRight') show(at + 1);
  if (ev.key === 'Home') show(0);
  if (ev.key === 'End') show(Infinity);
});
