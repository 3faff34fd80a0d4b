// Hints on the board: the computer's suggestion drawn where it is (2D and MarGo's 3D),
// named as the move list will name it, played by "Play it" or by a click on the marker; in
// continuous Go a click a few pixels off the marker plays exactly the hinted point. The
// replay's analysis is drawn the same way. Screenshots: each variant with its hint shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, screenshot, chooseView } from './server.mjs';
import { openGame, myTurn, onScreen } from './seat.mjs';

// Asks for a hint with the h key; returns the marker's point and the suggestion's line.
async function askHint(page) {
  await myTurn(page);
  await page.keyboard.press('h');
  await page.waitForSelector('#board .hint-mark', { timeout: 20000 });
  const at = (await page.getAttribute('#board .hint-mark', 'data-at')).split(',').map(Number);
  const line = await page.textContent('#suggestion');
  return { at, line, name: line.match(/^Suggested: (.+?) · /)?.[1] };
}

async function withBrowser(fn) {
  const server = await startServer();
  const browser = await launch();
  try {
    await fn(server, await browser.newContext({ viewport: { width: 1200, height: 900 } }));
  } finally {
    await browser.close();
    server.stop();
  }
}

test('hints: classic, named in notation, marked on the board, played by "Play it"', () => withBrowser(async (server, ctx) => {
  const page = await openGame(ctx, server, { variant: 'classic', rules: { board_size: 9 }, color: 'black', computer_level: 1 });
  const hint = await askHint(page);
  assert.match(hint.name, /^[A-HJ]\d$/, hint.line);
  assert.equal(await page.textContent('#board .hint-mark text'), hint.name, 'the marker is named as the line says');
  await screenshot(page, 'hint-classic');
  await page.click('#play-hint');
  await page.waitForFunction(() => document.body.dataset.seq !== '0');
  assert.equal(await page.evaluate(() => document.querySelector('#move-list li .move-name')?.textContent), hint.name);
  // The marker goes with the position it was asked for.
  assert.equal(await page.locator('#board .hint-mark').count(), 0);
}));

test('hints: continuous, a click a few pixels off the marker plays exactly the hinted point', () => withBrowser(async (server, ctx) => {
  const page = await openGame(ctx, server, { variant: 'continuous', rules: { board: 'square-9' }, color: 'white', computer_level: 1 });
  // A few moves in, so that the hint lies among stones.
  for (const [x, y] of [[2.2, 2.4], [6.1, 5.3]]) {
    await myTurn(page);
    const seq = Number(await page.getAttribute('body', 'data-seq'));
    const [px, py] = await onScreen(page, x, y);
    await page.mouse.click(px, py);
    await page.waitForFunction((n) => Number(document.body.dataset.seq) > n, seq);
  }
  const hint = await askHint(page);
  assert.match(hint.name, /^\(\d+\.\d\d, \d+\.\d\d\)$/, hint.line);
  await screenshot(page, 'hint-continuous');
  const seq = Number(await page.getAttribute('body', 'data-seq'));
  const [px, py] = await onScreen(page, hint.at[0], hint.at[1]);
  // Four pixels off, as a hand clicks.
  await page.mouse.move(px + 3, py - 3);
  await page.mouse.click(px + 3, py - 3);
  await page.waitForFunction((n) => Number(document.body.dataset.seq) > n, seq);
  // The move after `seq` (the computer may have answered already).
  const mine = await page.textContent(`#move-list li:nth-child(${seq + 1}) .move-name`);
  assert.equal(mine, hint.name, 'the hinted point itself was played');
  const played = await page.evaluate(() => document.querySelectorAll('#move-list li').length);
  assert.ok(played >= 4);
}));

test('hints: MarGo in 2D and 3D, and Topological Go', () => withBrowser(async (server, ctx) => {
  const margo = await openGame(ctx, server, { variant: 'margo', rules: { board_size: 5 }, color: 'white', computer_level: 1 });
  await chooseView(margo, '2d');
  const hint = await askHint(margo);
  assert.match(hint.name, /^[A-I]\d$/, hint.line);
  // Coordinates on the board, the book's letters and rows.
  assert.ok(await margo.locator('#board .coords text', { hasText: 'I' }).count() > 0, 'columns A to I on a 5x5 board');
  await screenshot(margo, 'hint-margo');
  await chooseView(margo, '3d');
  await margo.waitForFunction((at) => document.getElementById('board3d').dataset.hint === at, hint.at.join(','));
  await screenshot(margo, 'hint-margo-3d');
  await chooseView(margo, '2d');
  const seq = Number(await margo.getAttribute('body', 'data-seq'));
  await margo.click('#play-hint');
  await margo.waitForFunction((n) => Number(document.body.dataset.seq) > n, seq);
  assert.equal(await margo.evaluate(() => document.querySelector('#move-list li .move-name')?.textContent), hint.name);

  const topo = await openGame(ctx, server, { variant: 'topological', rules: { board_size: 8 }, color: 'white', computer_level: 1 });
  const th = await askHint(topo);
  assert.match(th.name, /^[A-H]\d( \(reserve\))?$/, th.line);
  await screenshot(topo, 'hint-topological');
}));

test('replay: the analysis is named and marked on the board', () => withBrowser(async (server, ctx) => {
  const page = await openGame(ctx, server, { variant: 'classic', rules: { board_size: 9 }, color: 'black', computer_level: 1 });
  await myTurn(page);
  await page.mouse.click(...await onScreen(page, 4, 4));
  await page.waitForFunction(() => document.body.dataset.seq === '2', null, { timeout: 20000 });
  const id = page.url().split('/').pop();
  await page.goto(`${server.url}/replay/${id}`);
  await page.waitForFunction(() => document.body.dataset.frame !== undefined);
  await page.keyboard.press('Home');
  await page.click('#analyse');
  await page.waitForFunction(() => /^black to play: [A-HJ]\d · /.test(document.getElementById('analysis').textContent), null, { timeout: 20000 });
  await page.waitForSelector('#board .hint-mark');
  const name = (await page.textContent('#analysis')).match(/^black to play: (\S+)/)[1];
  assert.equal(await page.textContent('#board .hint-mark text'), name);
  await screenshot(page, 'replay-analysis');
}));
