// Topological Go in the browser: a 6x6 game between two browsers, normal and reserve
// stones chosen from the server's previews, to its end after two passes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, clickBoard, hoverBoard, waitSeq, newGame, shownCount, assertScoreIsResult, screenshot, pass } from './server.mjs';

// Hovers each point in turn until the server's preview calls one legal; returns it.
async function firstLegal(page, points) {
  for (const p of points) {
    await hoverBoard(page, p[0], p[1]);
    const h = await page.waitForFunction((w) => {
      const v = document.body.dataset.preview ?? '';
      return v.startsWith(`${w}:`) ? v : null;
    }, p.join(','), { timeout: 5000 });
    const legal = (await h.jsonValue()).endsWith(':true');
    // Only legal points show a stone under the pointer.
    assert.equal(await page.locator('#board .ghost').count(), legal ? 1 : 0);
    if (legal) return p;
  }
  return null;
}

const info = async (page) => {
  const t = await page.textContent('#info');
  const m = t.match(/^Longest tree B (\d+) · W (\d+) · reserve left B (\d+) · W (\d+)/);
  assert.ok(m, t);
  return { longB: Number(m[1]), longW: Number(m[2]), resB: Number(m[3]), resW: Number(m[4]) };
};

test('topological: a 6x6 game with reserve stones to its end after two passes', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
    const [black, white] = await newGame(a, b, server, { variant: 'topological', board: '6' });
    assert.equal(await white.locator('#board circle.stone').count(), 4, 'the four corner stones');
    let seq = 0;
    const play = async (page, points) => {
      const p = await firstLegal(page, points);
      assert.ok(p, `a legal point among ${JSON.stringify(points)}`);
      await clickBoard(page, p[0], p[1]);
      seq += 1;
      for (const q of [black, white]) await waitSeq(q, seq);
    };
    // A normal stone must touch the mover's own tree: the centre is refused, in words,
    // and (1, 0) is not.
    await clickBoard(white, 3, 3);
    await white.waitForFunction(() => document.getElementById('msg').textContent.startsWith('A normal stone must touch one of your stones.'));
    await play(white, [[3, 3], [1, 0]]);
    await play(black, [[3, 3], [5, 1]]);
    const start = await info(white);
    assert.deepEqual([start.longW, start.longB], [2, 2]);
    assert.equal(await white.locator('#board .reserve-mark').count(), 0, 'no reserve stone yet');

    // Reserve stones (key R): each player places all five, away from their own stones.
    await white.keyboard.press('r');
    await black.keyboard.press('r');
    const spots = [[2, 2], [3, 0], [0, 2], [4, 2], [2, 4], [3, 1], [1, 1], [3, 3], [1, 4], [5, 3], [4, 4], [0, 3], [2, 0], [4, 0], [3, 5], [1, 5]];
    for (let i = 0; i < 5; i++) {
      await play(white, spots);
      await play(black, spots);
    }
    const end = await info(black);
    assert.deepEqual([end.resB, end.resW], [0, 0], 'all reserve stones placed');
    assert.equal(await black.locator('#board .reserve-mark').count(), 10, 'reserve stones marked as such');
    assert.equal(await black.locator('#board circle.stone').count(), 4 + 2 + 10);
    assert.equal(await black.locator('#board .longest-ring').count(), end.longB + end.longW, 'longest trees ringed');

    await pass(white);
    await waitSeq(black, ++seq);
    await pass(black);
    for (const q of [black, white]) await q.waitForFunction(() => document.body.dataset.status === 'finished');
    const diff = end.longB + 1 - end.longW;
    const want = diff === 0 ? 'Result: Draw' : `Result: ${diff > 0 ? 'B' : 'W'}+${Math.abs(diff)}`;
    assert.equal(await white.textContent('#result'), want);
    assert.equal(await black.textContent('#result'), want);
    for (const q of [black, white]) {
      const shown = await shownCount(q);
      assertScoreIsResult(shown);
      assert.deepEqual(shown.total, { black: String(end.longB + 1), white: String(end.longW) });
      assert.match(await q.textContent('#count-notes'), /plus 1 for Black/);
    }
    await screenshot(white, 'topological');

    // The replay page draws the same trees at the last frame.
    await white.goto(white.url().replace('/game/', '/replay/'));
    await white.waitForFunction((n) => document.body.dataset.frame === String(n), seq + 1);
    await white.waitForFunction((n) => document.querySelectorAll('#board .longest-ring').length === n, end.longB + end.longW);
  } finally {
    await browser.close();
    server.stop();
  }
});
