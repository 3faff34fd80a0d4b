// Accounts from the browser: the calls of the accounts API (docs/api.md: sign up, sign in,
// sign out, change the password, who is signed in) and the header line every page shows.
// The session is an HttpOnly cookie the browser sends by itself; no secret is kept here.

/**
 * A player's rating in one variant, as the API gives it.
 * @typedef {{ rating: number, deviation: number, games: number, history?: { at_ms: number, rating: number, game: string }[] }} Rating
 */
/**
 * The signed-in player (GET /api/me).
 * @typedef {{ name: string, ratings: Record<string, Rating> }} Me
 */

/** @type {Promise<Me | null> | null} */
let meOnce = null;

// Who is signed in, or null; asked once per page (sign-in and out reload what depends on it).
/** @returns {Promise<Me | null>} */
export function me() {
  meOnce ??= fetch('/api/me').then(async (r) => (r.ok ? /** @type {Me} */ (await r.json()) : null)).catch(() => null);
  return meOnce;
}

// An API call with a JSON body; resolves to the answer's JSON (or null) and throws an Error
// carrying the API's own `error` sentence when it refuses.
/** @param {string} method @param {string} url @param {object} [body] */
export async function call(method, url, body) {
  const resp = await fetch(url, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await resp.json().catch(() => null);
  if (!resp.ok) {
    const wait = resp.headers.get('retry-after');
    const why = data?.error ?? `refused (${resp.status})`;
    throw new Error(resp.status === 429 && wait && !/\d/.test(why) ? `${why} (try again in ${wait} s)` : why);
  }
  return data;
}

/** @param {string} name @param {string} password @returns {Promise<Me>} */
export const signUp = (name, password) => call('POST', '/api/accounts', { name, password });
/** @param {string} name @param {string} password @returns {Promise<Me>} */
export const signIn = (name, password) => call('POST', '/api/session', { name, password });
export const signOut = () => call('DELETE', '/api/session');
/** @param {string} old @param {string} password */
export const changePassword = (old, password) => call('PUT', '/api/me/password', { old, new: password });

// A rating as shown beside a name: the number, with "?" while it is still provisional.
/** @param {Rating | number | null | undefined} r */
export function ratingText(r) {
  if (r === null || r === undefined) return '';
  if (typeof r === 'number') return String(Math.round(r));
  return `${Math.round(r.rating)}${r.deviation > 110 ? '?' : ''}`;
}

/** @param {string} name */
export const profileUrl = (name) => `/player/${encodeURIComponent(name)}`;

// The header's account line on pages other than home: the signed-in name linking to the
// profile, or a link to sign in on the home page.
export async function showHeaderAccount() {
  const header = document.querySelector('body > header');
  if (!header) return;
  let slot = document.getElementById('account-header');
  if (!slot) {
    slot = document.createElement('span');
    slot.id = 'account-header'; slot.className = 'header-account';
    header.append(slot);
  }
  const who = await me();
  const a = document.createElement('a');
  if (who) {
    a.href = profileUrl(who.name); a.textContent = who.name;
    slot.replaceChildren('signed in as ', a);
  } else {
    a.href = '/#account'; a.textContent = 'sign in';
    slot.replaceChildren(a);
  }
}
