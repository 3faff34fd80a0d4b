// The game page: claims an invited seat, connects, folds the server's messages into the one
// state object and redraws from it; pointer and control events change the state, then ask
// for a redraw. Drawing lives in page.js, controls in controls.js, previews in previews.js.
import { createState, applyFull, applyMoved, loadSeat, saveSeat, nameField, saveName, loadName, myTurn, in3d, hintMove } from './state.js';
import { geometry, stoneAt, zoomed } from './board.js';
import { bind } from './events.js';
import { connect } from './net.js';
import { explain } from './reasons.js';
import { savedView, saveView, webglWorks } from './view-choice.js';
import { soundOn, setSound, playStone } from './sound.js';
import { copyField } from './copy.js';
import { $ } from './dom.js';
import { drawPage } from './page.js';
import { bindControls, drawConnection, setLinks, passNeedsConfirm } from './controls.js';
import * as previews from './previews.js';
import { setupHelp } from './help.js';
import { bindKeys, loadTapConfirm, saveTapConfirm } from './keys.js';
import { bindChat } from './chat.js';
import { bindRematch } from './rematch.js';

/** @typedef {import('./types.js').ServerMessage} ServerMessage */
/** @typedef {import('./types.js').MoveRequest} MoveRequest */

const id = location.pathname.split('/').pop() ?? '';
const st = createState();
// An invite link carries its one-time invite in the fragment (never sent to a server);
// links made before invites had their own token say `seat=`, and work as invites.
const fromLink = new URLSearchParams(location.hash.slice(1));
const invite = fromLink.get('invite') ?? fromLink.get('seat');
// The address bar keeps no secret: not for a reload, a bookmark or a shared screen.
if (location.hash) history.replaceState(null, '', location.pathname);
st.seatNotice = invite ? await claimSeat(invite) : '';

// Trades the invite for a seat token of our own, kept in this browser, under the name this
// browser remembers (none: anonymous). Returns what to tell the player when that fails
// (and they hold no seat here already).
/** @param {string} inv */
async function claimSeat(inv) {
  const resp = await fetch(`/api/games/${id}/claim`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ invite: inv, ...nameField() }),
  });
  const data = await resp.json().catch(() => ({}));
  if (resp.ok) { saveSeat(id, data.token); return ''; }
  return loadSeat(id) ? '' : `${data.error ?? `the invite was refused (${resp.status})`}: you are watching`;
}

let frame = 0;
// At most one drawing per animation frame, however many changes come in one.
function redraw() {
  if (!frame) frame = requestAnimationFrame(() => { frame = 0; draw(); });
}

function draw() {
  drawPage(st);
  rematch.draw(st.game);
  // A running clock is counted down on the page between the server's figures.
  if (st.game?.clock?.running && st.game.status === 'live') setTimeout(redraw, 250);
}

// Sends `msg` to the server; while disconnected nothing can be sent, and the player is
// told so rather than left wondering where the click went.
/** @param {object} msg */
function send(msg) {
  if (net.send(msg)) return true;
  st.message = 'Not connected: nothing was sent. Reconnecting…';
  redraw();
  return false;
}

/** @param {Extract<ServerMessage, { type: 'state' }>} m */
function onState(m) {
  const first = !st.game;
  applyFull(st, m.state);
  st.geo = geometry(m.state.view.board, m.state.view.rules ?? m.state.rules);
  if (first) { setLinks(m.state); setupHelp(m.state.variant); }
  // Without WebGL at all the 3D view is tried anyway, so that its notice says why it is off.
  if (first && m.state.offers.three_d && st.geo.kind === 'pyramid') { st.margo.fade = st.geo.levels; showView(webglWorks() ? savedView() : '3d', false); }
  st.message = first ? st.seatNotice : '';
  chat.state(m.state);
  rematch.state(m.state);
  resetPreviews();
}

// The stone sound, counted on the body for the tests.
function stoneSound() {
  if (playStone()) document.body.dataset.stoneSounds = String(Number(document.body.dataset.stoneSounds ?? 0) + 1);
}

