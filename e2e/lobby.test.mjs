// The lobby and the replay page of issue 13: names typed when creating and joining show in
// the lobby's rows (with variant, size, moves, age and clock) and are remembered by the
// browser; a finished game's replay lists its moves in notation and ends on the count,
// whose score is the result, territory marks included.
import { test } from 'node:test';
import { openCustomGame } from './server.mjs';
import assert from 'node:assert/strict';
import { startServer, launch, clickBoard, waitSeq, newGame, shownCount, assertScoreIsResult, screenshot, pass } from './server.mjs';

const rowText = (page, list, id, cls) => page.textContent(`#${list} tr[data-game="${id}"] td.${cls}`);

test('lobby: names typed on create and join appear in the lobby row', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
    const ann = await a.newPage();
    await ann.goto(`${server.url}/`);
    await openCustomGame(ann);
    await ann.fill('#name', 'Ann');
    await ann.selectOption('select[name=board]', '9');
    await ann.selectOption('select[name=seats]', 'open');
    await ann.selectOption('select[name=tc]', 'fischer');
    await ann.fill('input[name=main]', '5');
    await ann.fill('input[name=extra]', '3');
    await ann.click('#create');
    await ann.waitForURL(/\/game\/[0-9a-f]{12}$/);
    await ann.waitForFunction(() => document.body.dataset.status === 'open');
    const id = ann.url().split('/').pop();

    const bob = await b.newPage();
    await bob.goto(`${server.url}/`);
    await bob.waitForSelector(`#open tr[data-game="${id}"]`);
    assert.match(await rowText(bob, 'open', id, 'names'), /^Ann \(B\) – waiting… \(W\)$/);
    await bob.fill('#name', 'Bob');
    await bob.click(`#open tr[data-game="${id}"] button`);
    await bob.waitForURL(/\/game\/[0-9a-f]{12}$/);
    await bob.waitForFunction(() => document.body.dataset.you === 'white');
    await ann.waitForFunction(() => document.body.dataset.status === 'live');
    await clickBoard(ann, 4, 4);
    await waitSeq(bob, 1);

    // The live list shows both names, the variant and size, the move, the age and the clock.
    await ann.goto(`${server.url}/`);
    await ann.waitForSelector(`#live tr[data-game="${id}"]`);
    await screenshot(ann, 'lobby');
    assert.equal(await rowText(ann, 'live', id, 'names'), 'Ann (B) – Bob (W)');
    assert.equal(await rowText(ann, 'live', id, 'variant'), 'classic');
    assert.equal(await rowText(ann, 'live', id, 'size'), '9×9');
    assert.equal(await rowText(ann, 'live', id, 'moves'), '1 move');
    assert.match(await rowText(ann, 'live', id, 'age'), /just now|min ago/);
    assert.equal(await rowText(ann, 'live', id, 'time-control'), '5 min + 3 s/move');
    // Each browser remembers its player's name for the next game.
    assert.equal(await ann.inputValue('#name'), 'Ann');
    await bob.goto(`${server.url}/`);
    assert.equal(await bob.inputValue('#name'), 'Bob');
  } finally {
    await browser.close();
    server.stop();
  }
});

test('replay: a counted game lists its moves in notation and ends on the result', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
    const [black, white, gameUrl] = await newGame(a, b, server, { variant: 'classic', board: '9', preset: 'japanese', komi: 6.5 });
    await clickBoard(black, 4, 4); // E5
    await waitSeq(white, 1);
    await clickBoard(white, 0, 0); // A9, to be marked dead
    await waitSeq(black, 2);
    await pass(black);
    await waitSeq(white, 3);
    await pass(white);
    for (const p of [black, white]) await p.waitForFunction(() => document.body.dataset.phase === 'marking');
    await clickBoard(black, 0, 0);
    // Japanese count: 80 points of territory (the dead stone's among them) and 1 prisoner.
    await white.waitForFunction(() => document.getElementById('score').textContent === 'B 81 · W 6.5');
    await black.click('#accept');
    await white.click('#accept');
    for (const p of [black, white]) await p.waitForFunction(() => document.body.dataset.status === 'finished');
    const result = await black.textContent('#result');

    await black.goto(gameUrl.replace('/game/', '/replay/'));
    await black.waitForFunction(() => document.body.dataset.frame === '4');
    const list = await black.$$eval('#moves li', (lis) => lis.map((li) => li.textContent));
    assert.deepEqual(list, ['B E5', 'W A9', 'B pass', 'W pass']);
    assert.equal(await black.textContent('#report'), 'white pass');
    const shown = await shownCount(black);
    assertScoreIsResult(shown);
    assert.equal(shown.result, result, 'the replay ends on the game\'s own result');
    assert.ok(await black.locator('#board rect.territory-mark').count() > 0, 'territory marks at the end');
    await screenshot(black, 'replay-classic');
    // The move list steps the board: the first move shows one stone and its notation.
    await black.click('#moves li[data-index="1"]');
    await black.waitForFunction(() => document.body.dataset.frame === '1');
    assert.equal(await black.textContent('#report'), 'black E5');
    assert.equal(await black.locator('#board circle.stone').count(), 1);
  } finally {
    await browser.close();
    server.stop();
  }
});

test('replay: continuous Go shows its Voronoi tint and points to two decimals', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}/replay`);
    const record = {
      format: 'stonefield-record/1', variant: 'continuous', rules: { board: 'square-9' },
      moves: [{ color: 'black', at: [2.25, 3] }, { color: 'white', at: [6.5, 6.125] }, { color: 'black', pass: true }],
    };
    await page.setInputFiles('#upload', { name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(record)) });
    await page.waitForFunction(() => document.body.dataset.frames === '4');
    const list = await page.$$eval('#moves li', (lis) => lis.map((li) => li.textContent));
    assert.deepEqual(list, ['B (2.25, 3.00)', 'W (6.50, 6.13)', 'B pass']);
    await page.waitForFunction(() => document.querySelectorAll('#board polygon.cell.black').length === 1);
    assert.equal(await page.locator('#board polygon.cell.white').count(), 1);
    await screenshot(page, 'replay-continuous');
    // The tint can be turned off, as on the game page.
    await page.keyboard.press('t');
    await page.waitForFunction(() => document.querySelectorAll('#board polygon.cell').length === 0);
  } finally {
    await browser.close();
    server.stop();
  }
});

test('game page: a friend seated by an invite link names the seat there', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
    const [creator, friend, gameUrl] = await newGame(a, b, server, { variant: 'classic', board: '9' });
    const id = gameUrl.split('/').pop();
    // Neither browser knows a name: both seats are anonymous and may be named.
    await friend.waitForSelector('#name-box:not([hidden])');
    await friend.fill('#my-name', '  Zoe ');
    await friend.click('#save-name');
    await friend.waitForSelector('#name-box', { state: 'hidden' });
    assert.equal(await creator.isVisible('#name-box'), true, 'the creator\'s seat is still unnamed');
    const record = await (await friend.request.get(`${server.url}/api/games/${id}/record`)).json();
    assert.equal(record.players.white.name, 'Zoe');
    // The browser remembers it for the next game's form.
    await friend.goto(`${server.url}/`);
    assert.equal(await friend.inputValue('#name'), 'Zoe');
  } finally {
    await browser.close();
    server.stop();
  }
});
