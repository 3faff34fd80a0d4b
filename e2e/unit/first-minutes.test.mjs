// The pure helpers of the first minutes' changes: hints named and shown, the score on
// demand, the last move in words, MarGo's balls, the open-board pass, the hardware check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suggestionText, scoreShown, lastMoveText, titleText } from '../../web/page.js';
import { hintMove } from '../../web/state.js';
import { explain } from '../../web/reasons.js';
import { passNeedsConfirm } from '../../web/controls.js';
import { game, pageState } from './fixtures.mjs';

test('a hint reads in the variant notation the server sends, and only a stone is marked', () => {
  const st = pageState(game());
  st.suggestion = { move: { color: 'black', at: [4, 2] }, notation: 'E7', win_rate: 0.5 };
  assert.equal(suggestionText(st), 'Suggested: E7 · your win estimate 50%');
  assert.deepEqual(hintMove(st.suggestion)?.at, [4, 2]);
  assert.equal(hintMove({ move: { color: 'black', pass: true }, notation: 'pass' }), null);
  assert.equal(hintMove('asked'), null);
});

test('the running score is shown on demand during play, always once play stops', () => {
  const st = pageState(game());
  assert.equal(scoreShown(st), false);
  st.showScore = true;
  assert.equal(scoreShown(st), true);
  assert.equal(scoreShown(pageState(game('classic', { phase: 'marking' }))), true);
  assert.equal(scoreShown(pageState(game('classic', { status: 'finished', phase: 'finished' }))), true);
});

test('the last move is said with its player, its name and its captures', () => {
  const g = game('classic', {
    notation: ['E7', 'D5'], computer: { color: 'white', level: 2 }, names: { black: 'Ann', white: null },
    last: { result: 'placed', color: 'white', at: [3, 4], captured: [[4, 4, 'black']] },
  });
  assert.equal(lastMoveText(g), 'Move 2: Computer (level 2) D5, captures 1');
  assert.equal(lastMoveText(game()), '');
  assert.equal(titleText(pageState(game('margo'))), 'your move · MarGo · stonefield');
});

test('MarGo is played with balls: its refusals say so', () => {
  assert.equal(explain('occupied', { variant: 'margo' }), 'There is already a ball on that point.');
  assert.equal(explain('occupied', { variant: 'classic' }), 'There is already a stone on that point.');
  assert.match(explain('suicide', { variant: 'margo' }), /^That ball would have/);
});

test('a pass asks first while the board is open', () => {
  const moves = (n) => Array.from({ length: n }, (_, i) => ({ color: i % 2 ? 'white' : 'black', at: [i % 9, Math.floor(i / 9)] }));
  assert.equal(passNeedsConfirm(game('classic', { moves: moves(3) })), true);
  assert.equal(passNeedsConfirm(game('classic', { moves: moves(40) })), false);
});
