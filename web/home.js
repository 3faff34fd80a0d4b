// The home page: the new-game form and the lists of open, live and finished games.
import { saveSeat, saveName, loadName, nameField } from './state.js';
import { $ } from './dom.js';

/**
 * The new-game form, its fields read by name (`f.variant`, `f.komi`...).
 * @typedef {any} NewGameForm
 */
/**
 * A variant as GET /api/variants describes it.
 * @typedef {object} VariantInfo
 * @property {string} variant
 * @property {string} help
 * @property {{ key: string, values: Array<number | string>, default: number | string }} board
 * @property {{ name: string, komi: number | null }[]} presets
 * @property {string} [preset_default]
 * @property {number | null} komi
 * @property {{ max: number } | null} handicap
 * @property {{ key: string, kind: string, default: any, min?: number, max?: number, label: string, help: string }[]} [options]
 */
/**
 * A game of the lists (GET /api/games).
 * @typedef {any} ListedGame
 */

/** @param {NewGameForm} f */
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
/** @type {Map<string, VariantInfo>} */
const variants = new Map();
// Set once the player types a komi: changing the variant or the preset then leaves it alone.
let komiTyped = false;

const chosen = (/** @type {NewGameForm} */ f) => variants.get(f.variant.value);

/** @param {number | string} value @param {number | string} text @param {boolean} selected */
function option(value, text, selected) {
  const o = document.createElement('option');
  o.value = String(value); o.textContent = String(text); o.selected = selected;
  return o;
}

// The komi the chosen variant and preset start with (null: komi does not apply).
/** @param {NewGameForm} f @param {VariantInfo} d */
function defaultKomi(f, d) {
  const preset = d.presets.find((p) => p.name === f.preset.value);
  return preset ? preset.komi : d.komi;
}

// Rebuilds the variant's own fields: sizes or board presets, rule presets, komi, handicap.
/** @param {NewGameForm} f */
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
/** @param {NonNullable<VariantInfo['options']>[number]} o */
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

/** @param {NewGameForm} f */
function showKomi(f) {
  const d = chosen(f);
  const komi = d && defaultKomi(f, d);
  if (komi !== null && komi !== undefined && !komiTyped) f.komi.value = String(komi);
}

// Fields of the opponent and the time control that do not apply are hidden too.
/** @param {NewGameForm} f */
function showOthers(f) {
  const computer = f.opponent.value === 'computer';
  $('field-level').hidden = !computer;
  $('field-seats').hidden = computer;
  $('field-hints').hidden = computer;
  $('field-main').hidden = f.tc.value === 'none';
  $('field-extra').hidden = !['fischer', 'byo-yomi'].includes(f.tc.value);
  $('field-periods').hidden = f.tc.value !== 'byo-yomi';
}

/** @param {NewGameForm} f */
function rules(f) {
  const d = /** @type {VariantInfo} */ (chosen(f));
  /** @type {Record<string, unknown>} */
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

/** @param {NewGameForm} f */
async function loadVariants(f) {
  const resp = await fetch('/api/variants');
  if (!resp.ok) { $('form-msg').textContent = 'could not load the variants'; return; }
  for (const d of (await resp.json()).variants) variants.set(d.variant, d);
  showVariant(f);
}

/** @param {SubmitEvent} ev */
async function create(ev) {
  ev.preventDefault();
  const f = /** @type {NewGameForm} */ (ev.target);
  if (!chosen(f)) return;
  saveName($('name').value);
  /** @type {Record<string, unknown>} */
  const body = { variant: f.variant.value, rules: rules(f), time_control: timeControl(f), color: f.color.value, ...nameField() };
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
/** @param {string} id */
async function join(id) {
  saveName($('name').value);
  const resp = await fetch(`/api/games/${id}/claim`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(nameField()) });
  if (resp.status === 400) { $('form-msg').textContent = (await resp.json()).error; return; }
  const data = await resp.json();
  if (resp.ok) saveSeat(id, data.token);
  location.href = `/game/${id}`;
}

// A seat's name as a row shows it: the player's, the computer's, or the seat left free.
/** @param {ListedGame} g @param {string} color */
function seatName(g, color) {
  if (g.names?.[color]) return g.names[color];
  if (g.computer?.color === color) return `computer (level ${g.computer.level})`;
  const free = g.status === 'open' && g.creator !== color;
  return free ? 'waiting…' : 'anonymous';
}

// "3 min ago", from a time in ms since the epoch.
/** @param {number} ms @param {number} [now] */
export function age(ms, now = Date.now()) {
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 60) return 'just now';
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.floor(m / 60);
  return h < 24 ? `${h} h ago` : `${Math.floor(h / 24)} d ago`;
}

const minutes = (/** @type {number} */ ms) => `${Math.round(ms / 6000) / 10} min`;
const seconds = (/** @type {number} */ ms) => `${Math.round(ms / 100) / 10} s`;

// The time control in a few words: "10 min + 5×30 s", "no clock".
/** @param {any} tc a listed game's `time_control`, any kind or none */
export function clockText(tc) {
  switch (tc?.kind) {
    case 'absolute': return minutes(tc.main_ms);
    case 'fischer': return `${minutes(tc.main_ms)} + ${seconds(tc.increment_ms)}/move`;
    case 'byo-yomi': return `${minutes(tc.main_ms)} + ${tc.periods}×${seconds(tc.period_ms)}`;
    default: return 'no clock';
  }
}

/** @param {HTMLTableRowElement} tr @param {string} cls @param {string | Node} content */
function cell(tr, cls, content) {
  const td = document.createElement('td');
  td.className = cls;
  td.append(content);
  tr.append(td);
}

// One game of a list: players, variant, size, moves, age, clock, state, and what to do.
/** @param {ListedGame} g @param {Node} action */
function row(g, action) {
  const tr = document.createElement('tr');
  tr.dataset.game = g.id;
  const size = g.rules.board_size ? `${g.rules.board_size}×${g.rules.board_size}` : (typeof g.rules.board === 'string' ? g.rules.board : '');
  cell(tr, 'names', `${seatName(g, 'black')} (B) – ${seatName(g, 'white')} (W)`);
  cell(tr, 'variant', g.variant);
  cell(tr, 'size', size);
  const moves = g.moves ?? 0;
  cell(tr, 'moves', `${moves} move${moves === 1 ? '' : 's'}`);
  cell(tr, 'age', age(g.active_ms ?? g.created_ms));
  cell(tr, 'time-control', clockText(g.time_control));
  cell(tr, 'state', g.result ?? g.status);
  cell(tr, 'action', action);
  return tr;
}

/** @param {string} text @param {string} href */
function link(text, href) { const a = document.createElement('a'); a.textContent = text; a.href = href; return a; }

async function refresh() {
  const resp = await fetch('/api/games');
  if (!resp.ok) return;
  const games = await resp.json();
  $('open').replaceChildren(...games.open.map((/** @type {ListedGame} */ g) => {
    const b = document.createElement('button'); b.textContent = 'Join'; b.dataset.game = g.id;
    b.onclick = () => join(g.id);
    return row(g, b);
  }));
  $('live').replaceChildren(...games.live.map((/** @type {ListedGame} */ g) => row(g, link('Watch', `/game/${g.id}`))));
  $('finished').replaceChildren(...games.finished.map((/** @type {ListedGame} */ g) => row(g, link('Replay', `/replay/${g.id}`))));
}

const form = $('new-game');
$('name').value = loadName();
$('name').addEventListener('change', () => saveName($('name').value));
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
