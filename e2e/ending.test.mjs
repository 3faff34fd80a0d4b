// How the computer ends a game (issue 34): a single pass by the player on an open 19x19
// board does not end the game; the computer plays on, and the game stays in play.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, pass } from './server.mjs';

// Creates a game against the computer through the API from the page's own origin, keeps
// the seat where the client looks for it, and opens the game.
async function computerGame(page, server, body) {
  await page.goto(`${server.url}/`);
  const id = await page.evaluate(async (b) => {
    const r = await fetch('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
    if (!r.ok) throw new Error(`create: ${r.status} ${await r.text()}`);
    const g = await r.json();
    localStorage.setItem(`stonefield.seat.${g.id}`, g.token);
    return g.id;
  }, body);
  await page.goto(`${server.url}/game/${id}`);
  await page.waitForFunction(() => document.body.dataset.status === 'live' && document.body.dataset.you === 'black');
}

const dataset = (page) => page.evaluate(() => ({ ...document.body.dataset }));

for (const rules of ['japanese', 'chinese']) {
  test(`a pass on an open 19x19 board (${rules} rules) is answered by a move`, async () => {
    const server = await startServer();
    const browser = await launch();
    try {
      const page = await browser.newPage();
      await computerGame(page, server, {
        variant: 'classic',
        rules: { board_size: 19, preset: rules },
        color: 'black',
        computer_level: 1,
      });
      // Black passes at once: White (the computer) leads by komi on an empty board, and
      // passing back would win the count, but nothing is settled.
      await pass(page);
      await page.waitForFunction(() => Number(document.body.dataset.seq) >= 2 && document.body.dataset.thinking === 'false', null, { timeout: 20000 });
      const b = await dataset(page);
      assert.equal(b.phase, 'playing', 'the game is still in play after the computer answered');
      assert.equal(b.status, 'live');
      assert.equal(b.toMove, 'black');
      const moves = await page.$$eval('#move-list li', (items) => items.map((li) => li.textContent.trim()));
      assert.equal(moves.length, 2, `Black's pass and White's answer: ${moves}`);
      assert.match(moves[0], /pass/i);
      assert.doesNotMatch(moves[1], /pass/i, `the computer's answer is a stone: ${moves}`);
    } finally {
      await browser.close();
      server.stop();
    }
  });
}
