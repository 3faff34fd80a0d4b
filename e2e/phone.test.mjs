// A game on a phone (390x844, touch) on 19x19, where lines are 18 px apart: a tap shows
// the stone and a second tap on the same point plays it (or the "Play here" button); the
// controls are big enough for a finger; a pass on an open board asks first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { startServer, launch } from './server.mjs';
import { openGame, myTurn, onScreen } from './seat.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
// The screen as the phone shows it: a full-page capture resizes the page and loses the
// touch screen's media query (pointer: coarse), so only the viewport is taken.
async function screenshot(page, name) {
  const dir = new URL('./screenshots/', import.meta.url).pathname;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}${name}.png` });
}
const seqOf = async (page) => Number(await page.getAttribute('body', 'data-seq'));
const stones = (page, color) => page.locator(`#board circle.stone.${color}`).count();

test('phone: tap and confirm on 19x19, 44 px controls, a pass on an open board asks', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const ctx = await browser.newContext(PHONE);
    const page = await openGame(ctx, server, { variant: 'classic', rules: { board_size: 19 }, color: 'black', computer_level: 1 });
    await myTurn(page);
    assert.equal(await page.isChecked('#tap-confirm'), true, 'on by default');

    // A first tap shows the stone where it would go, and plays nothing.
    const [x, y] = await onScreen(page, 3, 15);
    await page.touchscreen.tap(x, y);
    await page.waitForSelector('#confirm-bar:not([hidden])');
    await page.waitForSelector('#board .ghost[data-at="3,15"]');
    assert.equal(await seqOf(page), 0, 'nothing played by one tap');
    await screenshot(page, 'phone-tap');
    // A second tap on the same point plays it.
    await page.touchscreen.tap(x, y);
    await page.waitForFunction(() => document.body.dataset.seq !== '0');
    assert.equal(await stones(page, 'black'), 1);
    await page.waitForSelector('#confirm-bar', { state: 'hidden' });

    // A tap elsewhere then "Play here".
    await myTurn(page);
    const before = await seqOf(page);
    const [x2, y2] = await onScreen(page, 15, 3);
    await page.touchscreen.tap(x2, y2);
    await page.waitForSelector('#confirm-bar:not([hidden])');
    // A tap on another point moves the stone shown there instead.
    const [x3, y3] = await onScreen(page, 15, 4);
    await page.touchscreen.tap(x3, y3);
    await page.waitForSelector('#board .ghost[data-at="15,4"]');
    assert.equal(await seqOf(page), before);
    await page.tap('#confirm-move');
    await page.waitForFunction((n) => Number(document.body.dataset.seq) > n, before);
    await page.waitForSelector('#board circle.stone.black[data-x="15"][data-y="4"]');

    // Every control shown is at least 44 px tall and wide.
    await myTurn(page);
    const small = await page.evaluate(() => [...document.querySelectorAll('button, input[type=checkbox], a')]
      .filter((el) => el.getClientRects().length && !el.closest('[hidden]') && !el.closest('dialog:not([open])'))
      .map((el) => ({ id: el.id || el.textContent, r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.height < 44 || r.width < 44)
      .map(({ id, r }) => `${id} ${Math.round(r.width)}x${Math.round(r.height)}`));
    assert.deepEqual(small, [], 'controls smaller than 44 px');

    // A pass with few moves played asks first; "Keep playing" sends nothing.
    const seq = await seqOf(page);
    await page.tap('#pass');
    await page.waitForSelector('#pass-confirm:not([hidden])');
    await page.locator('#pass-confirm').scrollIntoViewIfNeeded();
    await screenshot(page, 'phone');
    await page.tap('#pass-no');
    await page.waitForSelector('#pass-confirm', { state: 'hidden' });
    assert.equal(await seqOf(page), seq, 'no pass sent');
    await page.tap('#pass');
    await page.tap('#pass-yes');
    await page.waitForFunction((n) => Number(document.body.dataset.seq) > n, seq);
    assert.equal(await page.textContent('#move-list li:nth-child(5) .move-name'), 'pass');
  } finally {
    await browser.close();
    server.stop();
  }
});
