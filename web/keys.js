// The game page's keys (p pass, u undo, h hint; ? opens the help, in help.js) and the
// touch setting "tap twice to play", kept in this browser. A key presses the button it
// stands for, so it is refused, confirmed or hidden exactly as the button is.
import { $ } from './dom.js';

const TAP_KEY = 'stonefield.tapConfirm';
/** On unless the player turned it off. */
export const loadTapConfirm = () => localStorage.getItem(TAP_KEY) !== 'off';
/** @param {boolean} on */
export const saveTapConfirm = (on) => localStorage.setItem(TAP_KEY, on ? 'on' : 'off');

/** @type {Record<string, string>} */
const KEYS = { p: 'pass', u: 'undo', h: 'ask-hint' };

// Whether typing goes to a field (or a dialog is open): keys then are text, not commands.
/** @param {EventTarget | null} t */
const typing = (t) => t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement
  || (t instanceof HTMLElement && t.isContentEditable) || !!document.querySelector('dialog[open]');

// A button that is shown and enabled, inside nothing hidden.
/** @param {HTMLElement} b */
const usable = (b) => !(/** @type {HTMLButtonElement} */ (b).disabled) && !b.closest('[hidden]');

export function bindKeys() {
  window.addEventListener('keydown', (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || typing(ev.target)) return;
    const id = KEYS[ev.key.toLowerCase()];
    const button = id ? $(id) : null;
    if (button && usable(button)) { ev.preventDefault(); button.click(); }
  });
}