/** @param {ServerMessage} m */
function onMessage(m) {
  switch (m.type) {
    case 'state': onState(m); break;
    case 'moved':
      applyMoved(st, m); st.message = ''; resetPreviews();
      if (m.report.result === 'placed') stoneSound();
      break;
    case 'undo_requested': st.undoBy = m.by; break;
    case 'undo_declined': {
      const mine = st.undoBy && st.undoBy === st.game?.you;
      st.undoBy = null;
      st.message = mine ? 'Your opponent declined the undo.' : 'Undo declined.';
      break;
    }
    case 'thinking': st.thinking = true; break;
    case 'hint': if (m.seq === st.game?.seq) st.suggestion = m; break;
    case 'preview':
      if (previews.receive(st.previews, m.request, m.result)) { choosePreview(); settleClick(); }
      break;
    case 'refused': st.message = explain(m.reason, { variant: st.game?.variant, phase: st.game?.phase, message: m.message }); break;
    case 'error': st.message = m.message; break;
    case 'chat': chat.line(m); break;
    case 'rematch_offered': case 'rematch_declined': case 'rematch_ready': rematch.message(m); break;
    default: break;
  }
  redraw();
}

const net = connect(id, loadSeat(id), onMessage, (s, retryIn) => {
  if (s === 'connected') previews.forgetConnection(st.previews);
  st.connection = s;
  st.retryAt = performance.now() + (retryIn ?? 0);
  $('conn').textContent = s;
  drawConnection(st);
  redraw();
});
$('reconnect-now').onclick = () => net.retryNow();
const chat = bindChat(send);
const rematch = bindRematch(send, id);

// The requests a pointer at board point `at` may mean, highest first.
/** @param {number[] | null} at */
function requestsAt(at) {
  return previews.requestsAt(st.geo, at, { snap: st.snap, reserve: !!st.game?.offers.reserve && st.reserve });
}

// The requests the pointer means now: the playable point under it in 3D, else `requestsAt`.
/** @returns {MoveRequest[]} */
function hoverRequests() {
  if (in3d(st)) return st.hover3d ? [{ at: st.hover3d }] : [];
  const at = st.pending ?? st.hover;
  const hinted = hintAt(at);
  return hinted ? [hinted] : requestsAt(at);
}

// A click this close to the hint's marker (in screen pixels) plays the hinted move itself.
const HINT_PIXELS = 12;
// A second tap this close to the first (screen pixels) confirms it, on boards without points.
const TAP_PIXELS = 24;

// Board units per screen pixel of the 2D board.
function unitsPerPixel() {
  const svg = $('board');
  const w = svg.getBoundingClientRect().width;
  return w ? svg.viewBox.baseVal.width / w : 0;
}

// The hinted move when board point `at` is on its marker: exactly the server's point (a
// continuous-Go click a few pixels off would snap elsewhere, or be refused).
/** @param {number[] | null} at @returns {MoveRequest | null} */
function hintAt(at) {
  const mv = hintMove(st.suggestion);
  if (!mv?.at || !at || !st.geo) return null;
  const [hx, hy] = st.geo.kind === 'pyramid' ? [mv.at[0] + mv.at[2] / 2, mv.at[1] + mv.at[2] / 2] : mv.at;
  const near = Math.hypot(at[0] - hx, at[1] - hy) <= Math.max(HINT_PIXELS * unitsPerPixel(), st.geo.grid ? 0.5 : 0);
  return near ? { at: mv.at, ...(mv.reserve ? { reserve: true } : {}) } : null;
}

function choosePreview() {
  st.preview = previews.choose(st.previews, hoverRequests(), myTurn(st));
}

/** @param {MoveRequest[]} requests */
const ensureAsked = (requests) => previews.ensureAsked(st.previews, requests, (r) => net.send({ type: 'preview', request: r }));

// Hover previews are asked from the server at most once per animation frame, each request
// once per position.
let previewFrame = 0;
function askPreview() {
  if (previewFrame) return;
  previewFrame = requestAnimationFrame(() => {
    previewFrame = 0;
    if (myTurn(st)) ensureAsked(hoverRequests());
    choosePreview();
    redraw();
  });
}

