// The replay page with an uploaded file: a JSON record of continuous Go (with its atari
// rings) and an SGF of a classic game are stepped through with the slider keys; a broken file shows the server's
// error and leaves the page usable.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch } from './server.mjs';

const upload = (page, name, text) => page.setInputFiles('#upload', { name, mimeType: 'text/plain', buffer: Buffer.from(text) });
const stones = (page) => page.locator('#board circle.stone').count();

test('replay: upload a JSON record and an SGF file, step with the keys', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}/replay`);
    const record = {
      format: 'stonefield-record/1', variant: 'continuous', rules: { board: 'square-9' },
      moves: [{ color: 'black', at: [4.5, 0.5] }, { color: 'white', at: [3.5, 0.5] }, { color: 'black', at: [7, 7] }, { color: 'white', at: [5.5, 0.5] }],
    };
    await upload(page, 'game.json', JSON.stringify(record));
    await page.waitForFunction(() => document.body.dataset.frames === '5');
    // Black's edge stone between two white ones is down to its last liberty in the end.
    await page.waitForFunction(() => document.querySelectorAll('#board circle.atari').length === 1);
    assert.equal(await page.locator('#board polygon').count() > 0, true, 'a polygon board');
    await page.waitForFunction(() => document.querySelectorAll('#board circle.stone').length === 4);
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.body.dataset.frame === '3');
    await page.waitForFunction(() => document.querySelectorAll('#board circle.stone').length === 3);
    assert.equal(await page.locator('#board circle.atari').count(), 0, 'one white neighbour leaves two liberties');
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelectorAll('#board circle.stone').length === 0);

    await upload(page, 'game.sgf', '(;GM[1]FF[4]SZ[9]KM[6.5];B[cc];W[dd];B[ee];W[ff];B[gg];W[])');
    await page.waitForFunction(() => document.body.dataset.frames === '7');
    await page.waitForFunction(() => document.querySelectorAll('#board circle.stone').length === 5);
    assert.match(await page.textContent('#report'), /white pass/);

    // A longer game comes from the server a slice at a time: the end, the start, a frame
    // in the middle slice and steps back all show their positions.
    const rows = [[3, 15], [5, 13]];
    const long = rows.flatMap(([b, w]) => [...Array(19).keys()].flatMap((x) => [{ color: 'black', at: [x, b] }, { color: 'white', at: [x, w] }]));
    await upload(page, 'long.json', JSON.stringify({ format: 'stonefield-record/1', variant: 'classic', rules: { board_size: 19 }, moves: long }));
    await page.waitForFunction(() => document.body.dataset.frames === '77');
    await page.waitForFunction(() => document.querySelectorAll('#board circle.stone').length === 76);
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.body.dataset.frame === '0');
    await page.waitForFunction(() => document.querySelectorAll('#board circle.stone').length === 0);
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.querySelectorAll('#board circle.stone').length === 76);
    for (let i = 0; i < 13; i += 1) await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.body.dataset.frame === '63');
    await page.waitForFunction(() => document.querySelectorAll('#board circle.stone').length === 63);
    await page.$eval('#slider', (el) => { el.value = '40'; el.dispatchEvent(new Event('input')); });
    await page.waitForFunction(() => document.body.dataset.frame === '40');
    await page.waitForFunction(() => document.querySelectorAll('#board circle.stone').length === 40);

    await upload(page, 'broken.sgf', '(;GM[1]FF[4]SZ[9];B[cc');
    await page.waitForFunction(() => document.getElementById('msg').textContent.includes('SGF'));
    assert.equal(await stones(page), 40, 'the last good record stays on screen');
  } finally {
    await browser.close();
    server.stop();
  }
});
