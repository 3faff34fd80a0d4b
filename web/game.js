// The game page: wires the socket, the state, the drawing and the controls together.
import { createState, applyFull, applyMoved, loadSeat, saveSeat, nameField, saveName, loadName, myTurn, describeMove, percent } from './state.js';
import { geometry, stoneAt, candidatesAt, zoomed } from './board.js';
import { pyramidInfo } from './pyramid.js';
import { topoInfo } from './topo.js';
import { render } from './render.js';
import { bind } from './events.js';
import { connect } from './net.js';
import { explain } from './reasons.js';
import { fmtScore, countTableRows, countNotes, resultWhy } from './count.js';
import { savedView, saveView, webglWorks } from './view-choice.js';
import { drawPanel } from './panel.js';
import { soundOn, setSound, playStone } from './sound.js';
import { copyField } from './copy.js';

const $ = (id) => document.getElementById(id);
const id = location.pathname.split('/').pop();
// An invite link carries its one-time invite in the fragment (never sent to a server);
// links made before invites had their own token say `seat=`, and work as invites.
const fromLink = new URLSearchParams(location.hash.slice(1));
const invite = fromLink.get('invite') ?? fromLink.get('seat');
// The address bar keeps no secret: not for a reload, a bookmark or a shared screen.
if (location.hash) history.replaceState(null, '', location.pathname);
// What the claim of the invite came to, shown until the game says something else.
const seatNotice = invite ? await claimSeat(invite) : '';

// Trades the invite for a seat token of our own, kept in this browser, under the name this
// browser remembers (none: anonymous). Returns what to tell the player when that fails
// (and they hold no seat here already).
async function claimSeat(inv) {
  const resp = await fetch(`/api/games/${id}/claim`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ invite: inv, ...nameField() }),
  });
  const data = await resp.json().catch(() => ({}));
  if (resp.ok) { saveSeat(id, data.token); return ''; }
  return loadSeat(id) ? '' : `${data.error ?? `the invite was refused (${resp.status})`}: you are watching`;
}

const st = createState();
const view = { zoom: 1, cx: null, cy: null };
let geo = null; let frame = 0; let previewTimer = 0;
// Preview answers for the current position, by request; cleared whenever it changes.
const previews = new Map();
// Requests still unanswered when the position changed, by request: their answers, which
// come in order on the socket, describe the old position and are dropped.
const stale = new Map();
// A click on a stack whose previews had not all come back yet: played once they have.
let pendingClick = null;
const svg = $('board');
const canvas3d = $('board3d');
// MarGo only: the view shown ('3d' or '2d'), the 3D scene once loaded (three.js is
// fetched only then), the playable point under the pointer in 3D, and the highest level
// the 3D view draws solid (1 is the bottom; the levels above are faded).
let margoView = null; let scene3d = null; let hover3d = null; let fade = 0;
const in3d = () => margoView === '3d' && !!scene3d;

function redraw() {
  if (!frame) frame = requestAnimationFrame(() => { frame = 0; draw(); });
}

const NAME = { black: 'Black', white: 'White' };

// The count table and its notes, from the server's `count` (marking and after the end).
function drawCount(g) {
  const c = g.count;
  $('count').hidden = !c;
  if (!c) return;
  $('count-table').tBodies[0].replaceChildren(...countTableRows(c));
  $('count-notes').replaceChildren(...countNotes(c, g).map((n) => { const li = document.createElement('li'); li.textContent = n; return li; }));
}

// Who has accepted the count, in words for this page's reader.
function acceptedText(g) {
  const acc = g.accepted ?? {};
  if (g.status === 'finished') return g.count && acc.black && acc.white ? 'Both players accepted the count.' : '';
  if (g.phase !== 'marking') return '';
  const other = g.you === 'black' ? 'white' : 'black';
  if (g.you && acc[other] && !acc[g.you]) return 'Your opponent has accepted the count: accept it too, or resume play.';
  if (g.you && acc[g.you] && !acc[other]) return 'You accepted the count; waiting for your opponent.';
  const who = ['black', 'white'].filter((c) => acc[c]).map((c) => NAME[c]);
  return who.length ? `${who.join(' and ')} accepted the count.` : '';
}

