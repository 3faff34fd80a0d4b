import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPreviews, requestKey, requestsAt, forgetPosition, forgetConnection, receive, ensureAsked, choose, settleClick } from '../../web/previews.js';
import { geometry } from '../../web/board.js';

const grid = geometry({ kind: 'grid', size: 9 });
const pyramid = geometry({ kind: 'pyramid', size: 4 });
const polygon = geometry({ kind: 'polygon' });

test('a pointer means a point, a reserve stone, a stack of levels, or a snapped request', () => {
  assert.deepEqual(requestsAt(grid, [3.1, 4.2], { snap: 'nearest', reserve: false }), [{ at: [3, 4] }]);
  assert.deepEqual(requestsAt(grid, [3.1, 4.2], { snap: 'nearest', reserve: true }), [{ at: [3, 4], reserve: true }]);
  assert.deepEqual(requestsAt(pyramid, [1.5, 1.5], { snap: 'nearest', reserve: false }), [{ at: [0, 0, 3] }, { at: [1, 1, 1] }]);
  assert.deepEqual(requestsAt(polygon, [2.5, 3.5], { snap: 'own', reserve: false }), [{ request: [2.5, 3.5], snap: 'own' }]);
  assert.deepEqual(requestsAt(grid, null, { snap: 'nearest', reserve: false }), []);
  assert.deepEqual(requestsAt(null, [1, 1], { snap: 'nearest', reserve: false }), []);
});

test('each request is asked once per position, and again when it could not be sent', () => {
  const p = createPreviews();
  const sent = [];
  let online = false;
  const send = (r) => { if (online) sent.push(r); return online; };
  ensureAsked(p, [{ at: [1, 1] }], send);
  assert.equal(p.answers.size, 0);
  online = true;
  ensureAsked(p, [{ at: [1, 1] }], send);
  ensureAsked(p, [{ at: [1, 1] }, { at: [2, 2] }], send);
  assert.deepEqual(sent, [{ at: [1, 1] }, { at: [2, 2] }]);
});

test('answers asked before the position changed are dropped, later ones kept', () => {
  const p = createPreviews();
  const r = { at: [1, 1] };
  ensureAsked(p, [r], () => true);
  forgetPosition(p);
  assert.equal(receive(p, r, { legal: true }), false);
  assert.equal(p.answers.has(requestKey(r)), false);
  ensureAsked(p, [r], () => true);
  assert.equal(receive(p, r, { legal: false }), true);
  assert.deepEqual(p.answers.get(requestKey(r)), { legal: false });
});

test('a new connection forgets the answers still awaited rather than dropping its own', () => {
  const p = createPreviews();
  const r = { at: [1, 1] };
  ensureAsked(p, [r], () => true);
  forgetPosition(p);
  forgetConnection(p);
  assert.equal(receive(p, r, { legal: true }), true);
});

test('the preview shown is the first legal answer, else the first answered, and only on my turn', () => {
  const p = createPreviews();
  const [high, low] = [{ at: [0, 0, 1] }, { at: [0, 0, 0] }];
  receive(p, high, { legal: false, reason: 'ko' });
  assert.deepEqual(choose(p, [high, low], true), { request: high, result: { legal: false, reason: 'ko' } });
  receive(p, low, { legal: true });
  assert.deepEqual(choose(p, [high, low], true), { request: low, result: { legal: true } });
  assert.equal(choose(p, [high, low], false), null);
});

test('a stack click waits for every level, then plays the highest legal point', () => {
  const p = createPreviews();
  const asked = [{ at: [0, 0, 2] }, { at: [1, 1, 1] }, { at: [1, 1, 0] }];
  p.pendingClick = asked;
  receive(p, asked[0], { legal: false });
  receive(p, asked[2], { legal: true });
  assert.equal(settleClick(p), null);
  receive(p, asked[1], { legal: true });
  assert.deepEqual(settleClick(p), asked[1]);
  assert.equal(p.pendingClick, null);
  assert.equal(settleClick(p), null);
});

test('a stack click with no legal level plays the highest, so the server says why', () => {
  const p = createPreviews();
  const asked = [{ at: [0, 0, 1] }, { at: [0, 0, 0] }];
  p.pendingClick = asked;
  for (const r of asked) receive(p, r, { legal: false });
  assert.deepEqual(settleClick(p), asked[0]);
});
