// Seats in the browser: a private game (the form's default) is not listed, its invite link
// seats the friend once with a token of their own and leaves no secret in the address bar,
// and the same link opened again after that only watches.
import { test } from 'node:test';
import { openCustomGame } from './server.mjs';
import assert from 'node:assert/strict';
import { startServer, launch, clickBoard, waitSeq, cspViolations } from './server.mjs';

test('private game: the invite link seats one friend, once', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b, c] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
    const creator = await a.newPage();
    const violations = cspViolations(creator);
    await creator.goto(`${server.url}/`);
    await openCustomGame(creator);
    assert.equal(await creator.inputValue('select[name=seats]'), 'private');
    await creator.selectOption('select[name=board]', '9');
    await creator.click('#create');
    await creator.waitForFunction(() => document.body.dataset.status === 'open');
    const id = creator.url().split('/').pop();
    const invite = await creator.inputValue('#invite-url');
    assert.match(invite, new RegExp(`/game/${id}#invite=[0-9a-f]{32}$`));
    assert.equal(await creator.isHidden('#invite-open'), true);

    // A stranger on the home page does not see the game.
    const stranger = await c.newPage();
    violations.watch(stranger);
    const listed = stranger.waitForResponse((r) => r.url().endsWith('/api/games'));
    await stranger.goto(`${server.url}/`);
    const games = await (await listed).json();
    assert.equal(games.open.some((g) => g.id === id), false);
    assert.equal(await stranger.locator(`button[data-game="${id}"]`).count(), 0);

    // The friend: seated as White; the invite leaves the address bar, and the browser
    // keeps a token of its own, not the invite.
    const friend = await b.newPage();
    violations.watch(friend);
    await friend.goto(invite);
    await friend.waitForFunction(() => document.body.dataset.you === 'white' && document.body.dataset.status === 'live');
    assert.equal(friend.url(), `${server.url}/game/${id}`);
    const kept = await friend.evaluate((g) => localStorage.getItem(`stonefield.seat.${g}`), id);
    assert.match(kept, /^[0-9a-f]{32}$/);
    assert.notEqual(kept, invite.split('#invite=')[1]);
    await creator.waitForFunction(() => document.body.dataset.status === 'live');
    assert.equal(await creator.isHidden('#invite'), true);

    // The stranger who got hold of the link after that only watches, and is told why.
    await stranger.goto(invite);
    await stranger.waitForFunction(() => document.body.dataset.you === 'spectator' && document.body.dataset.status === 'live');
    assert.match(await stranger.textContent('#msg'), /invite already used/);
    assert.equal(stranger.url(), `${server.url}/game/${id}`);

    // The friend reloading the page keeps the seat; the game is played.
    await friend.reload();
    await friend.waitForFunction(() => document.body.dataset.you === 'white');
    await clickBoard(creator, 4, 4);
    await waitSeq(friend, 1);
    await clickBoard(friend, 3, 3);
    await waitSeq(creator, 2);
    await waitSeq(stranger, 2);
    assert.deepEqual(violations.seen, [], 'the pages run under their security policy');
  } finally {
    await browser.close();
    server.stop();
  }
});
