// "How to play" for the game page: a short text per variant with a picture or two (inline
// SVG), in a dialog opened by the "?" button or the ? key and closed by Escape. Words only:
// the rules themselves are the server's.
import { $ } from './dom.js';

const B = (/** @type {number} */ x, /** @type {number} */ y, r = 0.45) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#111"/>`;
const W = (/** @type {number} */ x, /** @type {number} */ y, r = 0.45) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#fafafa" stroke="#333" stroke-width="0.05"/>`;
/** @param {string} box @param {string} body @param {string} label */
const pic = (box, body, label) => `<figure><svg viewBox="${box}" role="img" aria-label="${label}">${body}</svg><figcaption>${label}</figcaption></figure>`;
const grid = (/** @type {number} */ n) => {
  let s = '';
  for (let i = 0; i < n; i++) s += `<line x1="0" y1="${i}" x2="${n - 1}" y2="${i}"/><line x1="${i}" y1="0" x2="${i}" y2="${n - 1}"/>`;
  return `<rect x="-0.6" y="-0.6" width="${n + 0.2}" height="${n + 0.2}" fill="#e3c27a"/><g stroke="#000" stroke-width="0.04">${s}</g>`;
};

const CLASSIC = `<p>Take turns placing a stone on an empty point. A group of stones with no empty point
next to it (no <em>liberty</em>) is captured. Surround more of the board than your opponent.
Two passes in a row end play: mark the dead groups, accept the count.</p>
${pic('-1 -1 5 5', `${grid(4)}${W(1, 1)}${B(0, 1)}${B(2, 1)}${B(1, 0)}<circle cx="1" cy="2" r="0.2" fill="none" stroke="#c00" stroke-width="0.08"/>`, 'White has one liberty left (red): Black captures there')}`;

const CONTINUOUS = `<p>Go without a grid: a stone is a disc that goes anywhere it fits, touching others but
never overlapping. Stones that touch are one group. A group lives while a new stone could
still be placed <em>touching</em> it (a liberty); one that cannot is captured.</p>
<p>Click where you want the stone: if it does not fit there it <strong>snaps</strong> to the nearest
place it fits (the dashed line shows where). Keys 1, 2, 3 choose to snap to any stone, your own or the
opponent's. The area of each stone's cell is the score.</p>
${pic('0 0 6 3', `<rect width="6" height="3" fill="#e3c27a"/>${B(2, 1.5, 0.5)}<circle cx="2" cy="1.5" r="1" fill="none" stroke="#1565c0" stroke-width="0.05" stroke-dasharray="0.12 0.08"/>${W(3, 1.5, 0.5)}`, 'Liberties: any place on the dashed circle where a stone fits')}
${pic('0 0 6 3', `<rect width="6" height="3" fill="#e3c27a"/>${B(2.5, 1.5, 0.5)}<circle cx="3.45" cy="1.18" r="0.5" fill="#fafafa" opacity="0.7" stroke="#1565c0" stroke-width="0.06"/><line x1="2.8" y1="1.4" x2="3.45" y2="1.18" stroke="#1565c0" stroke-width="0.06" stroke-dasharray="0.12 0.08"/><circle cx="2.8" cy="1.4" r="0.1" fill="#1565c0"/>`, 'Snapping: a click on a stone lands beside it')}`;

