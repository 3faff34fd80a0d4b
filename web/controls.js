// The game page's controls: which buttons and boxes are shown or enabled (decided from the
// state and the server's `offers`, never from the variant's name), drawing them, and
// binding them to the page's actions.
import { $ } from './dom.js';
import { myTurn, offline, in3d } from './state.js';

/** @typedef {import('./state.js').PageState} PageState */
/** @typedef {import('./state.js').LoadedState} LoadedState */

/**
 * What the controls show for `st` (a game is loaded): each entry true when shown or
 * enabled as named.
 * @param {LoadedState} st
 */
export function controlFlags(st) {
  const g = st.game;
  const off = offline(st);
  const offers = g.offers;
  const seated = !!g.you && g.status !== 'finished';
  const polygon = st.geo.kind === 'polygon';
  return {
    // A seat taken without a name (an invite opened in a browser that knows none) may be
    // named; the computer is told no name.
    nameBox: !!g.you && !g.names?.[g.you] && !g.computer,
    playButtons: seated && g.phase === 'playing',
    marking: seated && g.phase === 'marking',
    pass: offers.pass,
    acceptEnabled: !(g.you && g.accepted?.[g.you]) && !off,
    undoEnabled: !st.undoBy && !off,
    sendEnabled: !off,
    hint: !!g.hints && myTurn(st),
    undoAnswer: seated && !!st.undoBy && st.undoBy !== g.you,
    snap: polygon,
    territoryBox: polygon,
    reserveBox: offers.reserve,
    viewBox: offers.three_d,
    fadeBox: offers.three_d && in3d(st),
    sgf: offers.sgf,
    invite: !!g.invite,
    inviteOpen: g.seats === 'open',
  };
}

/** @param {LoadedState} st */
export function drawControls(st) {
  const c = controlFlags(st);
  $('name-box').hidden = !c.nameBox;
  $('play-buttons').hidden = !c.playButtons;
  $('marking').hidden = !c.marking;
  $('accept').disabled = !c.acceptEnabled;
  $('undo').disabled = !c.undoEnabled;
  for (const b of ['pass', 'resign', 'ask-hint', 'undo-yes', 'undo-no', 'resume']) $(b).disabled = !c.sendEnabled;
  $('ask-hint').hidden = !c.hint;
  $('undo-answer').hidden = !c.undoAnswer;
  $('snap').hidden = !c.snap;
  $('territory-box').hidden = !c.territoryBox;
  $('reserve-box').hidden = !c.reserveBox;
  $('reserve').checked = st.reserve;
  $('pass').hidden = !c.pass;
  // The tests read whether a click on Pass asks first.
  $('pass').dataset.confirm = String(passNeedsConfirm(st.game));
  $('pass-confirm').hidden = !(st.confirmPass && c.playButtons && myTurn(st));
  for (const el of $('snap').querySelectorAll('button')) el.classList.toggle('on', el.dataset.snap === st.snap);
  $('invite').hidden = !c.invite;
  if (c.invite) $('invite-url').value = `${location.origin}/game/${st.game.id}#invite=${st.game.invite}`;
  $('invite-open').hidden = !c.inviteOpen;
  drawViewChoice(st, c);
}

// The 3D / 2D choice and the level fade, where the variant has a 3D view.
/** @param {LoadedState} st @param {ReturnType<typeof controlFlags>} c */
function drawViewChoice(st, c) {
  $('view-box').hidden = !c.viewBox;
  document.body.dataset.view = c.viewBox ? (in3d(st) ? '3d' : '2d') : '';
  if (!c.viewBox) return;
  const { fade } = st.margo;
  const levels = st.geo.kind === 'pyramid' ? st.geo.levels : 1;
  $('view-3d').classList.toggle('on', in3d(st));
  $('view-2d').classList.toggle('on', !in3d(st));
  $('fade-box').hidden = !c.fadeBox;
  $('fade').max = String(levels);
  $('fade').value = String(fade);
  $('fade-text').textContent = fade >= levels ? 'all' : `${fade} of ${levels}`;
}

