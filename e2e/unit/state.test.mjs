import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createState, applyFull, applyMoved, myTurn, describeMove, percent, timeLeft, in3d, offline } from '../../web/state.js';
import { game } from './fixtures.mjs';

test('a full state replaces the game and what depended on the old one', () => {
  const st = createState();
  st.preview = { request: { at: [0, 0] }, result: { legal: true } };
  st.suggestion = 'asked';
  applyFull(st, game('classic', { undo_by: 'white', computer: { color: 'white', level: 2, thinking: true } }));
  assert.equal(st.game.id, 'g1');
  assert.equal(st.undoBy, 'white');
  assert.equal(st.thinking, true);
  assert.equal(st.preview, null);
  assert.equal(st.suggestion, null);
});

test('a placed move adds the stone, removes the captures and credits the taker', () => {
  const st = createState();
  applyFull(st, game('classic', { view: { ...game().view, stones: [[1, 1, 'white'], [5, 5, 'white']] } }));
  applyMoved(st, {
    type: 'moved', seq: 1, to_move: 'white', phase: 'playing', score: { black: 1, white: 6.5 }, clock: null,
    report: { result: 'placed', color: 'black', at: [1, 2], captured: [[1, 1, 'white']], notation: 'B7' },
  });
  const v = st.game.view;
  assert.deepEqual(v.stones, [[5, 5, 'white'], [1, 2, 'black']]);
  assert.deepEqual(v.last, [1, 2]);
  assert.equal(v.prisoners.black, 1);
  assert.deepEqual(st.game.notation, ['B7']);
  assert.deepEqual(st.game.moves, [{ color: 'black', at: [1, 2] }]);
  assert.equal(st.game.to_move, 'white');
});

test('a pass clears the last mark and a result ends the game', () => {
  const st = createState();
  applyFull(st, game('classic', { view: { ...game().view, last: [3, 3] } }));
  applyMoved(st, {
    type: 'moved', seq: 1, to_move: 'white', phase: 'finished', score: { black: 0, white: 6.5 }, clock: null,
    report: { result: 'pass', color: 'black' }, result: 'W+6.5',
  });
  assert.equal(st.game.view.last, null);
  assert.deepEqual(st.game.moves, [{ color: 'black', pass: true }]);
  assert.deepEqual(st.game.notation, ['pass']);
  assert.equal(st.game.status, 'finished');
  assert.equal(st.game.result, 'W+6.5');
});

test('it is my turn only when seated, to move, playing and live', () => {
  assert.equal(myTurn({ game: game() }), true);
  assert.equal(myTurn({ game: game('classic', { to_move: 'white' }) }), false);
  assert.equal(myTurn({ game: game('classic', { you: null }) }), false);
  assert.equal(myTurn({ game: game('classic', { phase: 'marking' }) }), false);
  assert.equal(myTurn({ game: game('classic', { status: 'finished' }) }), false);
  assert.equal(myTurn({ game: null }), false);
});

test('moves and estimates read as words', () => {
  assert.equal(describeMove(null), 'nothing');
  assert.equal(describeMove({ color: 'black', pass: true }), 'pass');
  assert.equal(describeMove({ color: 'black', at: [3, 4] }), '[3, 4]');
  assert.equal(describeMove({ color: 'black', at: [3.25, 4.5], reserve: true }), '[3.25, 4.50] (reserve stone)');
  assert.equal(percent(0.567), '57%');
});

test('the 3D view counts only once its scene is loaded, and offline means not connected', () => {
  const st = createState();
  st.margo.view = '3d';
  assert.equal(in3d(st), false);
  st.margo.scene = {};
  assert.equal(in3d(st), true);
  assert.equal(offline(st), true);
  st.connection = 'connected';
  assert.equal(offline(st), false);
});

test('a clock waiting in byo-yomi offers a whole period; no clock gives no time', () => {
  const st = createState();
  applyFull(st, game());
  assert.equal(timeLeft(st, 'black'), null);
  st.game.clock = {
    control: { kind: 'byo-yomi', main_ms: 60000, period_ms: 30000, periods: 3 },
    running: 'white', black: { main_ms: 0, periods: 2 }, white: { main_ms: 5000, periods: 3 },
  };
  assert.deepEqual(timeLeft(st, 'black'), { main: 30000, periods: 2, byo: true });
  const white = timeLeft(st, 'white');
  assert.ok(white.main <= 5000 && white.main > 4000, `white has ${white.main} ms`);
  assert.equal(white.byo, false);
});
