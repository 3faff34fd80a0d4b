// MarGo in the 2D view: a 2x2 pyramid played to its end between two browsers, every move
// chosen from what the server's previews call legal under the pointer. (The 3D view has
// its own tests in margo3d.test.mjs.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, clickBoard, hoverBoard, waitSeq, newGame, shownCount, assertScoreIsResult, screenshot, chooseView } from './server.mjs';

// Every point of a 2x2 pyramid, with where its ball is seen from above.
const POINTS = [[0, 0, 1], [0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]];
const plan = ([x, y, l]) => [x + l / 2, y + l / 2];

// Hovers each point until the server's preview calls one legal; returns it or null.
async function legalPoint(page) {
  for (const p of POINTS) {
    const [x, y] = plan(p);
    await hoverBoard(page, x, y);
    const want = p.join(',');
    const h = await page.waitForFunction((w) => {
      const v = document.body.dataset.preview ?? '';
      return v.startsWith(`${w}:`) ? v : null;
    }, want, { timeout: 5000 });
    if ((await h.jsonValue()).endsWith(':true')) return p;
  }
  return null;
}

test('margo: a 2x2 game played to its end between two browsers', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
    const [black, white] = await newGame(a, b, server, { variant: 'margo', board: '2' });
    for (const q of [black, white]) await chooseView(q, '2d');
    assert.ok(await black.isHidden('#pass'), 'MarGo has no pass');
    // A ball over empty holes is refused, in words.
    await clickBoard(white, 0.5, 0.5);
    await white.waitForFunction(() => document.getElementById('msg').textContent === 'A ball above the bottom level needs all four balls under it.');
    const pages = { black, white };
    let seq = 0;
    while ((await black.getAttribute('body', 'data-status')) !== 'finished') {
      assert.ok(seq < 30, 'the game ends');
      const mover = pages[await black.getAttribute('body', 'data-to-move')];
      const p = await legalPoint(mover);
      assert.ok(p, `a legal point for the player to move at move ${seq + 1}`);
      const [x, y] = plan(p);
      await clickBoard(mover, x, y);
      seq += 1;
      for (const q of [black, white]) await waitSeq(q, seq);
      // The drawing matches the server's count: one circle per ball, lower levels first.
      const info = await white.textContent('#info');
      const balls = await white.evaluate(() => [...document.querySelectorAll('#board circle.ball')].map((c) => [Number(c.dataset.level), c.classList.contains('black')]));
      const m = info.match(/^Balls B (\d+) · W (\d+) · estimate B \d+ · W \d+$/);
      assert.ok(m, info);
      await white.waitForFunction((n) => document.querySelectorAll('#board circle.ball').length === n, Number(m[1]) + Number(m[2]));
      const levels = balls.map((c) => c[0]);
      assert.deepEqual(levels, [...levels].sort((u, v) => u - v), 'balls are drawn bottom-up');
    }
    assert.ok(seq >= 4, `at least the bottom level fills (${seq} moves)`);
    for (const q of [black, white]) await q.waitForFunction(() => document.body.dataset.status === 'finished');
    const result = await white.textContent('#result');
    assert.match(result, /^Result: (B|W)\+\d+|Result: Draw$/);
    // The count explains the end: the balls in play, the same numbers as the result.
    for (const q of [black, white]) {
      const shown = await shownCount(q);
      assertScoreIsResult(shown);
      assert.equal(shown.result, result);
      assert.match(await q.textContent('#count-notes'), /has no legal move left, so the game ended/);
    }
    await screenshot(white, 'margo');
  } finally {
    await browser.close();
    server.stop();
  }
});

test('margo: a click over a stack plays the highest legal point under it', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
    const [black, white] = await newGame(a, b, server, { variant: 'margo', board: '3' });
    for (const q of [black, white]) await chooseView(q, '2d');
    // On 3x3 the apex [0, 0, 2] lies over the centre hole [1, 1, 0]: until its supports
    // are filled the click means the hole.
    const moves = [[white, [0, 0, 0]], [black, [1, 0, 0]], [white, [0, 1, 0]], [black, [1, 1, 0]]];
    for (const [i, [page, p]] of moves.entries()) {
      await clickBoard(page, ...plan(p));
      for (const q of [black, white]) await waitSeq(q, i + 1);
      assert.equal(await white.locator(`#board circle.ball[data-at="${p.join(',')}"]`).count(), 1, `ball at ${p}`);
    }
    // The one playable point above the bottom level is ringed for White, who is to move,
    // and for no one else.
    await white.waitForFunction(() => [...document.querySelectorAll('#board circle.playable')].map((c) => c.dataset.at).join(' ') === '0,0,1');
    assert.equal(await black.locator('#board circle.playable').count(), 0);
  } finally {
    await browser.close();
    server.stop();
  }
});
