// The other ways through a game: joining an open game from the home page (after which its
// invite link seats nobody), an undo asked and granted, and a resignation.
import { test } from 'node:test';
import { openCustomGame } from './server.mjs';
import assert from 'node:assert/strict';
import { startServer, launch, clickBoard, waitSeq, cspViolations } from './server.mjs';

test('classic: join an open game from the list, undo, resign', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
    const white = await a.newPage();
    const violations = cspViolations(white);
    await white.goto(`${server.url}/`);
    await openCustomGame(white);
    await white.selectOption('select[name=board]', '9');
    await white.selectOption('select[name=color]', 'white');
    await white.selectOption('select[name=seats]', 'open');
    await white.click('#create');
    await white.waitForFunction(() => document.body.dataset.status === 'open');
    const id = white.url().split('/').pop();
    assert.match(await white.textContent('#invite'), /listed on the home page/);
    const invite = await white.inputValue('#invite-url');

    const black = await b.newPage();
    violations.watch(black);
    await black.goto(`${server.url}/`);
    await black.click(`button[data-game="${id}"]`);
    await black.waitForFunction(() => document.body.dataset.you === 'black');
    await white.waitForFunction(() => document.body.dataset.status === 'live');
    assert.equal(await white.isHidden('#invite'), true, 'the used invite is no longer shown');

    // The invite link seats nobody once the first comer took the seat.
    const late = await (await browser.newContext()).newPage();
    await late.goto(invite);
    await late.waitForFunction(() => document.body.dataset.you === 'spectator' && document.body.dataset.status === 'live');
    assert.match(await late.textContent('#msg'), /invite already used/);

    await clickBoard(black, 4, 4);
    await waitSeq(white, 1);
    await clickBoard(white, 3, 3);
    await waitSeq(black, 2);
    await white.click('#undo');
    await black.waitForSelector('#undo-answer:not([hidden])');
    await black.click('#undo-yes');
    for (const p of [black, white]) await waitSeq(p, 1);
    assert.equal(await white.locator('#board circle.stone').count(), 1);
    assert.equal(await white.getAttribute('body', 'data-to-move'), 'white');

    white.once('dialog', (d) => d.accept());
    await white.click('#resign');
    await black.waitForFunction(() => document.body.dataset.status === 'finished');
    assert.equal(await black.textContent('#result'), 'Result: B+R');
    assert.deepEqual(violations.seen, [], 'the pages run under their security policy');
  } finally {
    await browser.close();
    server.stop();
  }
});
