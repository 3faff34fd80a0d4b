// MarGo in the 3D view (WebGL on SwiftShader): a 3x3 pyramid played to its end by clicks
// on the canvas where the marked playable points are seen, upper levels included; orbit,
// zoom, the level fade, the 2D toggle that is remembered, and the fallback without WebGL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, waitSeq, newGame, shownCount, assertScoreIsResult, screenshot, chooseView } from './server.mjs';

const ghost = (page) => page.getAttribute('#board3d', 'data-ghost');

// The marked points a click can reach from the current camera (the ray through a point's
// centre picks it), highest level first.
async function clickable(page) {
  return page.evaluate(() => {
    const m = window.__margo3d;
    const same = (a, b) => a && b && a.join(',') === b.join(',');
    return m.marked().filter((p) => same(m.pointAt(...m.project(p)), p)).sort((a, b) => b[2] - a[2]);
  });
}

// Hovers the point until the server's preview shows its ghost (saved as screenshot `shot`
// if named), then clicks it.
async function playAt(page, p, shot) {
  const [x, y] = await page.evaluate((q) => window.__margo3d.project(q), p);
  await page.mouse.move(x, y);
  await page.waitForFunction((w) => document.getElementById('board3d').dataset.ghost === w, `${p.join(',')}:true`, { timeout: 10000 }).catch(async (e) => {
    // Say what the pointer picks there, for the log of a failed run.
    const seen = await page.evaluate(([cx, cy]) => ({ picked: window.__margo3d.pointAt(cx, cy), ghost: document.getElementById('board3d').dataset.ghost, marked: window.__margo3d.marked() }), [x, y]);
    throw new Error(`no ghost at ${p} (${JSON.stringify(seen)}): ${e.message}`);
  });
  if (shot) {
    // The ghost is drawn on the next frames.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await screenshot(page, shot);
  }
  await page.mouse.click(x, y);
}

const ballsShown = (page) => page.evaluate(() => {
  const m = document.getElementById('info').textContent.match(/^Balls B (\d+) · W (\d+)/);
  return [Number(m[1]) + Number(m[2]), Number(document.getElementById('board3d').dataset.balls)];
});

test('margo 3D: a 3x3 game played to its end by clicks on the 3D board', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
    const [black, white] = await newGame(a, b, server, { variant: 'margo', board: '3' });
    // WebGL on SwiftShader is software: the 2D view is the default, and 3D a choice.
    for (const q of [black, white]) await q.waitForFunction(() => document.body.dataset.view === '2d');
    for (const q of [black, white]) await chooseView(q, '3d');
    assert.ok(await black.isHidden('#board'), 'the 2D board is hidden');
    // White moves first; Black, waiting, sees no playable marks.
    await white.waitForFunction(() => document.getElementById('board3d').dataset.playable === '9');
    assert.equal(await black.getAttribute('#board3d', 'data-playable'), '0');
    // A click off any marked point plays nothing and says where to click.
    await white.mouse.click(...await white.evaluate(() => { const r = document.getElementById('board3d').getBoundingClientRect(); return [r.left + 8, r.top + 8]; }));
    await white.waitForFunction(() => /Pick a marked point/.test(document.getElementById('msg').textContent));

    const pages = { black, white };
    let seq = 0; let upper = 0; let shotMid = false;
    while ((await black.getAttribute('body', 'data-status')) !== 'finished') {
      assert.ok(seq < 60, 'the game ends');
      const mover = pages[await black.getAttribute('body', 'data-to-move')];
      await mover.waitForFunction(() => Number(document.getElementById('board3d').dataset.playable) > 0);
      const points = await clickable(mover);
      assert.ok(points.length, `a clickable playable point at move ${seq + 1}`);
      const p = points[0];
      await playAt(mover, p, !shotMid && p[2] > 0 ? 'margo-3d-hover' : null);
      if (p[2] > 0) shotMid = true;
      seq += 1;
      if (p[2] > 0) upper += 1;
      for (const q of [black, white]) await waitSeq(q, seq);
      // The 3D board shows as many balls as the count says, and marks the last one.
      for (const q of [black, white]) {
        const [counted, drawn] = await ballsShown(q);
        assert.equal(drawn, counted, `balls drawn after move ${seq}`);
      }
      if (seq === 7) await screenshot(white, 'margo-3d-midgame');
    }
    assert.ok(upper >= 2, `balls were played above the bottom level (${upper})`);
    for (const q of [black, white]) await q.waitForFunction(() => document.body.dataset.status === 'finished');
    const result = await white.textContent('#result');
    for (const q of [black, white]) {
      const shown = await shownCount(q);
      assertScoreIsResult(shown);
      assert.equal(shown.result, result);
    }
    await screenshot(white, 'margo-3d');
  } finally {
    await browser.close();
    server.stop();
  }
});

