// After the end: the rematch (offered, accepted or declined over the socket; against the
// computer it starts at once) and the link to a new game. The rematch's seats are held by
// the seat tokens of this game, colours swapped: the browser keeps its token under the new
// game's id and moves there, with no new link.
import { $ } from './dom.js';
import { loadSeat, saveSeat } from './state.js';

/** @typedef {import('./types.js').GameState} GameState */
/** @typedef {import('./types.js').Color} Color */

/**
 * What the rematch box says to the reader in seat `you` (null: watching).
 * @param {{ by: Color | null, game: string | null }} r @param {Color | null} you
 * @returns {{ text: string, offer: boolean, answer: boolean }}
 */
export function rematchText(r, you) {
  if (r.game) return { text: you ? 'The rematch is ready.' : 'The players play a rematch.', offer: false, answer: false };
  if (!you) return { text: r.by ? `${r.by === 'black' ? 'Black' : 'White'} offers a rematch.` : '', offer: false, answer: false };
  if (r.by === you) return { text: 'Rematch offered: waiting for your opponent…', offer: false, answer: false };
  if (r.by) return { text: 'Your opponent offers a rematch (colours swapped).', offer: false, answer: true };
  return { text: '', offer: true, answer: false };
}

/**
 * Binds the rematch box: `send` sends a socket message, `id` is this game's.
 * @param {(msg: object) => boolean} send @param {string} id
 */
export function bindRematch(send, id) {
  /** @type {{ by: Color | null, game: string | null }} */
  let r = { by: null, game: null };
  /** @type {Color | null} */
  let you = null;
  let over = false;
  // A rematch this page asked for or accepted is joined at once; one made while the
  // reader was away is offered as a link.
  let asked = false;
  // What happened to an offer, said until the next change.
  let note = '';
  const go = (/** @type {string} */ game) => {
    const token = loadSeat(id);
    if (token && you) saveSeat(game, token);
    location.assign(`/game/${game}`);
  };
  const draw = () => {
    $('rematch-box').hidden = !over;
    document.body.dataset.rematch = r.game ?? (r.by ? `offered-by-${r.by}` : '');
    if (!over) return;
    const t = rematchText(r, you);
    $('rematch-text').textContent = [t.text, note].filter(Boolean).join(' ');
    $('rematch').hidden = !t.offer;
    $('rematch-answer').hidden = !t.answer;
    $('rematch-go').hidden = !r.game;
  };
  $('rematch').onclick = () => { if (send({ type: 'rematch' })) asked = true; };
  $('rematch-yes').onclick = () => { if (send({ type: 'rematch_answer', accept: true })) asked = true; };
  $('rematch-no').onclick = () => send({ type: 'rematch_answer', accept: false });
  $('rematch-go').onclick = () => { if (r.game) go(r.game); };
  return {
    /** A full state. @param {GameState} g */
    state(g) {
      you = g.you;
      over = g.status === 'finished';
      r = g.rematch ?? { by: null, game: null };
      draw();
    },
    /** The game may have ended with a move. @param {GameState | null} g */
    draw(g) {
      if (g && (g.status === 'finished') !== over) { over = g.status === 'finished'; draw(); }
    },
    /** @param {import('./types.js').ServerMessage} m */
    message(m) {
      note = '';
      if (m.type === 'rematch_offered') r = { by: m.by, game: null };
      else if (m.type === 'rematch_declined') {
        r = { by: null, game: null };
        asked = false;
        if (you && m.by !== you) note = 'Your opponent declined the rematch.';
      } else if (m.type === 'rematch_ready') {
        r = { by: null, game: m.game };
        if (asked) go(m.game);
      }
      draw();
    },
  };
}