const MARGO = `<p>Go with balls that stack. Play a ball in an empty hole, or <strong>on top of four balls</strong>
(of any colour) that support it: green rings mark where you can. There is no pass: the game ends when
the player to move has no move, and more balls on the board wins.</p>
<p>Balls of one colour touch side by side on a level, or when one rests on another. A group with no
empty hole next to its balls on the bottom level is captured, except balls pinned under an enemy ball,
which stay (<em>zombies</em>, ringed red). Two enemy balls side by side one level up form a <strong>bridge</strong>
that cuts the contact beneath them (a red cross).</p>
${pic('-0.8 -0.8 3.6 3.6', `<rect x="-0.6" y="-0.6" width="3.2" height="3.2" rx="0.2" fill="#e3c27a"/>${B(0, 0)}${W(1, 0)}${B(0, 1)}${B(1, 1)}${W(0.5, 0.5, 0.4)}<circle cx="2" cy="2" r="0.14" fill="#9a7a3a"/><circle cx="2" cy="1" r="0.14" fill="#9a7a3a"/><circle cx="1" cy="2" r="0.14" fill="#9a7a3a"/><circle cx="0" cy="2" r="0.14" fill="#9a7a3a"/><circle cx="2" cy="0" r="0.14" fill="#9a7a3a"/>`, 'Levels: a ball rests on the four below it')}
${pic('-0.8 -0.8 3.6 3.6', `<rect x="-0.6" y="-0.6" width="3.2" height="3.2" rx="0.2" fill="#e3c27a"/>${B(0, 1)}${B(1, 1)}${W(0, 0)}${W(1, 0)}${W(0, 2)}${W(1, 2)}${W(0.5, 0.5, 0.4)}${W(0.5, 1.5, 0.4)}<line x1="0.5" y1="0.5" x2="0.5" y2="1.5" stroke="#888" stroke-width="0.12"/><line x1="0" y1="1" x2="1" y2="1" stroke="#c00" stroke-width="0.06" stroke-dasharray="0.08 0.08"/><path d="M0.3,0.8l0.4,0.4m0,-0.4l-0.4,0.4" stroke="#c00" stroke-width="0.1"/>`, 'A white bridge (two balls one level up) cuts the black pair below')}`;

const TOPOLOGICAL = `<p>Grow <strong>trees</strong>: each stone must touch (side by side) one of your stones. The longest
tree wins (Black gets one extra). You also have five <strong>reserve stones</strong> that go where none of
your stones touch, to start a new tree: tick "reserve stone" (or press R) first. You must use all
five before the end, or lose. Points inside a region a player has walled off are closed to both.</p>
${pic('-1 -1 6 6', `${grid(5)}<g stroke="#d9822b" stroke-width="0.18"><line x1="0" y1="0" x2="2" y2="0"/><line x1="2" y1="0" x2="2" y2="1"/></g>${W(0, 0, 0.3)}${W(1, 0, 0.3)}${W(2, 0, 0.3)}${W(2, 1, 0.3)}<g stroke="#1f6fbf" stroke-width="0.18"><line x1="4" y1="4" x2="4" y2="2"/></g>${B(4, 4, 0.3)}${B(4, 3, 0.3)}${B(4, 2, 0.3)}`, 'Trees: each player\'s longest tree drawn in its colour')}
${pic('-1 -1 6 6', `${grid(5)}${W(0, 0, 0.3)}${W(1, 0, 0.3)}${W(3, 3, 0.3)}<circle cx="3" cy="3" r="0.42" fill="none" stroke="#1565c0" stroke-width="0.08" stroke-dasharray="0.12 0.08"/>`, 'A reserve stone starts a tree away from your others')}`;

/** @type {Record<string, [string, string]>} */
const TEXT = {
  classic: ['Go', CLASSIC], continuous: ['Continuous Go', CONTINUOUS],
  margo: ['MarGo', MARGO], topological: ['Topological Go', TOPOLOGICAL],
};

const KEYS = `<p class="keys">Keys: <kbd>p</kbd> pass, <kbd>u</kbd> undo, <kbd>h</kbd> hint, <kbd>?</kbd> this help, <kbd>Esc</kbd> close.</p>`;

// The variant's name for titles ("MarGo"), or the variant's own id if unknown.
/** @param {string} variant */
export const variantName = (variant) => TEXT[variant]?.[0] ?? variant;

/** Fills the help dialog for `variant` and binds its button, the ? key and closing. @param {string} variant */
export function setupHelp(variant) {
  const [name, body] = TEXT[variant] ?? TEXT.classic;
  $('help-title').textContent = `How to play ${name}`;
  $('help-body').innerHTML = body + KEYS;
  const dialog = /** @type {HTMLDialogElement} */ ($('help'));
  const open = () => { if (!dialog.open) dialog.showModal(); };
  $('help-open').onclick = open;
  $('help-close').onclick = () => dialog.close();
  window.addEventListener('keydown', (ev) => {
    if (ev.key === '?' && !(ev.target instanceof HTMLInputElement)) { ev.preventDefault(); open(); }
  });
}
