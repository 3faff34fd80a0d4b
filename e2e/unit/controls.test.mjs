import { test } from 'node:test';
import assert from 'node:assert/strict';
import { controlFlags } from '../../web/controls.js';
import { game, pageState } from './fixtures.mjs';

test('what the server offers decides pass, reserve stones, SGF and the 3D view', () => {
  const margo = controlFlags(pageState(game('margo')));
  assert.equal(margo.pass, false);
  assert.equal(margo.viewBox, true);
  assert.equal(margo.reserveBox, false);
  assert.equal(margo.sgf, false);
  const topo = controlFlags(pageState(game('topological')));
  assert.equal(topo.pass, true);
  assert.equal(topo.reserveBox, true);
  assert.equal(topo.viewBox, false);
  const classic = controlFlags(pageState(game('classic')));
  assert.equal(classic.sgf, true);
  assert.equal(classic.reserveBox, false);
});

test('the offers are read, not the variant name', () => {
  const g = game('classic', { offers: { ...game('classic').offers, pass: false, three_d: true } });
  const c = controlFlags(pageState(g));
  assert.equal(c.pass, false);
  assert.equal(c.viewBox, true);
});

test('snap modes and the territory switch belong to continuous boards', () => {
  const cont = controlFlags(pageState(game('continuous')));
  assert.equal(cont.snap, true);
  assert.equal(cont.territoryBox, true);
  const classic = controlFlags(pageState(game('classic')));
  assert.equal(classic.snap, false);
  assert.equal(classic.territoryBox, false);
});

test('a seated player sees the play buttons while playing, the marking box while marking', () => {
  const playing = controlFlags(pageState(game()));
  assert.equal(playing.playButtons, true);
  assert.equal(playing.marking, false);
  const marking = controlFlags(pageState(game('classic', { phase: 'marking' })));
  assert.equal(marking.playButtons, false);
  assert.equal(marking.marking, true);
  const watching = controlFlags(pageState(game('classic', { you: null })));
  assert.equal(watching.playButtons, false);
  assert.equal(watching.nameBox, false);
});

test('offline, nothing that sends is enabled; an accepted count cannot be accepted again', () => {
  const st = pageState(game('classic', { phase: 'marking', accepted: { black: true, white: false } }));
  assert.equal(controlFlags(st).acceptEnabled, false);
  st.game.accepted.black = false;
  assert.equal(controlFlags(st).acceptEnabled, true);
  st.connection = 'disconnected';
  const c = controlFlags(st);
  assert.equal(c.acceptEnabled, false);
  assert.equal(c.undoEnabled, false);
  assert.equal(c.sendEnabled, false);
});

test('an undo asked by the opponent shows the answer buttons; a seat without a name may be named', () => {
  const st = pageState(game('classic', { names: { black: null, white: 'Bo' } }));
  st.undoBy = 'white';
  const c = controlFlags(st);
  assert.equal(c.undoAnswer, true);
  assert.equal(c.undoEnabled, false);
  assert.equal(c.nameBox, true);
  st.undoBy = 'black';
  assert.equal(controlFlags(st).undoAnswer, false);
});

test('no name box in a game against the computer', () => {
  const st = pageState(game('classic', { names: { black: null, white: 'Computer (level 3)' }, computer: { color: 'white', level: 3 } }));
  assert.equal(controlFlags(st).nameBox, false);
});
