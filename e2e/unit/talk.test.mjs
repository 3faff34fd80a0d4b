import { test } from 'node:test';
import assert from 'node:assert/strict';
import { shownLines, speaker } from '../../web/chat.js';
import { rematchText } from '../../web/rematch.js';

const line = (color, text) => ({ channel: color ? 'players' : 'spectators', color, from: color ?? 'spectator', text, at_ms: 1, move: 0 });

test('hiding the opponent leaves out their lines only, and only for a player', () => {
  const lines = [line('black', 'hi'), line('white', 'hello'), line('black', 'gg')];
  assert.deepEqual(shownLines(lines, 'black', true).map((l) => l.text), ['hi', 'gg']);
  assert.deepEqual(shownLines(lines, 'white', true).map((l) => l.text), ['hello']);
  assert.equal(shownLines(lines, 'black', false).length, 3);
  assert.equal(shownLines([line(null, 'x')], null, true).length, 1, 'a watcher hides nothing');
});

test('an anonymous speaker is named by colour, a named one by name', () => {
  assert.equal(speaker(line('white', 'x')), 'White');
  assert.equal(speaker({ ...line('white', 'x'), from: 'Ann' }), 'Ann');
  assert.equal(speaker(line(null, 'x')), 'spectator');
});

test('the rematch box offers, waits, answers, or says where the rematch is', () => {
  assert.deepEqual(rematchText({ by: null, game: null }, 'black'), { text: '', offer: true, answer: false });
  assert.equal(rematchText({ by: 'black', game: null }, 'black').offer, false);
  assert.match(rematchText({ by: 'black', game: null }, 'black').text, /waiting/);
  assert.equal(rematchText({ by: 'black', game: null }, 'white').answer, true);
  assert.match(rematchText({ by: 'white', game: null }, null).text, /White offers/);
  assert.equal(rematchText({ by: null, game: 'abc' }, null).text, 'The players play a rematch.');
});
