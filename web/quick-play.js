// One click to play: the computer in each variant on a board that suits a first game (the
// level chosen beside, remembered), or a friend through a private game whose invite link
// is shown and copied here. Everything else is the custom game's form (new-game.js).
import { createGame } from './new-game.js';
import { nameField } from './state.js';
import { copyField } from './copy.js';
import { $ } from './dom.js';

// The boards of quick play: small enough for a first game, one per button and choice.
/** @type {Record<string, { variant: string, rules: Record<string, unknown> }>} */
export const QUICK = {
  classic: { variant: 'classic', rules: { board_size: 9 } },
  'classic-13': { variant: 'classic', rules: { board_size: 13 } },
  'classic-19': { variant: 'classic', rules: { board_size: 19 } },
  continuous: { variant: 'continuous', rules: { board: 'square-9' } },
  margo: { variant: 'margo', rules: { board_size: 5 } },
  topological: { variant: 'topological', rules: { board_size: 8 } },
};

const LEVEL_KEY = 'stonefield.level';
const LEVEL_NAMES = ['', 'beginner', 'casual', 'easy', 'club', 'steady', 'strong', 'sharp', 'tough', 'expert', 'strongest'];

function level() {
  const n = Number(localStorage.getItem(LEVEL_KEY) ?? 3);
  return Number.isInteger(n) && n >= 1 && n <= 10 ? n : 3;
}

/** @param {string} key one of QUICK's */
async function playComputer(key) {
  const q = QUICK[key];
  $('quick-msg').textContent = '';
  for (const b of document.querySelectorAll('#quick-computer button')) /** @type {HTMLButtonElement} */ (b).disabled = true;
  try {
    await createGame({ variant: q.variant, rules: q.rules, time_control: { kind: 'none' }, color: 'black', computer_level: level(), ...nameField() });
  } catch (e) {
    $('quick-msg').textContent = /** @type {Error} */ (e).message;
    for (const b of document.querySelectorAll('#quick-computer button')) /** @type {HTMLButtonElement} */ (b).disabled = false;
  }
}

// A private game for a friend: the link is shown, copied if the browser lets the page, and
// the creator goes to the game (where the link is shown too) when ready.
/** @param {boolean} rated */
async function inviteFriend(rated) {
  const q = QUICK[$('friend-variant').value] ?? QUICK.classic;
  $('friend-msg').textContent = '';
  $('invite-friend').disabled = true;
  try {
    /** @type {Record<string, unknown>} */
    const body = { variant: q.variant, rules: q.rules, time_control: { kind: 'none' }, color: 'random', seats: 'private', ...nameField() };
    if (rated) body.rated = true;
    const made = await createGame(body, { go: false });
    $('friend-url').value = new URL(made.invite_url, location.href).href;
    $('friend-go').href = `/game/${made.id}`;
    $('friend-invite').hidden = false;
    $('friend-copied').textContent = await copyField($('friend-url'));
  } catch (e) {
    $('friend-msg').textContent = /** @type {Error} */ (e).message;
  } finally {
    $('invite-friend').disabled = false;
  }
}

/** @param {Promise<unknown>} accountKnown */
export function bindQuickPlay(accountKnown) {
  const select = $('quick-level');
  select.replaceChildren(...LEVEL_NAMES.slice(1).map((name, i) => {
    const o = document.createElement('option');
    o.value = String(i + 1); o.textContent = `${i + 1} · ${name}`;
    return o;
  }));
  select.value = String(level());
  select.addEventListener('change', () => localStorage.setItem(LEVEL_KEY, select.value));
  for (const b of document.querySelectorAll('#quick-computer button')) {
    const key = /** @type {HTMLElement} */ (b).dataset.variant ?? 'classic';
    b.addEventListener('click', () => playComputer(key));
  }
  // Rated games are between accounts: the box shows once the player is signed in.
  accountKnown.then((who) => { $('friend-rated-box').hidden = !who; });
  $('invite-friend').addEventListener('click', () => inviteFriend(!$('friend-rated-box').hidden && $('friend-rated').checked));
  $('friend-copy').addEventListener('click', async () => { $('friend-copied').textContent = await copyField($('friend-url')); });
}
