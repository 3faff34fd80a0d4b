// The game page on a phone: a touch screen 390 px wide. The board fits the width, two taps
// play where they land, a pinch zooms without playing, a tap on the zoomed board still
// lands on the point under the finger, and a touch the browser cancels leaves no finger
// counted as down.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, waitSeq, newGame, screenshot } from './server.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

// The page (CSS px) position of board point (x, y), through the SVG's own transform.
const onPage = (page, x, y) => page.evaluate(([bx, by]) => {
  const pt = new DOMPoint(bx, by).matrixTransform(document.getElementById('board').getScreenCTM());
  return [pt.x, pt.y];
}, [x, y]);

const stoneAt = (page, x, y, color) => page.waitForFunction(([sx, sy, c]) => [...document.querySelectorAll('#board circle.stone')]
  .some((s) => Math.abs(s.cx.baseVal.value - sx) < 0.01 && Math.abs(s.cy.baseVal.value - sy) < 0.01 && s.classList.contains(c)), [x, y, color]);

// A move by touch: a first tap shows the stone, a second on the same point plays it.
async function tap(page, x, y) {
  const [px, py] = await onPage(page, x, y);
  await page.touchscreen.tap(px, py);
  await page.waitForSelector('#confirm-bar:not([hidden])');
  await page.touchscreen.tap(px, py);
}

// Two fingers that start `gap` px apart around board point (x, y) and end `gap * 2` apart.
async function pinchOut(page, cdp, x, y, gap) {
  const [cx, cy] = await onPage(page, x, y);
  const fingers = (d) => [{ x: cx - d / 2, y: cy, id: 1 }, { x: cx + d / 2, y: cy, id: 2 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(gap) });
  for (let step = 1; step <= 5; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(gap * (1 + step / 5)) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

const viewBoxWidth = (page) => page.evaluate(() => document.getElementById('board').viewBox.baseVal.width);

test('classic on a phone: taps play, a pinch zooms, a cancelled touch is forgotten', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b] = await Promise.all([browser.newContext(PHONE), browser.newContext(PHONE)]);
    const [black, white] = await newGame(a, b, server, { variant: 'classic', board: '9' });

    // Nothing wider than the screen; the whole board is on it.
    for (const page of [black, white]) {
      const fit = await page.evaluate(() => {
        const r = document.getElementById('board').getBoundingClientRect();
        return { scroll: document.documentElement.scrollWidth, width: innerWidth, left: r.left, right: r.right };
      });
      assert.ok(fit.scroll <= fit.width, `page ${fit.scroll} px wide on a ${fit.width} px screen`);
      assert.ok(fit.left >= 0 && fit.right <= fit.width, `board from ${fit.left} to ${fit.right} px`);
    }

    await tap(black, 2, 2);
    await waitSeq(black, 1);
    await stoneAt(black, 2, 2, 'black');
    await tap(white, 6, 6);
    await waitSeq(black, 2);

    // A pinch zooms in and plays nothing.
    const before = await viewBoxWidth(black);
    const cdp = await a.newCDPSession(black);
    await pinchOut(black, cdp, 4, 4, 60);
    await black.waitForFunction((w) => document.getElementById('board').viewBox.baseVal.width < w * 0.8, before);
    assert.equal(await black.getAttribute('body', 'data-seq'), '2', 'a pinch is not a move');

    // On the zoomed board a tap still lands on the point under the finger.
    await tap(black, 5, 3);
    await waitSeq(black, 3);
    await stoneAt(black, 5, 3, 'black');

    // A touch the browser cancels: the next tap is a tap, not a second finger.
    const [fx, fy] = await onPage(black, 3, 4);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fx, y: fy, id: 7 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchCancel', touchPoints: [] });
    await tap(white, 7, 1);
    await waitSeq(black, 4);
    await tap(black, 3, 5);
    await waitSeq(black, 5);
    await stoneAt(white, 3, 5, 'black');
    await screenshot(black, 'phone-classic');
  } finally {
    await browser.close();
    server.stop();
  }
});
