// The game page drawn from its state: the board (SVG, or MarGo's 3D scene), the status
// lines, the count, the panel and the controls. `drawPage` is a function of the state
// alone; the sentences are worked out by the pure helpers exported beside it.
import { $, listItems } from './dom.js';
import { myTurn, describeMove, percent, in3d, hintMove } from './state.js';
import { render } from './render.js';
import { explain } from './reasons.js';
import { fmtScore, countTableRows, countNotes, resultWhy } from './count.js';
import { pyramidInfo } from './pyramid.js';
import { topoInfo } from './topo.js';
import { drawPanel } from './panel.js';
import { drawControls, drawConnection } from './controls.js';
import { variantName } from './help.js';
import { playerName } from './panel.js';

/** @typedef {import('./state.js').PageState} PageState */
/** @typedef {import('./state.js').LoadedState} LoadedState */
/** @typedef {import('./types.js').GameState} GameState */

/** @type {Record<string, string>} */
const NAME = { black: 'Black', white: 'White' };

/** The status line: whose move, or why nobody moves. @param {LoadedState} st */
export function statusText(st) {
  const g = st.game;
  if (g.status === 'finished') return 'game over';
  if (g.status === 'open') return 'waiting for an opponent';
  if (st.thinking) return 'computer is thinking…';
  return g.phase === 'marking' ? 'marking dead stones' : `${NAME[g.to_move]} to move`;
}

/** Who plays here: the seat, or watching, and the computer's seat. @param {GameState} g */
export function youText(g) {
  const against = g.computer ? ` against the computer (${g.computer.color}, level ${g.computer.level})` : '';
  return (g.you ? `You play ${g.you}` : 'Watching') + against;
}

/**
 * The score line, with the previewed move's score. Once play has stopped the score is the
 * count's total, the numbers the result compares.
 * @param {LoadedState} st
 */
export function scoreText(st) {
  const g = st.game;
  const shown = g.count?.total ?? g.score;
  const ps = st.preview?.result.score;
  const ifPlayed = ps ? ` (if played: B ${fmtScore(ps.black)} · W ${fmtScore(ps.white)})` : '';
  return `B ${fmtScore(shown.black)} · W ${fmtScore(shown.white)}${ifPlayed}`;
}

/** Who has accepted the count, in words for this page's reader. @param {GameState} g */
export function acceptedText(g) {
  const acc = g.accepted ?? {};
  if (g.status === 'finished') return g.count && acc.black && acc.white ? 'Both players accepted the count.' : '';
  if (g.phase !== 'marking') return '';
  const other = g.you === 'black' ? 'white' : 'black';
  if (g.you && acc[other] && !acc[g.you]) return 'Your opponent has accepted the count: accept it too, or resume play.';
  if (g.you && acc[g.you] && !acc[other]) return 'You accepted the count; waiting for your opponent.';
  const who = /** @type {const} */ (['black', 'white']).filter((c) => acc[c]).map((c) => NAME[c]);
  return who.length ? `${who.join(' and ')} accepted the count.` : '';
}

/** The hint line under the board: why the previewed point cannot be played. @param {LoadedState} st */
export function previewWhyText(st) {
  const p = st.preview?.result;
  if (!p || p.legal) return '';
  return `Here: ${explain(p.reason ?? 'no-point', { variant: st.game.variant, phase: st.game.phase })}`;
}

/** The suggestion asked for, in words. @param {LoadedState} st */
export function suggestionText(st) {
  const sg = st.suggestion;
  if (!sg) return '';
  if (sg === 'asked') return 'looking for a hint…';
  const name = sg.notation ?? describeMove(sg.move);
  return `Suggested: ${name}${sg.win_rate == null ? '' : ` · your win estimate ${percent(sg.win_rate)}`}`;
}

/** The variant's own line of figures: balls on a pyramid, trees where they count. @param {LoadedState} st */
export function infoText(st) {
  if (st.geo?.kind === 'pyramid') return pyramidInfo(st.game);
  return st.game.offers.trees ? topoInfo(st.game) : '';
}

