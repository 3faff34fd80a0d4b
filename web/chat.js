// The game page's chat: the players' chat for a seat, the spectators' for a watcher (the
// server decides which from the connection). Lines are always shown as text, never as
// markup. A player may hide the opponent's lines; the choice is kept in this browser
// (localStorage), for every game.
import { $ } from './dom.js';

/** @typedef {import('./types.js').ChatLine} ChatLine */
/** @typedef {import('./types.js').GameState} GameState */

const HIDE_KEY = 'stonefield.chat.hide-opponent';
/** @type {Record<string, string>} */
const COLOR_NAME = { black: 'Black', white: 'White' };

export const hidingOpponent = () => localStorage.getItem(HIDE_KEY) === 'on';

/** @param {boolean} on */
function setHiding(on) { localStorage.setItem(HIDE_KEY, on ? 'on' : 'off'); }

// Who said a line, as shown: the name the server gives (a colour for an anonymous seat).
/** @param {ChatLine} line */
export function speaker(line) {
  return COLOR_NAME[line.from] ?? line.from;
}

/**
 * The lines shown to the reader in seat `you` (null: watching): the opponent's are left out
 * while `hide` is on.
 * @param {ChatLine[]} lines @param {import('./types.js').Color | null} you @param {boolean} hide
 */
export function shownLines(lines, you, hide) {
  if (!hide || !you) return lines;
  return lines.filter((l) => !l.color || l.color === you);
}

/** @param {ChatLine} line */
function lineItem(line) {
  const li = document.createElement('li');
  const who = document.createElement('b');
  who.textContent = `${speaker(line)}: `;
  const text = document.createElement('span');
  text.className = 'chat-text';
  // Plain text: whatever was said is never read as markup.
  text.textContent = line.text;
  li.title = `move ${line.move}`;
  li.append(who, text);
  return li;
}

/**
 * Binds the chat panel to the page: `send` sends a socket message (false when offline).
 * Returns what the page calls when the server speaks.
 * @param {(msg: object) => boolean} send
 */
export function bindChat(send) {
  /** @type {ChatLine[]} */
  let lines = [];
  /** @type {import('./types.js').Color | null} */
  let you = null;
  const draw = () => {
    const hide = hidingOpponent();
    const shown = shownLines(lines, you, hide);
    $('chat-lines').replaceChildren(...shown.map(lineItem));
    $('chat-lines').lastElementChild?.scrollIntoView({ block: 'nearest' });
    $('chat-hidden').textContent = shown.length < lines.length ? `${lines.length - shown.length} hidden` : '';
    document.body.dataset.chatLines = String(shown.length);
  };
  $('chat-hide').checked = hidingOpponent();
  $('chat-hide').onchange = () => { setHiding($('chat-hide').checked); draw(); };
  $('chat-form').onsubmit = (/** @type {Event} */ ev) => {
    ev.preventDefault();
    const input = $('chat-input');
    const text = input.value.trim();
    if (!text) return;
    if (send({ type: 'chat', text })) input.value = '';
  };
  return {
    /** A full state: the chat so far of this connection's channel. @param {GameState} g */
    state(g) {
      you = g.you;
      lines = g.chat ?? [];
      $('chat-title').textContent = g.you ? 'Chat with your opponent' : 'Spectators\' chat';
      $('chat-hide-box').hidden = !g.you;
      draw();
    },
    /** A new line. @param {ChatLine} line */
    line(line) {
      lines.push(line);
      draw();
    },
  };
}
