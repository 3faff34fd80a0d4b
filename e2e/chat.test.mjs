// The chat in the browser: the players' chat reaches the opponent as plain text (markup
// stays text), the spectators' chat stays apart from it, a player who hides the
// opponent's messages keeps them hidden after a reload, and the replay shows the chat said
// up to the move shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, clickBoard, waitSeq, openCustomGame } from './server.mjs';

// The texts of the chat lines a page shows.
const lines = (page) => page.$$eval('#chat-lines .chat-text', (els) => els.map((e) => e.textContent));
const waitLine = (page, text) => page.waitForFunction((t) => [...document.querySelectorAll('#chat-lines .chat-text')].some((e) => e.textContent === t), text);

async function say(page, text) {
  await page.fill('#chat-input', text);
  await page.press('#chat-input', 'Enter');
}

test('chat: players and spectators each talk in their own channel', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b, c] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
    const creator = await a.newPage();
    await creator.goto(`${server.url}/`);
    await openCustomGame(creator);
    await creator.selectOption('select[name=board]', '9');
    await creator.click('#create');
    await creator.waitForFunction(() => document.body.dataset.status === 'open');
    const id = creator.url().split('/').pop();
    const invite = await creator.inputValue('#invite-url');
    const friend = await b.newPage();
    await friend.goto(invite);
    await friend.waitForFunction(() => document.body.dataset.status === 'live' && document.body.dataset.you === 'white');
    const watcher = await c.newPage();
    await watcher.goto(`${server.url}/game/${id}`);
    await watcher.waitForFunction(() => document.body.dataset.you === 'spectator');
    assert.equal(await watcher.textContent('#chat-title'), 'Spectators\' chat');
    assert.equal(await watcher.isHidden('#chat-hide-box'), true, 'nothing to hide for a watcher');

    const markup = 'hello <b>friend</b> <img src=x onerror=alert(1)>';
    await say(creator, markup);
    await waitLine(friend, markup);
    assert.equal(await friend.locator('#chat-lines b:not(:first-child), #chat-lines img').count(), 0, 'shown as text');
    assert.match(await friend.textContent('#chat-lines li'), /^Black: hello/);
    assert.equal(await creator.inputValue('#chat-input'), '', 'the input is cleared once sent');

    await say(watcher, 'spectators here');
    await waitLine(watcher, 'spectators here');
    await say(friend, 'good luck');
    await waitLine(creator, 'good luck');
    assert.deepEqual(await lines(creator), [markup, 'good luck'], 'no spectator line among the players\'');
    assert.deepEqual(await lines(watcher), ['spectators here'], 'no player line among the spectators\'');

    // Hiding the opponent's messages, remembered by this browser.
    await creator.check('#chat-hide');
    assert.deepEqual(await lines(creator), [markup]);
    assert.equal(await creator.textContent('#chat-hidden'), '1 hidden');
    await creator.reload();
    await creator.waitForFunction(() => document.body.dataset.chatLines === '1');
    assert.equal(await creator.isChecked('#chat-hide'), true);
    await creator.uncheck('#chat-hide');
    assert.deepEqual(await lines(creator), [markup, 'good luck'], 'the chat so far comes with the state');

    // Said after the first move, then the game ends: the replay shows each line from the
    // move it was said at.
    await clickBoard(creator, 4, 4);
    await waitSeq(friend, 1);
    await say(friend, 'after the move');
    await waitLine(creator, 'after the move');
    friend.once('dialog', (d) => d.accept());
    await friend.click('#resign');
    await watcher.waitForFunction(() => document.body.dataset.status === 'finished');
    await watcher.goto(`${server.url}/replay/${id}`);
    await watcher.waitForFunction(() => document.body.dataset.chatLines === '4');
    const said = await watcher.$$eval('#chat-lines li', (els) => els.map((e) => e.textContent));
    assert.deepEqual(said, [`Black: ${markup}`, 'spectator: spectators here', 'White: good luck', 'White: after the move']);
    assert.equal(await watcher.locator('#chat-lines img').count(), 0, 'shown as text');
    await watcher.keyboard.press('Home');
    await watcher.waitForFunction(() => document.body.dataset.chatLines === '3');
  } finally {
    await browser.close();
    server.stop();
  }
});
