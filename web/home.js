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

// What each variant offers, from GET /api/variants: the client holds no rules of its own.
const variants = new Map();
// Set once the player types a komi: changing the variant or the preset then leaves it alone.
let komiTyped = false;

const chosen = (f) => variants.get(f.variant.value);

function option(value, text, selected) {
  const o = document.createElement('option');
  o.value = String(value); o.textContent = text; o.selected = selected;
  return o;
}

// The komi the chosen variant and preset start with (null: komi does not apply).
function defaultKomi(f, d) {
  const preset = d.presets.find((p) => p.name === f.preset.value);
  return preset ? preset.komi : d.komi;
}

// Rebuilds the variant's own fields: sizes or board presets, rule presets, komi, handicap.
function showVariant(f) {
  const d = chosen(f);
  if (!d) return;
  const grid = d.board.key === 'board_size';
  f.board.replaceChildren(...d.board.values.map((v) => option(v, grid ? `${v}×${v}` : v, v === d.board.default)));
  f.preset.replaceChildren(...d.presets.map((p) => option(p.name, p.name, p.name === d.preset_default)));
  $('field-preset').hidden = d.presets.length === 0;
  $('field-komi').hidden = d.komi === null;
  $('field-handicap').hidden = d.handicap === null;
  if (d.handicap) f.handicap.max = String(d.handicap.max);
  $('variant-options').replaceChildren(...(d.options ?? []).map(optionField));
  $('variant-help').textContent = d.help;
  showKomi(f);
}

// A field for one of the variant's other rules (Topological reserve stones, MarGo's
// switches), named `opt-<key>` and explained by its title.
function optionField(o) {
  const input = document.createElement('input');
  input.name = `opt-${o.key}`;
  if (o.kind === 'boolean') {
    input.type = 'checkbox'; input.checked = o.default;
  } else {
    input.type = 'number'; input.min = String(o.min); input.max = String(o.max); input.value = String(o.default);
  }
  const label = document.createElement('label');
  label.title = o.help;
  if (o.kind === 'boolean') label.append(input, ` ${o.label}`);
  else label.append(`${o.label} `, input);
  return label;
}

function showKomi(f) {
  const d = chosen(f);
  const komi = d && defaultKomi(f, d);
  if (komi !== null && komi !== undefined && !komiTyped) f.komi.value = String(komi);
}

// Fields of the opponent and the time control that do not apply are hidden too.
function showOthers(f) {
  const computer = f.opponent.value === 'computer';
  $('field-level').hidden = !computer;
  $('field-seats').hidden = computer;
  $('field-hints').hidden = computer;
  $('field-main').hidden = f.tc.value === 'none';
  $('field-extra').hidden = !['fischer', 'byo-yomi'].includes(f.tc.value);
  $('field-periods').hidden = f.tc.value !== 'byo-yomi';
}

function rules(f) {
  const d = chosen(f);
  const r = {};
  r[d.board.key] = d.board.key === 'board_size' ? Number.parseInt(f.board.value, 10) : f.board.value;
  if (d.presets.length > 0) r.preset = f.preset.value;
  if (d.komi !== null) r.komi = Number(f.komi.value);
  const handicap = Number(f.handicap.value);
  if (d.handicap && handicap > 0) r.handicap = handicap;
  for (const o of d.options ?? []) {
    const input = f.elements[`opt-${o.key}`];
    r[o.key] = o.kind === 'boolean' ? input.checked : Number(input.value);
  }
  return r;
}

async function loadVariants(f) {
  const resp = await fetch('/api/variants');
  if (!resp.ok) { $('form-msg').textContent = 'could not load the variants'; return; }
  for (const d of (await resp.json()).variants) variants.set(d.variant, d);
  showVariant(f);
}

async function create(ev) {
  ev.preventDefault();
  const f = ev.target;
  if (!chosen(f)) return;
  const body = { variant: f.variant.value, rules: rules(f), time_control: timeControl(f), color: f.color.value };
  // Against the computer the server takes the other seat itself.
  if (f.opponent.value === 'computer') body.computer_level = Number(f.level.value);
  else body.seats = f.seats.value;
  // Hints are always on against the computer; between people only when asked for.
  if (f.opponent.value !== 'computer' && f.hints.checked) body.hints = true;
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

const form = $('new-game');
form.addEventListener('submit', create);
form.variant.addEventListener('change', () => showVariant(form));
form.preset.addEventListener('change', () => showKomi(form));
form.komi.addEventListener('input', () => { komiTyped = true; });
form.opponent.addEventListener('change', () => showOthers(form));
form.tc.addEventListener('change', () => showOthers(form));
showOthers(form);
loadVariants(form);
refresh();
setInterval(refresh, 5000);
