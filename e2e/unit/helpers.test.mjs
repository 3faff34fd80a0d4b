import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fmtScore, resultWhy, countRows, countNotes } from '../../web/count.js';
import { explain } from '../../web/reasons.js';
import { fmtTime, lowTime } from '../../web/clocks.js';
import { playerName } from '../../web/panel.js';
import { game } from './fixtures.mjs';

test('scores are written as results are', () => {
  assert.equal(fmtScore(81), '81');
  assert.equal(fmtScore(35.5), '35.5');
  assert.equal(fmtScore(7.4666), '7.47');
});

test('a resignation or a timeout explains the result; other results need the count', () => {
  assert.equal(resultWhy('B+R'), 'White resigned.');
  assert.equal(resultWhy('W+T'), 'Black ran out of time.');
  assert.equal(resultWhy('B+3.5'), '');
  assert.equal(resultWhy(null), '');
});

test('the count table ends with the total; its notes name the dead stones', () => {
  const count = { kind: 'area', items: [{ name: 'stones', black: 10, white: 8 }, { name: 'komi', black: 0, white: 6.5 }], total: { black: 10, white: 14.5 }, dead: { black: 2, white: 0 } };
  assert.deepEqual(countRows(count), [['stones on the board', '10', '8'], ['komi', '0', '6.5'], ['total', '10', '14.5']]);
  assert.deepEqual(countNotes(count, { status: 'finished' }), [
    'Area count: living stones plus surrounded points, dead stones removed.',
    'Dead stones removed: 2 black, 0 white.',
  ]);
});

test('a reason has one sentence per phase or variant, and unknown codes keep the server’s words', () => {
  assert.equal(explain('unsupported', { variant: 'margo' }), 'A ball above the bottom level needs all four balls under it.');
  assert.equal(explain('unsupported', { variant: 'classic', phase: 'marking' }), 'There is no stone there to mark.');
  assert.equal(explain('unsupported', { variant: 'classic' }), 'That move does not exist in this game.');
  assert.equal(explain('ko'), 'Ko: you cannot take the ko back at once. Play elsewhere first.');
  assert.equal(explain('strange', { message: 'the server says so' }), 'the server says so');
});

test('clocks read as m:ss with periods, and warn near the end', () => {
  assert.equal(fmtTime(null), '–');
  assert.equal(fmtTime({ main: 65000, periods: 0, byo: false }), '1:05');
  assert.equal(fmtTime({ main: 9500, periods: 2, byo: true }), '0:10 (2)');
  const absolute = { kind: 'absolute', main_ms: 300000 };
  assert.equal(lowTime({ main: 29000, periods: 0, byo: false }, absolute), true);
  assert.equal(lowTime({ main: 31000, periods: 0, byo: false }, absolute), false);
  assert.equal(lowTime({ main: 1000, periods: 3, byo: false }, { kind: 'byo-yomi', main_ms: 60000, period_ms: 30000 }), false);
});

test('a seat is named by its player, the computer, or its colour', () => {
  const g = game('classic', { names: { black: '  Ann ', white: null }, computer: { color: 'white', level: 4 } });
  assert.equal(playerName(g, 'black'), 'Ann');
  assert.equal(playerName(g, 'white'), 'Computer (level 4)');
  assert.equal(playerName(game('classic', { names: {} }), 'white'), 'White');
});
