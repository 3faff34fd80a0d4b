// The computer's review on the replay page (issue 34): a finished game of each variant is
// reviewed on the server with its progress shown, the graph marks the largest swings, and
// a click on a marked swing jumps the board to that move and names what the computer
// preferred.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, screenshot } from './server.mjs';
import { openGame } from './seat.mjs';

const GAMES = [
  { variant: 'classic', rules: { board_size: 9 } },
  { variant: 'continuous', rules: { board: 'square-9' } },
  { variant: 'margo', rules: { board_size: 4 } },
  { variant: 'topological', rules: { board_size: 6 } },
];

// A game against the computer, made through the API from the page's own origin, in which
// the player resigns once the computer has played: a finished game with a swing at least.
async function finishedGame(ctx, server, game) {
  const page = await openGame(ctx, server, { ...game, color: 'black', computer_level: 1 });
  const id = page.url().split('/').pop();
  await page.waitForFunction(() => document.body.dataset.you === 'black' && document.body.dataset.thinking === 'false' && document.body.dataset.toMove === 'black', null, { timeout: 20000 });
  page.once('dialog', (d) => d.accept());
  await page.click('#resign');
  await page.waitForFunction(() => document.body.dataset.status === 'finished');
  return [page, id];
}

for (const game of GAMES) {
  test(`a finished ${game.variant} game is reviewed and a swing clicked`, async () => {
    const server = await startServer();
    const browser = await launch();
    try {
      const [page, id] = await finishedGame(await browser.newContext(), server, game);
      await page.goto(`${server.url}/replay/${id}`);
      await page.waitForFunction(() => document.body.dataset.frame !== undefined);
      await page.click('#review-start');
      await page.waitForSelector('#review-graph:not([hidden])', { timeout: 60000 });
      const swings = await page.$$('#review-graph .review-swing');
      assert.ok(swings.length >= 1, 'the resignation at least is a swing');
      const move = Number(await swings[swings.length - 1].getAttribute('data-move'));
      // Away from it first, so that the click is seen to move the board.
      await page.keyboard.press('Home');
      await page.waitForFunction(() => document.body.dataset.frame === '0');
      await swings[swings.length - 1].click();
      await page.waitForFunction((m) => document.body.dataset.frame === String(m), move);
      assert.match(await page.textContent('#review-move'), /Black \d+%; (black|white) lost \d+%/);
      if (game.variant === 'classic') await screenshot(page, 'review-classic');
      // Made once and kept: the page opened again shows it without asking.
      await page.reload();
      await page.waitForSelector('#review-graph:not([hidden])', { timeout: 10000 });
      assert.equal(await page.isHidden('#review-start'), true);
    } finally {
      await browser.close();
      server.stop();
    }
  });
}
