// Continuous Go in the browser: two players on a square-9 polygon board with hover
// previews and snap modes, to a scored result after marking, while a third context watches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, clickBoard, hoverBoard, waitSeq, newGame, shownCount, assertScoreIsResult, screenshot, pass } from './server.mjs';

const scoreOf = async (page) => {
  const m = (await page.textContent('#score')).match(/^B ([\d.]+) · W ([\d.]+)/);
  return { black: Number(m[1]), white: Number(m[2]) };
};

test('continuous: two players and a watcher, previews, snap, marking, result', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b, c] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
    const [black, white, gameUrl] = await newGame(a, b, server, { variant: 'continuous', board: 'square-9', komi: 6.5 });
    const watcher = await c.newPage();
    await watcher.goto(gameUrl);
    await watcher.waitForFunction(() => document.body.dataset.you === 'spectator');
    assert.equal(await black.locator('#board polygon').count(), 1, 'a polygon board');
    assert.ok(await black.isVisible('#snap'), 'the snap selector shows on continuous boards');

    // The hover preview: a legal ghost where the stone would go, and its score.
    await hoverBoard(black, 2.3, 2.3);
    await black.waitForSelector('#board circle[data-legal="true"]');
    await black.waitForFunction(() => document.getElementById('score').textContent.includes('if played'));

    const moves = [[black, 2.3, 2.3], [white, 6.5, 6.5], [black, 2.5, 6.4], [white, 6.2, 2.6]];
    for (const [i, [page, x, y]] of moves.entries()) {
      await clickBoard(page, x, y);
      for (const p of [black, white, watcher]) await waitSeq(p, i + 1);
    }
    assert.equal(await watcher.locator('#board circle.stone').count(), 4);
    // The territory view: one tinted Voronoi cell per stone, from the server; T hides it.
    await watcher.waitForFunction(() => document.querySelectorAll('#board .territory .cell').length === 4);
    assert.equal(await watcher.locator('#board .territory .cell.black').count(), 2);
    await watcher.keyboard.press('t');
    await watcher.waitForFunction(() => document.querySelectorAll('#board .territory').length === 0);
    await watcher.keyboard.press('t');
    // Where the white stone near (6.5, 6.5) really landed (clicks land to the pixel).
    const [wx, wy] = await watcher.evaluate(() => {
      const s = [...document.querySelectorAll('#board circle.stone.white')].map((e) => [Number(e.dataset.x), Number(e.dataset.y)]);
      return s.find(([x, y]) => Math.hypot(x - 6.5, y - 6.5) < 0.1);
    });

    // Over the centre of a stone a click is a misclick: the hint and the refusal say so.
    await hoverBoard(black, wx, wy);
    await black.waitForSelector('#board circle[data-legal="false"]');
    await black.waitForFunction(() => document.getElementById('hint').textContent.includes('too close to its centre'));
    await clickBoard(black, wx, wy);
    await black.waitForFunction(() => document.getElementById('msg').textContent.startsWith('That is on a stone, too close to its centre'));
    // Snap modes switch by key; "own" moves the preview next to one of our stones.
    await black.keyboard.press('2');
    await black.waitForSelector('#snap button.on[data-snap="own"]');
    await hoverBoard(black, 4.5, 4.5);
    await hoverBoard(black, 4.6, 4.5);
    await black.waitForSelector('#board circle[data-legal="true"]');
    await black.keyboard.press('1');
    await black.waitForSelector('#snap button.on[data-snap="nearest"]');

    // Elsewhere on a stone a click snaps to the nearest point touching it: the ghost stone
    // and a line from the pointer show where, and the click lands there.
    const [bx, by] = await black.evaluate(() => [...document.querySelectorAll('#board circle.stone.black')].map((e) => [Number(e.dataset.x), Number(e.dataset.y)]).find(([x, y]) => Math.hypot(x - 2.3, y - 2.3) < 0.1));
    await hoverBoard(black, bx + 0.3, by);
    const ghost = await (await black.waitForFunction(() => {
      const g = document.querySelector('#board circle.ghost[data-legal="true"]');
      return g && document.querySelector('#board line.snap-line') ? g.dataset.at.split(',').map(Number) : null;
    })).jsonValue();
    assert.ok(Math.abs(Math.hypot(ghost[0] - bx, ghost[1] - by) - 1) < 1e-6, `the ghost touches the stone: ${ghost}`);
    await clickBoard(black, bx + 0.3, by);
    for (const p of [black, white, watcher]) await waitSeq(p, 5);
    const landed = await watcher.evaluate(() => [...document.querySelectorAll('#board circle.stone.black')].map((e) => [Number(e.dataset.x), Number(e.dataset.y)]));
    assert.ok(landed.some(([x, y]) => x === ghost[0] && y === ghost[1]), `the stone landed on the ghost ${ghost}: ${JSON.stringify(landed)}`);

    await pass(white);
    await waitSeq(black, 6);
    await pass(black);
    for (const p of [black, white, watcher]) await p.waitForFunction(() => document.body.dataset.phase === 'marking');
    const before = await scoreOf(watcher);
    await clickBoard(black, wx, wy); // mark a white stone dead
    await watcher.waitForFunction((b) => !document.getElementById('score').textContent.startsWith(`B ${b} `), before.black);
    const after = await scoreOf(watcher);
    assert.ok(after.black > before.black, `marking a white stone dead gives Black area (${before.black} -> ${after.black})`);
    assert.equal(await watcher.locator('#board circle.stone[opacity="0.5"]').count(), 1, 'the dead stone is drawn marked');
    // The cells are recounted without the dead stone: four living stones, four cells.
    await watcher.waitForFunction(() => document.querySelectorAll('#board .territory.counted .cell').length === 4);
    await black.click('#accept');
    await white.waitForFunction(() => document.getElementById('accepted').textContent.startsWith('Your opponent has accepted the count'));
    await white.click('#accept');
    for (const p of [black, white, watcher]) await p.waitForFunction(() => document.body.dataset.status === 'finished');
    for (const p of [black, white, watcher]) {
      const shown = await shownCount(p);
      assertScoreIsResult(shown);
      assert.equal(shown.score, `B ${after.black} · W ${after.white}`, 'the marked score is the final one');
      assert.equal(await p.locator('#board .territory.counted .cell').count(), 4, 'territory after the end');
    }
    await screenshot(watcher, 'continuous');
  } finally {
    await browser.close();
    server.stop();
  }
});

