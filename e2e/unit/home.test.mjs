// The home and profile pages' pure parts: the order and words of "your games", the
// browser's own list of games, the rating chart's points and the rating beside a name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ordered, stateText, opponentText, boardText, fromBrowser } from '../../web/my-games.js';
import { chartPoints } from '../../web/chart.js';
import { ratingText } from '../../web/account.js';
import { seatRating } from '../../web/panel.js';

// localStorage as the browser has it, for the browser's list of games.
const store = new Map();
globalThis.localStorage = {
  getItem: (k) => (store.has(k) ? store.get(k) : null),
  setItem: (k, v) => store.set(k, String(v)),
  removeItem: (k) => store.delete(k),
};
const { rememberGame, noteState, localGames } = await import('../../web/local-games.js');

const g = (id, over) => ({ id, variant: 'classic', rules: { board_size: 9 }, color: 'black', status: 'live', yourTurn: false, turnKnown: true, when: 0, ...over });

test('your games: your move first, then the others in play, then the finished; newest first in each', () => {
  const games = [
    g('done-new', { status: 'finished', result: 'B+R', when: 50 }),
    g('theirs-old', { when: 1 }),
    g('yours-old', { yourTurn: true, when: 2 }),
    g('theirs-new', { when: 40 }),
    g('yours-new', { yourTurn: true, when: 30 }),
    g('done-old', { status: 'finished', result: 'W+3.5', when: 3 }),
  ];
  assert.deepEqual(ordered(games).map((x) => x.id), ['yours-new', 'yours-old', 'theirs-new', 'theirs-old', 'done-new', 'done-old']);
});

test('your games: the state and the opponent in words, from this seat', () => {
  assert.equal(stateText(g('a', { yourTurn: true })), 'your move');
  assert.equal(stateText(g('a')), 'their move');
  assert.equal(stateText(g('a', { turnKnown: false })), 'in play');
  assert.equal(stateText(g('a', { status: 'open' })), 'waiting');
  assert.equal(stateText(g('a', { status: 'finished', result: 'B+R' })), 'won B+R');
  assert.equal(stateText(g('a', { status: 'finished', result: 'B+R', color: 'white' })), 'lost B+R');
  assert.equal(stateText(g('a', { status: 'finished', result: 'Draw' })), 'Draw');
  assert.equal(opponentText(g('a', { computer: { color: 'white', level: 4 } })), 'vs Computer (level 4)');
  assert.equal(opponentText(g('a', { names: { black: 'Ann', white: 'Bob' }, ratings: { white: { rating: 1612.4, deviation: 60, games: 30 } } })), 'vs Bob (1612)');
  assert.equal(opponentText(g('a', { color: 'white', names: { black: 'Ann' } })), 'vs Ann');
  assert.equal(opponentText(g('a', { status: 'open' })), 'waiting for an opponent');
  assert.equal(boardText({ board_size: 13 }), '13×13');
  assert.equal(boardText({ board: 'square-9' }), 'square-9');
});

test('the browser\'s list: created games, then what the game page saw of them, seats only', () => {
  store.clear();
  rememberGame('aaaaaaaaaaaa', { variant: 'margo', color: 'black', status: 'live' });
  const state = { id: 'aaaaaaaaaaaa', variant: 'margo', rules: { board_size: 5 }, you: 'black', status: 'finished', result: 'W+R', to_move: 'white', names: {}, computer: { color: 'white', level: 2, thinking: false }, moves: [{}, {}, {}] };
  noteState(state);
  // A game only watched is not this browser's.
  noteState({ ...state, id: 'bbbbbbbbbbbb', you: null });
  const [only, ...rest] = localGames();
  assert.equal(rest.length, 0);
  assert.equal(only.id, 'aaaaaaaaaaaa');
  assert.equal(only.status, 'finished');
  assert.equal(only.result, 'W+R');
  assert.equal(only.moves, 3);
  assert.deepEqual(only.computer, { color: 'white', level: 2 });
  // A storage that holds nonsense is read as an empty list, not an error.
  store.set('stonefield.games', '[not json');
  assert.deepEqual(localGames(), []);
});

test('a game this browser saw at the computer\'s turn is yours by now; a person\'s turn is theirs', () => {
  const seen = { id: 'c', color: 'black', status: 'live', to_move: 'white', updated_ms: 5 };
  assert.equal(stateText(fromBrowser({ ...seen, computer: { color: 'white', level: 3 } })), 'your move');
  assert.equal(stateText(fromBrowser(seen)), 'their move');
  assert.equal(stateText(fromBrowser({ ...seen, to_move: 'black' })), 'your move');
  assert.equal(stateText(fromBrowser({ id: 'd', color: 'black', status: 'live', updated_ms: 5 })), 'in play');
});

test('the rating chart: left to right in time, the highest rating at the top', () => {
  assert.equal(chartPoints([]), '');
  assert.equal(chartPoints([{ at_ms: 1, rating: 1600 }]), '50,20');
  const pts = chartPoints([{ at_ms: 1, rating: 1662 }, { at_ms: 2, rating: 1580 }], 1500).split(' ').map((p) => p.split(',').map(Number));
  assert.deepEqual(pts.map(([x]) => x), [3, 50, 97]);
  // 1500 lowest (bottom, y 37), 1662 highest (top, y 3).
  assert.equal(pts[0][1], 37);
  assert.equal(pts[1][1], 3);
  assert.ok(pts[2][1] > 3 && pts[2][1] < 37);
});

test('a rating beside a name: rounded, "?" while provisional, nothing without an account', () => {
  assert.equal(ratingText({ rating: 1662.3, deviation: 290, games: 1 }), '1662?');
  assert.equal(ratingText({ rating: 1487.6, deviation: 80, games: 40 }), '1488');
  assert.equal(ratingText(1500), '1500');
  assert.equal(ratingText(null), '');
  assert.equal(seatRating({ ratings: { black: 1523.4, white: null } }, 'black'), ' (1523)');
  assert.equal(seatRating({ ratings: { black: 1523.4, white: null } }, 'white'), '');
  assert.equal(seatRating({}, 'white'), '');
});
