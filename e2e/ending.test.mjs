// How the computer ends a game (issue 34): a single pass by the player on an open 19x19
// board does not end the game; the computer plays on, and the game stays in play.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, pass } from './server.mjs';
import { openGame } from './seat.mjs';

const dataset = (page) => page.evaluate(() => ({ ...document.body.dataset }));

for (const rules of ['japanese', 'chinese']) {
  test(`a pass on an open 19x19 board (${rules} rules) is answered by a move`, async () => {
    const server = await startServer();
    const browser = await launch();
    try {
      const page = await openGame(await browser.newContext(), server, {
        variant: 'classic',
        rules: { board_size: 19, preset: rules },
        color: 'black',
        computer_level: 1,
      });
      await page.waitForFunction(() => document.body.dataset.you === 'black' && document.body.dataset.thinking === 'false');
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