function settleClick() {
  const move = previews.settleClick(st.previews);
  if (move) send({ type: 'move', move });
}

function resetPreviews() {
  previews.forgetPosition(st.previews);
  choosePreview();
  askPreview();
  redraw();
}

/** @param {string} message */
function say(message) { st.message = message; redraw(); }

// Why a click cannot play, or '' when it is the player's turn.
function notMyTurn() {
  if (myTurn(st)) return '';
  return explain(st.game?.you ? 'not-your-turn' : 'spectator');
}

// Whether a second tap at `at` confirms the pending one: the same point on boards of
// points, a finger's width away on continuous Go's board.
/** @param {number[]} at */
function samePending(at) {
  const p = st.pending;
  if (!p || !st.geo) return false;
  if (st.geo.kind === 'polygon') return Math.hypot(at[0] - p[0], at[1] - p[1]) <= TAP_PIXELS * unitsPerPixel();
  return JSON.stringify(requestsAt(at)) === JSON.stringify(requestsAt(p));
}

/** @param {number[]} at @param {boolean} [touch] */
function clickBoard(at, touch = false) {
  const g = st.game;
  if (!g || !st.geo) return;
  if (g.phase === 'marking' && g.you) {
    const s = stoneAt(st.geo, g.view.stones, at[0], at[1]);
    if (s) send({ type: 'toggle_dead', at: s.slice(0, -1) });
    return;
  }
  const why = notMyTurn();
  if (why) { say(why); return; }
  // On a touch screen a first tap only shows the stone: the finger hides the point.
  if (touch && st.tapConfirm && !samePending(at)) { st.pending = at; st.hover = at; resetPreviews(); return; }
  const tapped = st.pending ?? at;
  st.pending = null;
  // A finger leaves no pointer behind: no preview of the point just played.
  if (touch) st.hover = null;
  playAt(tapped);
}

// Plays what a click at board point `at` means: the hint on its marker, else the point.
/** @param {number[]} at */
function playAt(at) {
  if (!st.geo) return;
  const hinted = hintAt(at);
  if (hinted) { send({ type: 'move', move: hinted }); return; }
  if (st.geo.kind === 'polygon') { send({ type: 'move', move: { request: at, snap: st.snap } }); return; }
  // Over a MarGo stack wait for every level's answer; elsewhere the server judges.
  const asked = requestsAt(at);
  if (asked.length > 1) { st.previews.pendingClick = asked; ensureAsked(asked); settleClick(); return; }
  if (asked[0]) send({ type: 'move', move: asked[0] });
}

bind($('board'), {
  hover(at) {
    if (!st.geo || st.pending) return;
    st.hover = at;
    askPreview();
  },
  click: clickBoard,
  zoom(factor, at) {
    if (!st.geo) return;
    Object.assign(st.view, zoomed(st.geo, st.view, factor, at));
    redraw();
  },
  pan(dx, dy) {
    if (st.view.zoom === 1 || !st.geo) return;
    const b = st.geo.bounds;
    st.view.cx = (st.view.cx ?? b.x + b.w / 2) + dx; st.view.cy = (st.view.cy ?? b.y + b.h / 2) + dy;
    redraw();
  },
  snap(mode) { st.snap = mode; resetPreviews(); },
  reserve() { st.reserve = !st.reserve; resetPreviews(); },
  territory() { st.territory = !st.territory; $('territory').checked = st.territory; redraw(); },
});

// The 3D view's pointer: it names exact playable points, so a click plays the point itself.
const handlers3d = {
  /** @param {import('./types.js').Point | null} p */
  hover(p) { if (!st.pending) { st.hover3d = p; askPreview(); } },
  /** @param {import('./types.js').Point | null} p @param {boolean} touch */
  click(p, touch) {
    if (!st.game) return;
    const why = notMyTurn();
    if (why) { say(why); return; }
    if (!p) { say('Pick a marked point: a green ring on the board or a green bead between balls.'); return; }
    // As on the 2D board: on a touch screen a first tap shows the ball, a second plays it.
    if (touch && st.tapConfirm && JSON.stringify(st.pending) !== JSON.stringify(p)) {
      st.pending = p; st.hover3d = p; askPreview(); redraw(); return;
    }
    st.pending = null;
    send({ type: 'move', move: { at: p } });
  },
};

