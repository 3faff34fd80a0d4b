// The replay page's downloads (the JSON record, SGF for classic Go only) and MarGo's
// replay in 3D as in 2D, with the move list in the variant's notation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, screenshot } from './server.mjs';
import { openGame, myTurn } from './seat.mjs';

test('replay: downloads, and MarGo in 3D with its moves in notation', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const margo = await openGame(ctx, server, { variant: 'margo', rules: { board_size: 4 }, color: 'white', computer_level: 1 });
    for (let i = 0; i < 3; i++) {
      await myTurn(margo);
      const seq = Number(await margo.getAttribute('body', 'data-seq'));
      await margo.keyboard.press('h');
      await margo.waitForSelector('#play-hint:not([hidden])', { timeout: 20000 });
      await margo.click('#play-hint');
      await margo.waitForFunction((n) => Number(document.body.dataset.seq) > n, seq);
    }
    await myTurn(margo);
    const names = await margo.evaluate(() => [...document.querySelectorAll('#move-list .move-name')].map((e) => e.textContent));
    const id = margo.url().split('/').pop();
    await margo.goto(`${server.url}/replay/${id}`);
    await margo.waitForFunction(() => document.body.dataset.frame !== undefined);
    // The moves in MarGo's notation, as the game page listed them.
    const listed = await margo.evaluate(() => [...document.querySelectorAll('#moves button')].map((b) => b.textContent.replace(/^[BW] /, '')));
    assert.deepEqual(listed, names);
    assert.equal(await margo.getAttribute('#download-json', 'href'), `/api/games/${id}/record`);
    assert.equal(await margo.isVisible('#download-sgf'), false, 'no SGF for MarGo');
    // 3D: the balls of the frame shown, and the choice remembered (here 2D by default:
    // SwiftShader is software WebGL).
    assert.equal(await margo.getAttribute('body', 'data-view'), '2d');
    await margo.click('#view-3d');
    await margo.waitForFunction((n) => document.getElementById('board3d').dataset.balls === String(n), names.length);
    await margo.keyboard.press('Home');
    await margo.waitForFunction(() => document.getElementById('board3d').dataset.balls === '0');
    await margo.keyboard.press('End');
    await margo.waitForFunction((n) => document.getElementById('board3d').dataset.balls === String(n), names.length);
    await screenshot(margo, 'replay-margo-3d');

    const classic = await openGame(ctx, server, { variant: 'classic', rules: { board_size: 9 }, color: 'black', computer_level: 1 });
    const cid = classic.url().split('/').pop();
    await classic.goto(`${server.url}/replay/${cid}`);
    await classic.waitForFunction(() => document.body.dataset.frame !== undefined);
    assert.equal(await classic.getAttribute('#download-sgf', 'href'), `/api/games/${cid}/sgf`);
    const sgf = await classic.evaluate(async (u) => (await fetch(u)).text(), `/api/games/${cid}/sgf`);
    assert.match(sgf, /^\(;/);
  } finally {
    await browser.close();
    server.stop();
  }
});