test('margo 3D: orbit, zoom, level fade, and the 2D choice remembered', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
    const [black, white] = await newGame(a, b, server, { variant: 'margo', board: '3' });
    for (const q of [black, white]) await chooseView(q, '3d');
    const moves = [[white, [0, 0, 0]], [black, [1, 0, 0]], [white, [0, 1, 0]], [black, [1, 1, 0]]];
    for (const [i, [page, p]] of moves.entries()) {
      await page.waitForFunction(() => document.body.dataset.view === '3d' && Number(document.getElementById('board3d').dataset.playable) > 0);
      await playAt(page, p);
      for (const q of [black, white]) await waitSeq(q, i + 1);
    }
    // The upper point over the four balls is marked; fading the levels above the bottom
    // one leaves only bottom points to pick, and showing them all again brings it back.
    const fadeTo = (page, v) => page.evaluate((level) => { const r = document.getElementById('fade'); r.value = String(level); r.dispatchEvent(new Event('input')); }, v);
    const markedUpper = (page) => page.evaluate(() => window.__margo3d.marked().filter((p) => p[2] > 0).map((p) => p.join(',')).join(' '));
    await white.waitForFunction(() => window.__margo3d.marked().some((p) => p.join(',') === '0,0,1'));
    assert.equal(await markedUpper(white), '0,0,1');
    await fadeTo(white, 1);
    await white.waitForFunction(() => document.getElementById('board3d').dataset.fade === '1');
    assert.match(await white.textContent('#fade-text'), /^1 of 3$/);
    assert.equal(await markedUpper(white), '');
    assert.ok((await white.evaluate(() => window.__margo3d.marked())).length > 0, 'bottom points stay marked');
    await fadeTo(white, 3);
    await white.waitForFunction(() => document.getElementById('fade-text').textContent === 'all');
    assert.equal(await markedUpper(white), '0,0,1');
    // A click there plays it.
    await playAt(white, [0, 0, 1]);
    for (const q of [black, white]) await waitSeq(q, 5);
    assert.equal(await black.getAttribute('#board3d', 'data-balls'), '5');

    // Dragging turns the view and the wheel zooms: the same point is seen elsewhere.
    const at = () => black.evaluate(() => window.__margo3d.project([0, 0, 1]));
    const before = await at();
    const box = await black.locator('#board3d').boundingBox();
    await black.mouse.move(box.x + box.width / 2, box.y + box.height * 0.8);
    await black.mouse.down();
    await black.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.7, { steps: 5 });
    await black.mouse.up();
    const turned = await at();
    assert.ok(Math.hypot(turned[0] - before[0], turned[1] - before[1]) > 20, `the drag turned the view: ${before} -> ${turned}`);
    assert.equal(await black.getAttribute('body', 'data-seq'), '5', 'a drag plays nothing');
    await black.mouse.wheel(0, -400);
    await black.waitForFunction((t) => { const p = window.__margo3d.project([0, 0, 1]); return Math.hypot(p[0] - t[0], p[1] - t[1]) > 5; }, turned);
    // The upper ball faded, to see what lies under it.
    await fadeTo(black, 1);
    await black.waitForFunction(() => document.getElementById('board3d').dataset.fade === '1');
    await screenshot(black, 'margo-3d-faded');

    // The 2D view, chosen once, stays chosen after a reload; then back to 3D.
    await chooseView(black, '2d');
    assert.ok(await black.isHidden('#board3d'));
    assert.equal(await black.locator('#board circle.ball').count(), 5);
    await black.reload();
    await black.waitForFunction(() => document.body.dataset.view === '2d' && document.body.dataset.seq === '5');
    await chooseView(black, '3d');
    await black.reload();
    await black.waitForFunction(() => document.body.dataset.view === '3d' && document.getElementById('board3d').dataset.balls === '5');
  } finally {
    await browser.close();
    server.stop();
  }
});

test('margo 3D: without WebGL the 2D view is shown with a notice', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
    await a.addInitScript(() => {
      const get = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function getContext(kind, ...rest) {
        return /webgl/.test(kind) ? null : get.call(this, kind, ...rest);
      };
    });
    const [black] = await newGame(a, b, server, { variant: 'margo', board: '2' });
    await black.waitForFunction(() => document.body.dataset.view === '2d' && !document.getElementById('view-notice').hidden);
    assert.match(await black.textContent('#view-notice'), /3D view is not available here .*no WebGL 2.*showing the 2D view/);
    assert.ok(await black.isDisabled('#view-3d'));
    assert.ok(await black.isVisible('#board'));
  } finally {
    await browser.close();
    server.stop();
  }
});