// Loads the 3D scene; false, with a notice and the 2D view, where WebGL does not work.
async function load3d() {
  const failed = (/** @type {string} */ why) => {
    $('view-notice').hidden = false;
    $('view-notice').textContent = `The 3D view is not available here (${why}): showing the 2D view.`;
    $('view-3d').disabled = true;
    showView('2d', false);
    return false;
  };
  if (!webglWorks()) return failed('this browser has no WebGL 2');
  try {
    const { createMargo3d } = await import('./margo3d.js');
    st.margo.scene = createMargo3d($('board3d'), handlers3d);
  } catch (e) {
    return failed(/** @type {Error} */ (e)?.message ?? 'WebGL did not start');
  }
  // For the end-to-end tests: where a point is on screen, and what a pointer there picks.
  const scene = st.margo.scene;
  Object.assign(window, {
    __margo3d: {
      project: (/** @type {number[]} */ p) => scene.project(p),
      pointAt: (/** @type {number} */ x, /** @type {number} */ y) => scene.pointAt(x, y),
      marked: () => scene.marked(),
    },
  });
  return true;
}

// Shows MarGo in `choice` ('3d' or '2d'), remembered if the player chose it. The 3D view
// falls back to the 2D one, with a notice, where WebGL does not work.
/** @param {'3d' | '2d'} choice @param {boolean} chosen */
async function showView(choice, chosen) {
  if (chosen) saveView(choice);
  if (choice === '3d' && !st.margo.scene && !(await load3d())) return;
  st.margo.view = choice;
  $('board').toggleAttribute('hidden', choice === '3d');
  $('board3d').hidden = choice !== '3d';
  st.hover = null; st.hover3d = null; st.pending = null;
  choosePreview();
  redraw();
}

$('my-name').value = loadName();
st.tapConfirm = loadTapConfirm();
$('tap-confirm').checked = st.tapConfirm;
$('tap-confirm').onchange = () => { st.tapConfirm = $('tap-confirm').checked; saveTapConfirm(st.tapConfirm); st.pending = null; resetPreviews(); };
$('confirm-move').onclick = () => {
  const p = st.pending; st.pending = null; st.hover = null;
  // The 3D view names exact points; the 2D board's point may stand for a stack.
  if (p && st.margo.view === '3d') send({ type: 'move', move: { at: p } });
  else if (p) playAt(p);
  redraw();
};
$('cancel-move').onclick = () => { st.pending = null; st.hover = null; resetPreviews(); };
$('play-hint').onclick = () => {
  const mv = hintMove(st.suggestion);
  if (mv?.at && myTurn(st)) send({ type: 'move', move: { at: mv.at, ...(mv.reserve ? { reserve: true } : {}) } });
};
$('show-estimate').onclick = () => { st.showScore = !st.showScore; redraw(); };
bindKeys();
$('sound').checked = soundOn();
bindControls({
  send,
  pass(confirmed) {
    const g = st.game;
    if (confirmed === undefined && g && passNeedsConfirm(g)) { st.confirmPass = true; redraw(); return; }
    st.confirmPass = false;
    if (confirmed !== false) send({ type: 'pass' });
    redraw();
  },
  askHint() { st.suggestion = 'asked'; send({ type: 'hint' }); redraw(); },
  saveName(name) { saveName(name); send({ type: 'name', name }); },
  setTerritory(on) { st.territory = on; redraw(); },
  setSnap(mode) { st.snap = mode; resetPreviews(); },
  setReserve(on) { st.reserve = on; resetPreviews(); },
  chooseView(choice) { showView(choice, true); },
  setFade(level) { st.margo.fade = level; redraw(); },
  setSound,
  async copyInvite() { $('invite-copied').textContent = await copyField($('invite-url')); },
});