function draw() {
  const g = st.game;
  if (!g) return;
  if (in3d()) scene3d.draw(st, geo, { fade, mine: myTurn(st) });
  else render(svg, st, geo, view);
  drawViewChoice(g);
  const b = document.body.dataset;
  Object.assign(b, { seq: g.seq, phase: g.phase, status: g.status, toMove: g.to_move, you: g.you ?? 'spectator', thinking: st.thinking });
  const against = g.computer ? ` against the computer (${g.computer.color}, level ${g.computer.level})` : '';
  $('you').textContent = (g.you ? `You play ${g.you}` : 'Watching') + against;
  const turn = g.status === 'open' ? 'waiting for an opponent' : st.thinking ? 'computer is thinking…' : g.phase === 'marking' ? 'marking dead stones' : `${NAME[g.to_move]} to move`;
  $('status').textContent = g.status === 'finished' ? 'game over' : turn;
  const ps = st.preview?.result.score;
  // Once play has stopped the score is the count's total, the numbers the result compares.
  const shown = g.count?.total ?? g.score;
  $('score').textContent = `B ${fmtScore(shown.black)} · W ${fmtScore(shown.white)}${ps ? ` (if played: B ${fmtScore(ps.black)} · W ${fmtScore(ps.white)})` : ''}`;
  $('result').textContent = g.result ? `Result: ${g.result}` : '';
  $('result-why').textContent = resultWhy(g.result);
  drawCount(g);
  $('accepted').textContent = acceptedText(g);
  drawPanel(st);
  drawConnection();
  // A seat taken without a name (an invite opened in a browser that knows none) may be named.
  $('name-box').hidden = !g.you || !!g.names?.[g.you];
  const seated = !!g.you && g.status !== 'finished';
  $('play-buttons').hidden = !seated || g.phase !== 'playing';
  $('marking').hidden = !seated || g.phase !== 'marking';
  $('accept').disabled = !!g.accepted?.[g.you] || offline();
  $('undo').disabled = !!st.undoBy || offline();
  for (const b of ['pass', 'resign', 'ask-hint', 'undo-yes', 'undo-no', 'resume']) $(b).disabled = offline();
  $('ask-hint').hidden = !(g.hints && myTurn(st));
  const sg = st.suggestion;
  $('suggestion').textContent = !sg ? '' : sg === 'asked' ? 'looking for a hint…'
    : `Suggested: ${describeMove(sg.move)}${sg.win_rate == null ? '' : ` · your win estimate ${percent(sg.win_rate)}`}`;
  $('undo-answer').hidden = !(seated && st.undoBy && st.undoBy !== g.you);
  $('snap').hidden = geo.kind !== 'polygon';
  $('territory-box').hidden = geo.kind !== 'polygon';
  $('reserve-box').hidden = g.variant !== 'topological';
  $('reserve').checked = st.reserve;
  $('pass').hidden = g.variant === 'margo';
  $('info').textContent = g.variant === 'margo' ? pyramidInfo(g) : g.variant === 'topological' ? topoInfo(g) : '';
  const pv = st.preview;
  b.preview = pv ? `${(pv.result.at ?? pv.request.at ?? []).join(',')}:${pv.result.legal}` : '';
  for (const el of $('snap').querySelectorAll('button')) el.classList.toggle('on', el.dataset.snap === st.snap);
  $('invite').hidden = !g.invite;
  if (g.invite) $('invite-url').value = `${location.origin}/game/${g.id}#invite=${g.invite}`;
  $('invite-open').hidden = g.seats !== 'open';
  $('msg').textContent = st.message;
  const why = st.preview && !st.preview.result.legal ? st.preview.result.reason ?? 'no-point' : '';
  $('hint').textContent = why ? `Here: ${explain(why, { variant: g.variant, phase: g.phase })}` : '';
  if (g.clock?.running && g.status === 'live') setTimeout(redraw, 250);
}

const offline = () => st.connection !== 'connected';

// While the socket is down: a banner with the wait before the next try (counted down by a
// ticker of its own, since nothing else redraws the page then), and a cover over the board
// that takes its clicks and says why they cannot be played. A page's first connection is
// not "lost" while it is still being made.
let connectionTicker = 0;
function drawConnection() {
  const down = st.connection === 'disconnected' || (st.connection === 'connecting' && !!st.game);
  document.body.dataset.conn = st.connection;
  $('offline').hidden = !down;
  $('board-cover').hidden = !down;
  if (down && !connectionTicker) connectionTicker = setInterval(drawConnection, 500);
  if (!down && connectionTicker) { clearInterval(connectionTicker); connectionTicker = 0; }
  if (!down) return;
  const wait = Math.ceil((st.retryAt - performance.now()) / 1000);
  $('offline-text').textContent = st.connection === 'connecting' || wait <= 0
    ? 'Connection lost: reconnecting…'
    : `Connection lost: reconnecting in ${wait} s…`;
}

// Sends `msg` to the server; while disconnected nothing can be sent, and the player is
// told so rather than left wondering where the click went.
function send(msg) {
  if (net.send(msg)) return true;
  st.message = 'Not connected: nothing was sent. Reconnecting…';
  redraw();
  return false;
}

