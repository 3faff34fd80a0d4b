// The home page's custom game: the full new-game form (every variant's board, rules, komi,
// handicap and options as GET /api/variants describes them, the clock, the opponent, the
// seat), and `createGame`, which quick play shares.
import { saveSeat, saveName, nameField } from './state.js';
import { rememberGame } from './local-games.js';
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
  $('field-rated').hidden = computer || !signedIn;
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

// Creates a game (POST /api/games), remembers its seat in this browser and goes to it.
// Resolves to the API's answer, or throws its refusal (an Error with the API's sentence).
/** @param {Record<string, unknown>} body @param {{ go?: boolean }} [how] */
export async function createGame(body, how = { go: true }) {
  const resp = await fetch('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data = await resp.json().catch(() => ({}));
  if (!resp.ok) throw new Error(data.error ?? `the game was not created (${resp.status})`);
  const rules = /** @type {object} */ (body.rules);
  const computer = typeof body.computer_level === 'number' ? { color: data.color === 'black' ? 'white' : 'black', level: body.computer_level } : null;
  saveSeat(data.id, data.token);
  rememberGame(data.id, { variant: String(body.variant), rules, color: data.color, status: computer ? 'live' : 'open', computer, moves: 0, names: {} });
  if (how.go) location.href = `/game/${data.id}`;
  return data;
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
  if (f.opponent.value !== 'computer' && signedIn && f.rated.checked) body.rated = true;
  try {
    await createGame(body);
  } catch (e) {
    $('form-msg').textContent = /** @type {Error} */ (e).message;
  }
}

// Whether a player is signed in: the "rated" box shows only then (and against a person).
let signedIn = false;

// Binds the custom-game form; `accountKnown` tells it once who is signed in.
/** @param {Promise<unknown>} accountKnown */
export function bindForm(accountKnown) {
  const form = $('new-game');
  form.addEventListener('submit', create);
  form.variant.addEventListener('change', () => showVariant(form));
  form.preset.addEventListener('change', () => showKomi(form));
  form.komi.addEventListener('input', () => { komiTyped = true; });
  form.opponent.addEventListener('change', () => showOthers(form));
  form.tc.addEventListener('change', () => showOthers(form));
  showOthers(form);
  loadVariants(form);
  accountKnown.then((who) => { signedIn = !!who; showOthers(form); });
}
