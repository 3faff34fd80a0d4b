// Two browsers play a short classic game to a counted result while a third watches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, clickBoard, waitSeq } from './server.mjs';

test('classic: two players and a watcher, to a counted result', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b, c] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
    const black = await a.newPage();
    await black.goto(`${server.url}/`);
    await black.selectOption('select[name=board]', '9');
    await black.fill('input[name=komi]', '6.5');
    await black.selectOption('select[name=color]', 'black');
    await black.click('#create');
    await black.waitForURL(/\/game\/[0-9a-f]{12}$/);
    await black.waitForFunction(() => document.body.dataset.status === 'open');
    const invite = await black.inputValue('#invite-url');
    assert.match(invite, /#invite=[0-9a-f]{32}$/);
    const gameUrl = black.url();

    const white = await b.newPage();
    await white.goto(invite);
    await white.waitForFunction(() => document.body.dataset.you === 'white');
    assert.ok(!white.url().includes('#'), 'the invite leaves the address bar');
    await black.waitForFunction(() => document.body.dataset.status === 'live');
    const watcher = await c.newPage();
    await watcher.goto(gameUrl);
    await watcher.waitForFunction(() => document.body.dataset.you === 'spectator');

    const moves = [[black, 2, 2], [white, 6, 6], [black, 2, 6], [white, 6, 2]];
    for (const [i, [page, x, y]] of moves.entries()) {
      await clickBoard(page, x, y);
      for (const p of [black, white, watcher]) await waitSeq(p, i + 1);
    }
    assert.equal(await watcher.locator('#board circle.stone').count(), 4);
    assert.equal(await watcher.locator('#board circle.last').count(), 1);

    // Refused intents change nothing: out of turn, occupied, a spectator's click.
    await clickBoard(white, 4, 4);
    await clickBoard(black, 6, 6);
    await black.waitForFunction(() => document.getElementById('msg').textContent.includes('occupied'));
    await clickBoard(watcher, 4, 4);
    assert.equal(await watcher.locator('#board circle.stone').count(), 4);

    // A reload resumes the whole game from the server.
    await black.reload();
    await waitSeq(black, 4);
    assert.equal(await black.getAttribute('body', 'data-you'), 'black');

    await black.click('#pass');
    await waitSeq(white, 5);
    await white.click('#pass');
    for (const p of [black, white, watcher]) await p.waitForFunction(() => document.body.dataset.phase === 'marking');
    await clickBoard(black, 6, 6); // mark the white stone dead
    await watcher.waitForFunction(() => document.getElementById('score').textContent.includes('W 7.5'));
    await black.click('#accept');
    await white.click('#accept');
    for (const p of [black, white, watcher]) {
      await p.waitForFunction(() => document.body.dataset.status === 'finished');
    }
    const result = await watcher.textContent('#result');
    assert.equal(result, 'Result: W+5.5');
    assert.equal(await black.textContent('#result'), result);

    // The replay page steps back through the stored game.
    await watcher.goto(gameUrl.replace('/game/', '/replay/'));
    await watcher.waitForFunction(() => document.body.dataset.frame === '6');
    await watcher.keyboard.press('ArrowLeft');
    await watcher.keyboard.press('ArrowLeft');
    await watcher.keyboard.press('ArrowLeft');
    await watcher.waitForFunction(() => document.body.dataset.frame === '3');
    assert.equal(await watcher.locator('#board circle.stone').count(), 3);
  } finally {
    await browser.close();
    server.stop();
  }
});
