import { test } from 'node:test';
import assert from 'node:assert/strict';
import { geometry, viewBox, zoomed, pointAt, planOf, candidatesAt, stoneAt, ballRadius } from '../../web/board.js';

test('each board kind gets its geometry', () => {
  const grid = geometry({ kind: 'grid', size: 9, star_points: [[4, 4]] });
  assert.equal(grid.kind, 'grid');
  assert.equal(grid.grid, true);
  assert.deepEqual(grid.bounds, { x: -1, y: -1, w: 10, h: 10 });
  const pyramid = geometry({ kind: 'pyramid', size: 4 });
  assert.equal(pyramid.levels, 4);
  const poly = geometry({ kind: 'polygon', polygon: [[0, 0], [4, 0], [4, 2], [0, 2]] }, { stone_radius: 0.4 });
  assert.equal(poly.radius, 0.4);
  assert.ok(Math.abs(poly.bounds.w - 5.2) < 1e-9 && Math.abs(poly.bounds.h - 3.2) < 1e-9);
});

test('a pointer on a grid means the nearest point, or none off the board', () => {
  const g = geometry({ kind: 'grid', size: 9 });
  assert.deepEqual(pointAt(g, 2.4, 6.6), [2, 7]);
  assert.equal(pointAt(g, -0.7, 3), null);
  assert.equal(pointAt(g, 8.6, 3), null);
  const poly = geometry({ kind: 'polygon' });
  assert.deepEqual(pointAt(poly, 2.4, 6.6), [2.4, 6.6]);
});

test('a MarGo ball is seen from above between the four under it, stones keep their colour out', () => {
  assert.deepEqual(planOf([1, 2, 1]), [1.5, 2.5]);
  assert.deepEqual(planOf([1, 2, 2, 'black']), [2, 3]);
  assert.deepEqual(planOf([1, 2, 'white']), [1, 2]);
  assert.deepEqual(planOf([0.5, 1.25]), [0.5, 1.25]);
});

test('over a pyramid the candidates are one per level, highest first', () => {
  const g = geometry({ kind: 'pyramid', size: 4 });
  assert.deepEqual(candidatesAt(g, 1.5, 1.5), [[0, 0, 3], [1, 1, 1]]);
  assert.deepEqual(candidatesAt(g, 0, 0), [[0, 0, 0]]);
  assert.deepEqual(candidatesAt(geometry({ kind: 'grid', size: 9 }), 3.2, 3.9), [[3, 4]]);
});

test('zooming keeps the point under the pointer where it was', () => {
  const g = geometry({ kind: 'grid', size: 9 });
  const view = { zoom: 1, cx: null, cy: null };
  const z = zoomed(g, view, 2, [2, 2]);
  assert.equal(z.zoom, 2);
  const before = viewBox(g, view); const after = viewBox(g, z);
  const share = (vb) => [(2 - vb.x) / vb.w, (2 - vb.y) / vb.h];
  assert.deepEqual(share(after).map((v) => v.toFixed(6)), share(before).map((v) => v.toFixed(6)));
  assert.deepEqual(zoomed(g, z, 0.1, [2, 2]), { zoom: 1, cx: null, cy: null });
  assert.equal(zoomed(g, view, 100, null).zoom, 8);
});

test('the stone nearest the pointer is found within its radius', () => {
  const g = geometry({ kind: 'grid', size: 9 });
  const stones = [[1, 1, 'black'], [2, 1, 'white']];
  assert.deepEqual(stoneAt(g, stones, 1.6, 1.1), [2, 1, 'white']);
  assert.equal(stoneAt(g, stones, 5, 5), null);
});

test('higher balls are drawn smaller', () => {
  assert.equal(ballRadius(0), 0.48);
  assert.ok(ballRadius(2) < ballRadius(1) && ballRadius(1) < ballRadius(0));
});
