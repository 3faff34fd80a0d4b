// MarGo's 3D view on a touch screen (issue 33, item 5): a first tap on a marked point only
// shows the ball, a second tap on it (or "Play here") plays it, as on the 2D board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, chooseView } from './server.mjs';
import { openGame, myTurn } from './seat.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

// A marked point that a tap at its projection picks, lowest level first, and where it is.
const tappable = (page) => page.evaluate(() => {
  const m = window.__margo3d;
  const same = (a, b) => a && b && a.join(',') === b.join(',');
  const p = m.marked().find((q) => same(m.pointAt(...m.project(q)), q));
  return p ? { p, at: m.project(p) } : null;
});

const seq = (page) => page.evaluate(() => Number(document.body.dataset.seq));

test('margo 3D on a touch screen: tap shows, a second tap or "Play here" plays', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const ctx = await browser.newContext(PHONE);
    const page = await openGame(ctx, server, { variant: 'margo', rules: { board_size: 3 }, color: 'white', computer_level: 1 });
    await chooseView(page, '3d');
    await myTurn(page);
    await page.waitForFunction(() => Number(document.getElementById('board3d').dataset.playable) > 0);

    const first = await tappable(page);
    assert.ok(first, 'a marked point can be tapped');
    const before = await seq(page);
    await page.touchscreen.tap(first.at[0], first.at[1]);
    await page.waitForSelector('#confirm-bar:not([hidden])');
    assert.equal(await seq(page), before, 'a first tap plays nothing');
    await page.touchscreen.tap(first.at[0], first.at[1]);
    await page.waitForFunction((n) => Number(document.body.dataset.seq) > n, before);
    assert.ok(await page.isHidden('#confirm-bar'));

    await myTurn(page);
    await page.waitForFunction(() => Number(document.getElementById('board3d').dataset.playable) > 0);
    const second = await tappable(page);
    const now = await seq(page);
    await page.touchscreen.tap(second.at[0], second.at[1]);
    await page.waitForSelector('#confirm-bar:not([hidden])');
    await page.tap('#confirm-move');
    await page.waitForFunction((n) => Number(document.body.dataset.seq) > n, now);
  } finally {
    await browser.close();
    server.stop();
  }
});