test('continuous: a group down to its last liberty is ringed for players and watchers', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b, c] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
    const [black, white, gameUrl] = await newGame(a, b, server, { variant: 'continuous', board: 'square-9' });
    const watcher = await c.newPage();
    await watcher.goto(gameUrl);
    await watcher.waitForFunction(() => document.body.dataset.you === 'spectator');
    const rings = (page) => page.evaluate(() => [...document.querySelectorAll('#board circle.atari')].map((e) => [Number(e.dataset.x), Number(e.dataset.y)]));
    // White plays touching Black (snap "opponent") on both sides of a black edge stone.
    await white.keyboard.press('3');
    const moves = [[black, 4.5, 0.5], [white, 3.4, 0.5], [black, 7, 7], [white, 5.6, 0.5]];
    for (const [i, [page, x, y]] of moves.entries()) {
      await clickBoard(page, x, y);
      for (const p of [black, white, watcher]) await waitSeq(p, i + 1);
      if (i === 1) assert.deepEqual(await rings(watcher), [], 'one neighbour leaves two liberties');
    }
    for (const p of [black, white, watcher]) await p.waitForFunction(() => document.querySelectorAll('#board circle.atari').length === 1);
    const [[x, y]] = await rings(watcher);
    assert.ok(Math.hypot(x - 4.5, y - 0.5) < 0.05, `the ring is on the edge stone, at ${x},${y}`);
    // Black extends down from the stone: two stones with liberties again, no black ring.
    // (Now the white stone at its left is down to one arc of liberty, and gets a ring.)
    await black.keyboard.press('2');
    await clickBoard(black, 4.5, 1.6);
    for (const p of [black, white, watcher]) await waitSeq(p, 5);
    await watcher.waitForFunction(() => {
      const black = [...document.querySelectorAll('#board circle.stone.black')].map((e) => `${e.dataset.x},${e.dataset.y}`);
      const ringed = [...document.querySelectorAll('#board circle.atari')].map((e) => `${e.dataset.x},${e.dataset.y}`);
      return black.length === 3 && ringed.length > 0 && !ringed.some((r) => black.includes(r));
    });
  } finally {
    await browser.close();
    server.stop();
  }
});