// The 3D / 2D choice and the level fade, for MarGo.
function drawViewChoice(g) {
  $('view-box').hidden = g.variant !== 'margo';
  document.body.dataset.view = g.variant === 'margo' ? (in3d() ? '3d' : '2d') : '';
  if (g.variant !== 'margo') return;
  $('view-3d').classList.toggle('on', in3d());
  $('view-2d').classList.toggle('on', !in3d());
  $('fade-box').hidden = !in3d();
  $('fade').max = String(geo.levels);
  $('fade').value = String(fade);
  $('fade-text').textContent = fade >= geo.levels ? 'all' : `${fade} of ${geo.levels}`;
}

function onMessage(m) {
  switch (m.type) {
    case 'state': {
      const first = !st.game;
      applyFull(st, m.state);
      geo = geometry(m.state.view.board, m.state.view.rules ?? m.state.rules);
      if (first) setLinks(m.state);
      if (first && m.state.variant === 'margo') { fade = geo.levels; showView(savedView(), false); }
      st.message = first ? seatNotice : '';
      resetPreviews();
      break;
    }
    case 'moved':
      applyMoved(st, m); st.message = ''; resetPreviews();
      if (m.report.result === 'placed' && playStone()) document.body.dataset.stoneSounds = String(Number(document.body.dataset.stoneSounds ?? 0) + 1);
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
    case 'preview': {
      const k = JSON.stringify(m.request);
      if (stale.get(k)) { stale.set(k, stale.get(k) - 1); break; }
      previews.set(k, m.result); choosePreview(); settleClick();
      break;
    }
    case 'refused': st.message = explain(m.reason, { variant: st.game?.variant, phase: st.game?.phase, message: m.message }); break;
    case 'error': st.message = m.message; break;
    default: break;
  }
  redraw();
}

function setLinks(g) {
  $('download-json').href = `/api/games/${g.id}/record`;
  $('download-sgf').href = `/api/games/${g.id}/sgf`;
  $('download-sgf').hidden = g.variant !== 'classic';
  $('replay-link').href = `/replay/${g.id}`;
}

const net = connect(id, loadSeat(id), onMessage, (s, retryIn) => {
  // A new connection answers only what is asked on it.
  if (s === 'connected') { previews.clear(); stale.clear(); }
  st.connection = s;
  st.retryAt = performance.now() + (retryIn ?? 0);
  $('conn').textContent = s;
  drawConnection();
  redraw();
});
$('reconnect-now').onclick = () => net.retryNow();

// The requests a pointer at board point `at` may mean, highest first.
function requestsAt(at) {
  if (!at || !geo) return [];
  if (geo.kind === 'polygon') return [{ request: at, snap: st.snap }];
  const reserve = st.game?.variant === 'topological' && st.reserve ? { reserve: true } : {};
  return candidatesAt(geo, at[0], at[1]).map((p) => ({ at: p, ...reserve }));
}

// The requests the pointer means now: the playable point under it in 3D, else `requestsAt`.
function hoverRequests() {
  if (in3d()) return hover3d ? [{ at: hover3d }] : [];
  return requestsAt(st.hover);
}

// The preview shown: the first candidate the server called legal, else the first answered.
function choosePreview() {
  const asked = hoverRequests();
  const answered = asked.map((r) => ({ request: r, result: previews.get(JSON.stringify(r)) })).filter((a) => a.result);
  st.preview = myTurn(st) ? answered.find((a) => a.result.legal) ?? answered[0] ?? null : null;
}

// Hover previews are asked from the server at most once per animation frame, each request
// once per position.
function askPreview() {
  if (previewTimer) return;
  previewTimer = requestAnimationFrame(() => {
    previewTimer = 0;
    if (previews.size > 300) previews.clear();
    if (myTurn(st)) ensureAsked(hoverRequests());
    choosePreview();
    redraw();
  });
}

function ensureAsked(requests) {
  for (const r of requests) {
    const k = JSON.stringify(r);
    // Previews are only hints: while disconnected they are asked again later, silently.
    if (!previews.has(k) && net.send({ type: 'preview', request: r })) previews.set(k, null);
  }
}

// Plays a pending stack click once every level under it has an answer: the highest legal
// point, or (none legal) the highest, so that the server says why not.
function settleClick() {
  if (!pendingClick) return;
  const answers = pendingClick.map((r) => previews.get(JSON.stringify(r)));
  if (answers.some((a) => !a)) return;
  const i = answers.findIndex((a) => a.legal);
  send({ type: 'move', move: pendingClick[Math.max(i, 0)] });
  pendingClick = null;
}

function resetPreviews() {
  for (const [k, v] of previews) if (v === null) stale.set(k, (stale.get(k) ?? 0) + 1);
  previews.clear();
  pendingClick = null;
  choosePreview();
  askPreview();
  redraw();
}

