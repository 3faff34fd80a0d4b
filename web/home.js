// The home page: the new-game form and the lists of open, live and finished games.
import { saveSeat } from './state.js';

const $ = (id) => document.getElementById(id);

function timeControl(f) {
  const main = Math.round(Number(f.main.value) * 60000);
  const extra = Math.round(Number(f.extra.value) * 1000);
  switch (f.tc.value) {
    case 'absolute': return { kind: 'absolute', main_ms: main };
    case 'fischer': return { kind: 'fischer', main_ms: main, increment_ms: extra };
    case 'byo-yomi': return { kind: 'byo-yomi', main_ms: main, period_ms: extra, periods: Number(f.periods.value) };
    default: return { kind: 'none' };
  }
}

function rules(f) {
  const komi = Number(f.komi.value);
  const handicap = Number(f.handicap.value);
  // MarGo and Topological Go take a board size and no komi or handicap.
  if (['margo', 'topological'].includes(f.variant.value)) return { board_size: Number.parseInt(f.board.value.replace('square-', ''), 10) };
  const r = { komi };
  if (f.variant.value === 'classic') {
    r.board_size = Number.parseInt(f.board.value.replace('square-', ''), 10);
    r.preset = f.preset.value;
  } else {
    r.board = /^\d+$/.test(f.board.value) ? `square-${f.board.value}` : f.board.value;
  }
  if (handicap > 0) r.handicap = f.variant.value === 'classic' ? { stones: handicap, placement: 'fixed' } : handicap;
  return r;
}

async function create(ev) {
  ev.preventDefault();
  const f = ev.target;
  const body = { variant: f.variant.value, rules: rules(f), time_control: timeControl(f), color: f.color.value };
  // Against the computer the server takes the other seat itself.
  if (f.opponent.value === 'computer') body.computer_level = Number(f.level.value);
  else body.seats = f.seats.value;
  // Hints are always on against the computer; between people only when asked for.
  if (f.hints.checked) body.hints = true;
  const resp = await fetch('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data = await resp.json();
  if (!resp.ok) { $('form-msg').textContent = data.error; return; }
  saveSeat(data.id, data.token);
  location.href = `/game/${data.id}`;
}

// Takes the seat of an open game (no invite needed), then goes to the game: to play, or to
// watch if someone was quicker.
async function join(id) {
  const resp = await fetch(`/api/games/${id}/claim`, { method: 'POST' });
  const data = await resp.json();
  if (resp.ok) saveSeat(id, data.token);
  location.href = `/game/${id}`;
}

function row(g, action) {
  const tr = document.createElement('tr');
  const size = g.rules.board_size ?? (typeof g.rules.board === 'string' ? g.rules.board : '');
  for (const text of [g.variant, size, `${g.creator} created`, g.result ?? g.status]) {
    const td = document.createElement('td'); td.textContent = text; tr.append(td);
  }
  const td = document.createElement('td'); td.append(action); tr.append(td);
  return tr;
}

function link(text, href) { const a = document.createElement('a'); a.textContent = text; a.href = href; return a; }

async function refresh() {
  const resp = await fetch('/api/games');
  if (!resp.ok) return;
  const games = await resp.json();
  $('open').replaceChildren(...games.open.map((g) => {
    const b = document.createElement('button'); b.textContent = 'Join'; b.dataset.game = g.id;
    b.onclick = () => join(g.id);
    return row(g, b);
  }));
  $('live').replaceChildren(...games.live.map((g) => row(g, link('Watch', `/game/${g.id}`))));
  $('finished').replaceChildren(...games.finished.map((g) => row(g, link('Replay', `/replay/${g.id}`))));
}

$('new-game').addEventListener('submit', create);
refresh();
setInterval(refresh, 5000);