/** The previewed point and its legality, for the tests (`data-preview`). @param {LoadedState} st */
export function previewMark(st) {
  const pv = st.preview;
  return pv ? `${(pv.result.at ?? pv.request.at ?? []).join(',')}:${pv.result.legal}` : '';
}

// The running score during play only on demand: in the opening it reads as nonsense (one
// stone "owns" the whole empty board). Once play stops the count is always shown.
/** @param {LoadedState} st */
export const scoreShown = (st) => st.showScore || st.game.phase !== 'playing' || st.game.status !== 'live';

// The last move in words, for screen readers (an aria-live region): "Black E7", with captures.
/** @param {GameState} g */
export function lastMoveText(g) {
  const r = g.last; const i = (g.notation ?? []).length;
  if (!r || !i) return '';
  const who = playerName(g, r.color);
  const caps = r.captured?.length ? `, captures ${r.captured.length}` : '';
  return `Move ${i}: ${who} ${g.notation?.[i - 1] ?? r.result}${caps}`;
}

// The window's title: the variant, then whose move it is, so that a tab says when to play.
/** @param {LoadedState} st */
export function titleText(st) {
  const turn = myTurn(st) ? 'your move · ' : '';
  return `${turn}${variantName(st.game.variant)} · stonefield`;
}

// The count table and its notes, from the server's `count` (marking and after the end).
/** @param {GameState} g */
function drawCount(g) {
  const c = g.count;
  $('count').hidden = !c;
  if (!c) return;
  $('count-table').tBodies[0].replaceChildren(...countTableRows(c));
  $('count-notes').replaceChildren(...listItems(countNotes(c, g)));
}

/** @param {LoadedState} st */
function drawBoard(st) {
  if (in3d(st)) st.margo.scene.draw(st, st.geo, { fade: st.margo.fade, mine: myTurn(st) });
  else render($('board'), st, st.geo, st.view);
}

// What the end-to-end tests read of the page, on the body's data attributes.
/** @param {LoadedState} st */
function markBody(st) {
  const g = st.game;
  Object.assign(document.body.dataset, {
    seq: g.seq, phase: g.phase, status: g.status, toMove: g.to_move, you: g.you ?? 'spectator',
    thinking: st.thinking, preview: previewMark(st),
  });
}

/** Draws the whole page from `page`; nothing before the first state. @param {PageState} page */
export function drawPage(page) {
  if (!page.game || !page.geo) return;
  const st = /** @type {LoadedState} */ (page);
  const g = st.game;
  drawBoard(st);
  markBody(st);
  $('you').textContent = youText(g);
  $('status').textContent = statusText(st);
  $('score').textContent = scoreText(st);
  $('score-line').hidden = !scoreShown(st);
  $('estimate-box').hidden = st.game.phase !== 'playing' || st.game.status !== 'live';
  $('show-estimate').setAttribute('aria-pressed', String(st.showScore));
  $('show-estimate').textContent = st.showScore ? 'Hide the estimate' : 'Estimate the score';
  document.title = titleText(st);
  $('variant-name').textContent = variantName(g.variant);
  const said = lastMoveText(g);
  if ($('announce').textContent !== said) $('announce').textContent = said;
  $('result').textContent = g.result ? `Result: ${g.result}` : '';
  $('result-why').textContent = resultWhy(g.result);
  drawCount(g);
  $('accepted').textContent = acceptedText(g);
  drawPanel(st);
  drawConnection(st);
  drawControls(st);
  $('suggestion').textContent = suggestionText(st);
  $('play-hint').hidden = !(hintMove(st.suggestion) && myTurn(st));
  $('confirm-bar').hidden = !(st.pending && myTurn(st));
  $('info').textContent = infoText(st);
  $('msg').textContent = st.message;
  $('hint').textContent = previewWhyText(st);
}
