// The home page's account box: the name an anonymous player goes by, signing up and in,
// and once signed in the player's name (to the profile), ratings, a new password and
// signing out. Every refusal is the API's own sentence; success reloads the page, since
// what it lists depends on who is signed in.
import { signIn, signUp, signOut, changePassword, ratingText, profileUrl, showHeaderAccount } from './account.js';
import { $ } from './dom.js';

/** @typedef {import('./account.js').Me} Me */

/** @type {Record<string, string>} */
const VARIANT = { classic: 'classic', continuous: 'continuous', margo: 'MarGo', topological: 'topological' };

/** @param {string} text */
const say = (text) => { $('account-msg').textContent = text; };

// Runs an account call from a form: its button waits, the error is said.
/** @param {HTMLFormElement} form @param {() => Promise<unknown>} action @param {() => void} then */
async function submit(form, action, then) {
  const button = /** @type {HTMLButtonElement} */ (form.querySelector('button[type=submit]'));
  button.disabled = true;
  say('');
  try {
    await action();
    then();
  } catch (e) {
    say(/** @type {Error} */ (e).message);
  } finally {
    button.disabled = false;
  }
}

// The sign-in form serves both sign-in and sign-up: `mode` says which.
let mode = 'in';

/** @param {'in' | 'up'} m */
function openSignForm(m) {
  mode = m;
  $('sign-form').hidden = false;
  $('sign-submit').textContent = m === 'in' ? 'Sign in' : 'Create the account';
  $('acct-password').autocomplete = m === 'in' ? 'current-password' : 'new-password';
  if (m === 'up' && !$('acct-name').value) $('acct-name').value = $('name').value.trim();
  say(m === 'up' ? 'A name of 2 to 24 characters and a password of at least 8.' : '');
  $('acct-name').focus();
}

function bindSignedOut() {
  $('account-anon').hidden = false;
  $('show-sign-in').addEventListener('click', () => openSignForm('in'));
  $('show-sign-up').addEventListener('click', () => openSignForm('up'));
  $('sign-cancel').addEventListener('click', () => { $('sign-form').hidden = true; say(''); });
  $('sign-form').addEventListener('submit', (/** @type {SubmitEvent} */ ev) => {
    ev.preventDefault();
    const name = $('acct-name').value.trim();
    const password = $('acct-password').value;
    submit($('sign-form'), () => (mode === 'in' ? signIn(name, password) : signUp(name, password)), () => location.reload());
  });
  // Other pages link here to sign in.
  if (location.hash === '#account') openSignForm('in');
}

/** @param {Me} who */
function bindSignedIn(who) {
  $('account-in').hidden = false;
  $('me-link').textContent = who.name;
  $('me-link').href = profileUrl(who.name);
  $('pw-username').value = who.name;
  const rated = Object.entries(who.ratings ?? {}).filter(([, r]) => r.games > 0);
  $('me-ratings').textContent = rated.map(([v, r]) => `${VARIANT[v] ?? v} ${ratingText(r)}`).join(' · ');
  $('sign-out').addEventListener('click', async () => {
    try { await signOut(); location.reload(); } catch (e) { say(/** @type {Error} */ (e).message); }
  });
  $('show-password').addEventListener('click', () => { $('password-form').hidden = false; $('pw-old').focus(); });
  $('pw-cancel').addEventListener('click', () => { $('password-form').hidden = true; say(''); });
  $('password-form').addEventListener('submit', (/** @type {SubmitEvent} */ ev) => {
    ev.preventDefault();
    submit($('password-form'), () => changePassword($('pw-old').value, $('pw-new').value), () => {
      $('password-form').reset();
      $('password-form').hidden = true;
      say('Password changed: other sessions of this account are signed out.');
    });
  });
}

/** @param {Promise<Me | null>} accountKnown */
export async function bindAccount(accountKnown) {
  const who = await accountKnown;
  if (who) { bindSignedIn(who); showHeaderAccount(); } else bindSignedOut();
}
