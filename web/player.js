// A player's public profile (/player/{name}, from GET /api/players/{name}): the rating in
// each variant with its history drawn as a small line chart, wins and losses, and the
// recent games, each linked to its page.
import { ratingText, profileUrl } from './account.js';
import { age } from './format.js';
import { chartPoints, W, H } from './chart.js';
import { $ } from './dom.js';

/** @type {Record<string, string>} */
const VARIANT = { classic: 'Classic Go', continuous: 'Continuous Go', margo: 'MarGo', topological: 'Topological Go' };
const SVG = 'http://www.w3.org/2000/svg';

/** @param {string} variant @param {import('./account.js').Rating} r */
function ratingCard(variant, r) {
  const card = document.createElement('div');
  card.className = 'rating-card';
  card.dataset.variant = variant;
  const title = document.createElement('div'); title.textContent = VARIANT[variant] ?? variant;
  const value = document.createElement('div'); value.className = 'rating-value'; value.textContent = ratingText(r);
  const games = document.createElement('div'); games.className = 'hint';
  games.textContent = `${r.games} rated game${r.games === 1 ? '' : 's'}${r.deviation > 110 ? ' · provisional' : ''}`;
  card.append(title, value, games);
  const history = r.history ?? [];
  if (history.length > 0) {
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.setAttribute('preserveAspectRatio', 'none');
    svg.setAttribute('role', 'img');
    const last = Math.round(history[history.length - 1].rating);
    svg.setAttribute('aria-label', `rating history over ${history.length} game${history.length === 1 ? '' : 's'}: from 1500 to ${last}`);
    const line = document.createElementNS(SVG, 'polyline');
    line.setAttribute('points', chartPoints(history, 1500));
    svg.append(line);
    const range = document.createElement('div'); range.className = 'hint chart-range';
    range.textContent = `1500 → ${last}`;
    card.append(svg, range);
  }
  return card;
}

// A player of a game row: the name, linked to its profile when the seat is an account's.
/** @param {string | null | undefined} name @param {string | null | undefined} account */
function player(name, account) {
  const span = document.createElement('span');
  if (account) {
    const a = document.createElement('a'); a.href = profileUrl(account); a.textContent = name ?? account;
    span.append(a);
  } else span.textContent = name ?? 'anonymous';
  return span;
}

/** @param {any} g a recent game of the profile */
function gameRow(g) {
  const tr = document.createElement('tr');
  tr.dataset.game = g.id;
  const cells = [
    age(g.updated_ms ?? g.created_ms ?? 0),
    `${VARIANT[g.variant] ?? g.variant}${g.rated ? ' · rated' : ''}`,
    player(g.black, g.accounts?.black), player(g.white, g.accounts?.white), g.result ?? 'playing',
  ];
  for (const c of cells) { const td = document.createElement('td'); td.append(c); tr.append(td); }
  const a = document.createElement('a');
  a.href = g.result ? `/replay/${g.id}` : `/game/${g.id}`;
  a.textContent = g.result ? 'Replay' : 'Watch';
  const td = document.createElement('td'); td.append(a); tr.append(td);
  return tr;
}

async function load() {
  const name = decodeURIComponent(location.pathname.split('/').pop() ?? '');
  $('player-name').textContent = name;
  document.title = `stonefield · ${name}`;
  const resp = await fetch(`/api/players/${encodeURIComponent(name)}`).catch(() => null);
  if (!resp?.ok) {
    $('player-msg').textContent = resp?.status === 404 ? `No player is called “${name}”.` : 'The profile could not be loaded.';
    for (const section of document.querySelectorAll('main section')) /** @type {HTMLElement} */ (section).hidden = true;
    return;
  }
  const p = await resp.json();
  $('player-name').textContent = p.name;
  document.title = `stonefield · ${p.name}`;
  $('record').textContent = `${p.wins ?? 0} win${p.wins === 1 ? '' : 's'} · ${p.losses ?? 0} loss${p.losses === 1 ? '' : 'es'}`;
  const rated = Object.entries(p.ratings ?? {}).filter(([, r]) => r.games > 0);
  $('ratings').replaceChildren(...rated.map(([v, r]) => ratingCard(v, r)));
  $('ratings-empty').hidden = rated.length > 0;
  const games = p.games ?? [];
  $('recent').tBodies[0].replaceChildren(...games.map(gameRow));
  $('recent').hidden = games.length === 0;
  $('recent-empty').hidden = games.length > 0;
}

load();
