// Accessibility of the game and replay pages: no serious or critical violation found by
// axe-core; the last move announced in a live region; the keys p (pass), u (undo) and h
// (hint) work, but not while typing in a field; the replay's moves reachable by keyboard.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, screenshot } from './server.mjs';
import { openGame, myTurn, onScreen } from './seat.mjs';
import { axeViolations, describe } from './axe.mjs';

test('a11y: game pages of each variant and the replay page pass axe; keys and announcements', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    for (const body of [
      { variant: 'classic', rules: { board_size: 9 } },
      { variant: 'continuous', rules: { board: 'square-9' } },
      { variant: 'margo', rules: { board_size: 4 } },
      { variant: 'topological', rules: { board_size: 8 } },
    ]) {
      const page = await openGame(ctx, server, { ...body, color: 'white', computer_level: 1 });
      await myTurn(page);
      const found = await axeViolations(page);
      assert.deepEqual(found, [], `${body.variant}:\n${describe(found)}`);
      await page.close();
    }

    const page = await openGame(ctx, server, { variant: 'classic', rules: { board_size: 9 }, color: 'black', computer_level: 1 });
    await myTurn(page);
    // h asks for a hint; typed into the name box it is only a letter.
    await page.keyboard.press('h');
    await page.waitForSelector('#board .hint-mark', { timeout: 20000 });
    await page.mouse.click(...await onScreen(page, 2, 2));
    await page.waitForFunction(() => document.body.dataset.seq === '2', null, { timeout: 20000 });
    // The last move, the computer's, is announced.
    await page.waitForFunction(() => /^Move 2: Computer \(level 1\) [A-HJ]\d/.test(document.getElementById('announce').textContent));
    assert.equal(await page.getAttribute('#announce', 'aria-live'), 'polite');
    // u asks for an undo, which the computer accepts.
    await myTurn(page);
    await page.keyboard.press('u');
    await page.waitForFunction(() => document.body.dataset.seq !== '2', null, { timeout: 20000 });
    // Typed into a field, p is a letter, not a pass.
    await myTurn(page);
    const seq = await page.getAttribute('body', 'data-seq');
    await page.evaluate(() => { const i = document.createElement('input'); i.id = 'scratch'; document.body.append(i); });
    await page.focus('#scratch');
    await page.keyboard.press('p');
    assert.equal(await page.isVisible('#pass-confirm'), false);
    // p passes, after its confirmation, whose buttons the keyboard reaches.
    await page.evaluate(() => { document.getElementById('scratch')?.remove(); document.body.focus(); });
    await page.keyboard.press('p');
    await page.waitForSelector('#pass-confirm:not([hidden])');
    await page.focus('#pass-yes');
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => document.body.dataset.seq !== n, seq);

    // The replay page: axe, and its moves are buttons a keyboard reaches.
    const id = page.url().split('/').pop();
    await page.goto(`${server.url}/replay/${id}`);
    await page.waitForFunction(() => document.body.dataset.frame !== undefined);
    const found = await axeViolations(page);
    assert.deepEqual(found, [], `replay:\n${describe(found)}`);
    await page.focus('#moves li:first-child button');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.body.dataset.frame === '1');
    await screenshot(page, 'replay');
  } finally {
    await browser.close();
    server.stop();
  }
});