// The links of a game, set once: its record, SGF where the variant has one, its replay.
/** @param {import('./types.js').GameState} g */
export function setLinks(g) {
  $('download-json').href = `/api/games/${g.id}/record`;
  $('download-sgf').href = `/api/games/${g.id}/sgf`;
  $('download-sgf').hidden = !g.offers.sgf;
  $('replay-link').href = `/replay/${g.id}`;
}

/**
 * What the controls do: messages for the server, and local choices of the page.
 * @typedef {object} ControlActions
 * @property {(msg: object) => boolean} send
 * @property {(confirmed?: boolean) => void} pass a pass; on an open board it is confirmed
 *   first (`true`), or taken back (`false`)
 * @property {() => void} askHint
 * @property {(name: string) => void} saveName
 * @property {(on: boolean) => void} setTerritory
 * @property {(mode: string) => void} setSnap
 * @property {(on: boolean) => void} setReserve
 * @property {(choice: '3d' | '2d') => void} chooseView
 * @property {(level: number) => void} setFade
 * @property {(on: boolean) => void} setSound
 * @property {() => Promise<void>} copyInvite
 */

/** @param {ControlActions} a */
export function bindControls(a) {
  $('save-name').onclick = () => {
    const name = $('my-name').value.trim();
    if (name) a.saveName(name);
  };
  $('pass').onclick = () => a.pass();
  $('pass-yes').onclick = () => a.pass(true);
  $('pass-no').onclick = () => a.pass(false);
  $('resign').onclick = () => { if (confirm('Resign?')) a.send({ type: 'resign' }); };
  $('undo').onclick = () => a.send({ type: 'undo_request' });
  $('ask-hint').onclick = () => a.askHint();
  $('undo-yes').onclick = () => a.send({ type: 'undo_answer', accept: true });
  $('undo-no').onclick = () => a.send({ type: 'undo_answer', accept: false });
  $('accept').onclick = () => a.send({ type: 'accept' });
  $('resume').onclick = () => a.send({ type: 'resume' });
  $('territory').onchange = () => a.setTerritory($('territory').checked);
  for (const el of $('snap').querySelectorAll('button')) el.onclick = () => a.setSnap(el.dataset.snap);
  $('reserve').onchange = () => a.setReserve($('reserve').checked);
  $('view-3d').onclick = () => a.chooseView('3d');
  $('view-2d').onclick = () => a.chooseView('2d');
  $('fade').oninput = () => a.setFade(Number($('fade').value));
  $('sound').onchange = () => a.setSound($('sound').checked);
  $('invite-copy').onclick = () => a.copyInvite();
}

// Fewer moves than this and the board is still open: a pass there is probably a slip.
export const OPEN_BOARD_MOVES = 20;
/** A pass needs confirming on an open board. @param {import('./types.js').GameState} g */
export const passNeedsConfirm = (g) => g.moves.filter((m) => !m.pass).length < OPEN_BOARD_MOVES;

// While the socket is down: a banner with the wait before the next try (counted down by a
// ticker of its own, since nothing else redraws the page then), and a cover over the board
// that takes its clicks and says why they cannot be played. A page's first connection is
// not "lost" while it is still being made.
let connectionTicker = 0;
/** @param {PageState} st */
export function drawConnection(st) {
  const down = st.connection === 'disconnected' || (st.connection === 'connecting' && !!st.game);
  document.body.dataset.conn = st.connection;
  $('offline').hidden = !down;
  $('board-cover').hidden = !down;
  if (down && !connectionTicker) connectionTicker = setInterval(() => drawConnection(st), 500);
  if (!down && connectionTicker) { clearInterval(connectionTicker); connectionTicker = 0; }
  if (!down) return;
  const wait = Math.ceil((st.retryAt - performance.now()) / 1000);
  $('offline-text').textContent = st.connection === 'connecting' || wait <= 0
    ? 'Connection lost: reconnecting…'
    : `Connection lost: reconnecting in ${wait} s…`;
}
