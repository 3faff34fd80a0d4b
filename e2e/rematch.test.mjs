// The rematch in the browser: after a resignation one player offers, the other accepts, and
// both browsers move to the new game with the colours swapped, seated without a new link.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, clickBoard, waitSeq, openCustomGame } from './server.mjs';

test('rematch: accepted, both browsers play the new game with colours swapped', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
    const creator = await a.newPage();
    await creator.goto(`${server.url}/`);
    await openCustomGame(creator);
    await creator.selectOption('select[name=board]', '9');
    await creator.selectOption('select[name=color]', 'black');
    await creator.click('#create');
    await creator.waitForFunction(() => document.body.dataset.status === 'open');
    const first = creator.url();
    const friend = await b.newPage();
    await friend.goto(await creator.inputValue('#invite-url'));
    await friend.waitForFunction(() => document.body.dataset.status === 'live' && document.body.dataset.you === 'white');
    assert.equal(await creator.isHidden('#rematch-box'), true, 'no rematch during the game');

    friend.once('dialog', (d) => d.accept());
    await friend.click('#resign');
    await creator.waitForFunction(() => document.body.dataset.status === 'finished');
    assert.equal(await creator.isVisible('#rematch'), true);
    assert.equal(await creator.getAttribute('#new-game', 'href'), '/#new-game');

    await creator.click('#rematch');
    await friend.waitForFunction(() => document.body.dataset.rematch === 'offered-by-black');
    assert.match(await friend.textContent('#rematch-text'), /offers a rematch/);
    await friend.click('#rematch-yes');

    // Both move to the same new game, each in the other colour.
    await creator.waitForURL((u) => u.href !== first && /\/game\/[0-9a-f]{12}$/.test(u.href));
    await friend.waitForURL((u) => u.href !== first && /\/game\/[0-9a-f]{12}$/.test(u.href));
    assert.equal(creator.url(), friend.url());
    await creator.waitForFunction(() => document.body.dataset.you === 'white' && document.body.dataset.status === 'live');
    await friend.waitForFunction(() => document.body.dataset.you === 'black' && document.body.dataset.status === 'live');
    await clickBoard(friend, 4, 4);
    await waitSeq(creator, 1);
    await clickBoard(creator, 2, 2);
    await waitSeq(friend, 2);
  } finally {
    await browser.close();
    server.stop();
  }
});