bind(svg, {
  hover(at) {
    if (!geo) return;
    st.hover = at;
    askPreview();
  },
  click(at) {
    const g = st.game;
    if (!g || !geo) return;
    if (g.phase === 'marking' && g.you) {
      const s = stoneAt(geo, g.view.stones, at[0], at[1]);
      if (s) send({ type: 'toggle_dead', at: s.slice(0, -1) });
      return;
    }
    if (!myTurn(st)) { st.message = explain(g.you ? 'not-your-turn' : 'spectator'); redraw(); return; }
    if (geo.kind === 'polygon') { send({ type: 'move', move: { request: at, snap: st.snap } }); return; }
    // Over a MarGo stack wait for every level's answer; elsewhere the server judges.
    const asked = requestsAt(at);
    if (asked.length > 1) { pendingClick = asked; ensureAsked(asked); settleClick(); return; }
    if (asked[0]) send({ type: 'move', move: asked[0] });
  },
  zoom(factor, at) {
    Object.assign(view, zoomed(geo, view, factor, at));
    redraw();
  },
  pan(dx, dy) {
    if (view.zoom === 1 || !geo) return;
    const b = geo.bounds;
    view.cx = (view.cx ?? b.x + b.w / 2) + dx; view.cy = (view.cy ?? b.y + b.h / 2) + dy;
    redraw();
  },
  snap(mode) { st.snap = mode; resetPreviews(); },
  reserve() { st.reserve = !st.reserve; resetPreviews(); },
  territory() { st.territory = !st.territory; $('territory').checked = st.territory; redraw(); },
});

// The 3D view's pointer: it names exact playable points, so a click plays the point itself.
const handlers3d = {
  hover(p) { hover3d = p; askPreview(); },
  click(p) {
    const g = st.game;
    if (!g) return;
    if (!myTurn(st)) { st.message = explain(g.you ? 'not-your-turn' : 'spectator'); redraw(); return; }
    if (!p) { st.message = 'Pick a marked point: a green ring on the board or a green bead between balls.'; redraw(); return; }
    send({ type: 'move', move: { at: p } });
  },
};

// Shows MarGo in `choice` ('3d' or '2d'), remembered if the player chose it. The 3D view
// falls back to the 2D one, with a notice, where WebGL does not work.
async function showView(choice, chosen) {
  if (chosen) saveView(choice);
  if (choice === '3d' && !scene3d) {
    const failed = (why) => { $('view-notice').hidden = false; $('view-notice').textContent = `The 3D view is not available here (${why}): showing the 2D view.`; $('view-3d').disabled = true; showView('2d', false); };
    if (!webglWorks()) { failed('this browser has no WebGL 2'); return; }
    try {
      const { createMargo3d } = await import('./margo3d.js');
      scene3d = createMargo3d(canvas3d, handlers3d);
    } catch (e) {
      failed(e?.message ?? 'WebGL did not start');
      return;
    }
    // For the end-to-end tests: where a point is on screen, and what a pointer there picks.
    window.__margo3d = { project: (p) => scene3d.project(p), pointAt: (x, y) => scene3d.pointAt(x, y), marked: () => scene3d.marked() };
  }
  margoView = choice;
  svg.toggleAttribute('hidden', choice === '3d');
  canvas3d.hidden = choice !== '3d';
  st.hover = null; hover3d = null;
  choosePreview();
  redraw();
}

$('view-3d').onclick = () => showView('3d', true);
$('view-2d').onclick = () => showView('2d', true);
$('fade').oninput = () => { fade = Number($('fade').value); redraw(); };

$('my-name').value = loadName();
$('save-name').onclick = () => {
  const name = $('my-name').value.trim();
  if (!name) return;
  saveName(name);
  send({ type: 'name', name });
};
$('pass').onclick = () => send({ type: 'pass' });
$('resign').onclick = () => { if (confirm('Resign?')) send({ type: 'resign' }); };
$('undo').onclick = () => send({ type: 'undo_request' });
$('ask-hint').onclick = () => { st.suggestion = 'asked'; send({ type: 'hint' }); redraw(); };
$('undo-yes').onclick = () => send({ type: 'undo_answer', accept: true });
$('undo-no').onclick = () => send({ type: 'undo_answer', accept: false });
$('accept').onclick = () => send({ type: 'accept' });
$('resume').onclick = () => send({ type: 'resume' });
$('territory').onchange = () => { st.territory = $('territory').checked; redraw(); };
for (const el of $('snap').querySelectorAll('button')) el.onclick = () => { st.snap = el.dataset.snap; resetPreviews(); };
$('reserve').onchange = () => { st.reserve = $('reserve').checked; resetPreviews(); };
$('sound').checked = soundOn();
$('sound').onchange = () => setSound($('sound').checked);
$('invite-copy').onclick = async () => { $('invite-copied').textContent = await copyField($('invite-url')); };
