import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statusText, youText, scoreText, acceptedText, previewWhyText, suggestionText, infoText, previewMark } from '../../web/page.js';
import { game, pageState } from './fixtures.mjs';

test('the status line says whose move it is, or why nobody moves', () => {
  assert.equal(statusText(pageState(game())), 'Black to move');
  assert.equal(statusText(pageState(game('classic', { status: 'open' }))), 'waiting for an opponent');
  assert.equal(statusText(pageState(game('classic', { phase: 'marking' }))), 'marking dead stones');
  assert.equal(statusText(pageState(game('classic', { status: 'finished' }))), 'game over');
  const st = pageState(game());
  st.thinking = true;
  assert.equal(statusText(st), 'computer is thinking…');
});

test('the seat line names the computer opponent', () => {
  assert.equal(youText(game()), 'You play black');
  assert.equal(youText(game('classic', { you: null, computer: { color: 'white', level: 3 } })), 'Watching against the computer (white, level 3)');
});

test('the score is the count total once there is one, with the previewed score', () => {
  const st = pageState(game());
  assert.equal(scoreText(st), 'B 0 · W 6.5');
  st.preview = { request: { at: [1, 1] }, result: { legal: true, score: { black: 1, white: 6.5 } } };
  assert.equal(scoreText(st), 'B 0 · W 6.5 (if played: B 1 · W 6.5)');
  st.game.count = { kind: 'area', items: [], total: { black: 40, white: 47.5 } };
  st.preview = null;
  assert.equal(scoreText(st), 'B 40 · W 47.5');
});

test('the acceptance line speaks to the reader', () => {
  const marking = (accepted, you = 'black') => acceptedText(game('classic', { phase: 'marking', accepted, you }));
  assert.equal(marking({ black: false, white: true }), 'Your opponent has accepted the count: accept it too, or resume play.');
  assert.equal(marking({ black: true, white: false }), 'You accepted the count; waiting for your opponent.');
  assert.equal(marking({ black: true, white: false }, null), 'Black accepted the count.');
  assert.equal(marking({ black: false, white: false }), '');
  assert.equal(acceptedText(game('classic', { status: 'finished', count: {}, accepted: { black: true, white: true } })), 'Both players accepted the count.');
});

test('an illegal preview explains itself in the variant’s words', () => {
  const st = pageState(game('margo'));
  st.preview = { request: { at: [0, 0, 1] }, result: { legal: false, reason: 'unsupported' } };
  assert.equal(previewWhyText(st), 'Here: A ball above the bottom level needs all four balls under it.');
  assert.equal(previewMark(st), '0,0,1:false');
  st.preview = { request: { at: [0, 0, 0] }, result: { legal: true, at: [0, 0, 0] } };
  assert.equal(previewWhyText(st), '');
  assert.equal(previewMark(st), '0,0,0:true');
});

test('the suggestion reads as asked, then as the move and estimate', () => {
  const st = pageState(game());
  assert.equal(suggestionText(st), '');
  st.suggestion = 'asked';
  assert.equal(suggestionText(st), 'looking for a hint…');
  st.suggestion = { move: { color: 'black', at: [2, 3] }, win_rate: 0.61 };
  assert.equal(suggestionText(st), 'Suggested: [2, 3] · your win estimate 61%');
});

test('the info line follows the pyramid geometry and the trees offer', () => {
  const margo = pageState(game('margo'));
  margo.game.view.stones = [[0, 0, 0, 'black'], [1, 0, 0, 'white'], [0, 1, 0, 'black']];
  assert.match(infoText(margo), /^Balls B 2 · W 1/);
  const topo = pageState(game('topological'));
  topo.game.view.display = { longest_tree: { black: [[0, 0], [0, 1]] }, reserve_left: { black: 1 } };
  assert.match(infoText(topo), /^Longest tree B 2 · W 0 · reserve left B 1/);
  assert.equal(infoText(pageState(game('classic'))), '');
});
