// Two browsers play short classic games while a third watches: a Japanese game to a
// territory count (marks, breakdown, acceptance, result), and a ko under Chinese rules.
import { test } from 'node:test';
import { openCustomGame } from './server.mjs';
import assert from 'node:assert/strict';
import { startServer, launch, clickBoard, waitSeq, newGame, shownCount, assertScoreIsResult, screenshot, pass } from './server.mjs';

const msg = (page) => page.textContent('#msg');

test('classic: two players and a watcher, to a counted result', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b, c] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
    const black = await a.newPage();
    await black.goto(`${server.url}/`);
    await openCustomGame(black);
    await black.selectOption('select[name=board]', '7');
    await black.selectOption('select[name=preset]', 'japanese');
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

    // Two walls: Black's on column 2, White's on column 4; Black adds (3, 3), White
    // invades at (0, 3), a stone that will be marked dead.
    const moves = [];
    for (let y = 0; y < 7; y++) moves.push([black, 2, y], [white, 4, y]);
    moves.push([black, 3, 3], [white, 0, 3]);
    for (const [i, [page, x, y]] of moves.entries()) {
      await clickBoard(page, x, y);
      for (const p of [black, white, watcher]) await waitSeq(p, i + 1);
      if (i === 3) {
        assert.equal(await watcher.locator('#board circle.stone').count(), 4);
        assert.equal(await watcher.locator('#board circle.last').count(), 1);
        // Refused intents change nothing and say why in words: occupied, a spectator.
        await clickBoard(black, 4, 0);
        await black.waitForFunction(() => document.getElementById('msg').textContent === 'There is already a stone on that point.');
        await clickBoard(watcher, 5, 5);
        await watcher.waitForFunction(() => document.getElementById('msg').textContent === 'Spectators cannot play.');
        assert.equal(await watcher.locator('#board circle.stone').count(), 4);
      }
    }
    assert.equal(await watcher.locator('#board rect.territory-mark').count(), 0, 'no marks during play');

    // A reload resumes the whole game from the server.
    await black.reload();
    await waitSeq(black, moves.length);
    assert.equal(await black.getAttribute('body', 'data-you'), 'black');

    await pass(black);
    await waitSeq(white, moves.length + 1);
    await pass(white);
    for (const p of [black, white, watcher]) await p.waitForFunction(() => document.body.dataset.phase === 'marking');
    // While marking, the count and the territory marks show at once.
    await watcher.waitForSelector('#count:not([hidden])');
    await clickBoard(black, 0, 3); // mark the white invader dead
    // Territory under Japanese rules: 14 points each side (the dead stone's among them),
    // the dead stone a prisoner for Black, komi 6.5 for White.
    await watcher.waitForFunction(() => document.getElementById('score').textContent === 'B 15 · W 20.5');
    assert.equal(await watcher.locator('#board rect.territory-mark.black').count(), 14);
    assert.equal(await watcher.locator('#board rect.territory-mark.white').count(), 14);
    assert.match(await watcher.textContent('#count-notes'), /Territory count/);

    // Each accepts; the other player (and the watcher) see it.
    await black.click('#accept');
    await white.waitForFunction(() => document.getElementById('accepted').textContent.startsWith('Your opponent has accepted the count'));
    await watcher.waitForFunction(() => document.getElementById('accepted').textContent === 'Black accepted the count.');
    await black.waitForFunction(() => document.getElementById('accepted').textContent === 'You accepted the count; waiting for your opponent.');
    await white.click('#accept');
    for (const p of [black, white, watcher]) {
      await p.waitForFunction(() => document.body.dataset.status === 'finished');
    }
    // The end keeps the territory count: the same numbers on every page and in the result.
    for (const p of [black, white, watcher]) {
      const shown = await shownCount(p);
      assert.deepEqual(shown.total, { black: '15', white: '20.5' });
      assertScoreIsResult(shown);
      assert.equal(shown.result, 'Result: W+5.5');
      assert.equal(await p.locator('#board rect.territory-mark').count(), 28, 'territory marks after the end');
    }
    assert.equal(await watcher.textContent('#accepted'), 'Both players accepted the count.');
    await screenshot(watcher, 'classic');

    // The replay page steps back through the stored game.
    await watcher.goto(gameUrl.replace('/game/', '/replay/'));
    await watcher.waitForFunction((n) => document.body.dataset.frame === String(n), moves.length + 2);
    for (let i = 0; i < 3; i++) await watcher.keyboard.press('ArrowLeft');
    await watcher.waitForFunction((n) => document.body.dataset.frame === String(n), moves.length - 1);
    assert.equal(await watcher.locator('#board circle.stone').count(), moves.length - 1);
  } finally {
    await browser.close();
    server.stop();
  }
});

test('classic: a ko retaken at once is refused as ko, under Chinese rules too', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
    const [black, white] = await newGame(a, b, server, { variant: 'classic', board: '6', preset: 'chinese' });
    const moves = [[black, 1, 0], [white, 2, 0], [black, 0, 1], [white, 3, 1], [black, 1, 2], [white, 2, 2], [black, 4, 4], [white, 1, 1], [black, 2, 1]];
    for (const [i, [page, x, y]] of moves.entries()) {
      await clickBoard(page, x, y);
      for (const p of [black, white]) await waitSeq(p, i + 1);
    }
    await white.waitForFunction(() => document.getElementById('captures-black').textContent === '1 capture' && document.getElementById('captures-white').textContent === '0 captures');
    await clickBoard(white, 1, 1);
    await white.waitForFunction(() => document.getElementById('msg').textContent.startsWith('Ko: '));
    assert.doesNotMatch(await msg(white), /superko/i);
  } finally {
    await browser.close();
    server.stop();
  }
});
