// The "how to play" help on the game page: opened by its button or the ? key, a text and
// pictures for the game's variant, closed by Escape; a screenshot of each variant with it open.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, screenshot } from './server.mjs';
import { openGame, myTurn } from './seat.mjs';

const CASES = [
  { body: { variant: 'classic', rules: { board_size: 9 } }, title: 'How to play Go', words: /liberty/ },
  { body: { variant: 'continuous', rules: { board: 'square-9' } }, title: 'How to play Continuous Go', words: /snaps/ },
  { body: { variant: 'margo', rules: { board_size: 5 } }, title: 'How to play MarGo', words: /bridge/ },
  { body: { variant: 'topological', rules: { board_size: 8 } }, title: 'How to play Topological Go', words: /reserve stones/ },
];

test('help: each variant explains itself, with pictures, opened by ? and closed by Escape', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    for (const c of CASES) {
      const page = await openGame(ctx, server, { ...c.body, color: 'white', computer_level: 1 });
      assert.equal(await page.isVisible('#help'), false);
      // A hint on the board under the help, for the screenshot.
      await myTurn(page);
      await page.keyboard.press('h');
      await page.waitForSelector('#board .hint-mark', { timeout: 20000 });
      await page.keyboard.press('?');
      await page.waitForSelector('#help[open]');
      assert.equal(await page.textContent('#help-title'), c.title);
      assert.match(await page.textContent('#help-body'), c.words);
      const pictures = await page.locator('#help-body figure svg').count();
      assert.ok(pictures >= 1, `${c.body.variant}: ${pictures} pictures`);
      // The title names the game, as the tab shows it.
      assert.match(await page.title(), /stonefield$/);
      await screenshot(page, `help-${c.body.variant}`);
      await page.keyboard.press('Escape');
      await page.waitForSelector('#help:not([open])', { state: 'attached' });
      // The button opens it too, and its Close button closes it.
      await page.click('#help-open');
      await page.waitForSelector('#help[open]');
      await page.click('#help-close');
      await page.waitForSelector('#help:not([open])', { state: 'attached' });
      await page.close();
    }
  } finally {
    await browser.close();
    server.stop();
  }
});
