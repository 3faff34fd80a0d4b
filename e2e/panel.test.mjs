// The game panel on the rendered page: the move list in each variant's notation, the move
// number, captures, "Black passed", the undo asker's "waiting for the answer", the copy
// button of the invite link (Clipboard API and its fallback), the optional stone sound, and
// the disconnected banner and covered board while the server is down, with the page
// reconnecting by itself once a server is back on the same address and data.
import { test } from 'node:test';
import { openCustomGame } from './server.mjs';
import assert from 'node:assert/strict';
import { startServer, launch, clickBoard, waitSeq, newGame, chooseView, pass } from './server.mjs';

const listed = (page) => page.$$eval('#move-list li', (lis) => lis.map((li) => `${li.dataset.color} ${li.querySelector('.move-name').textContent}`));
const waitListed = (page, n) => page.waitForFunction((k) => document.querySelectorAll('#move-list li').length === k, n);
const text = (page, sel) => page.textContent(sel);

// Creates a private 9x9 classic game as Black from the home page; returns the page.
async function createClassic(ctx, server) {
  const page = await ctx.newPage();
  await page.goto(`${server.url}/`);
  await openCustomGame(page);
  await page.selectOption('select[name=variant]', 'classic');
  await page.selectOption('select[name=board]', '9');
  await page.selectOption('select[name=color]', 'black');
  await page.click('#create');
  await page.waitForFunction(() => document.body.dataset.status === 'open');
  return page;
}

test('classic: copy the invite, moves as E7, captures, "White passed", undo waiting', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const a = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const black = await createClassic(a, server);
    const invite = await black.inputValue('#invite-url');
    await black.click('#invite-copy');
    await black.waitForFunction(() => document.getElementById('invite-copied').textContent === 'Copied.');
    assert.equal(await black.evaluate(() => navigator.clipboard.readText()), invite, 'the clipboard holds the link');

    const white = await (await browser.newContext()).newPage();
    await white.goto(invite);
    for (const p of [black, white]) await p.waitForFunction(() => document.body.dataset.status === 'live');
    assert.equal(await text(white, '#move-number'), 'No moves yet');
    assert.equal(await text(black, '#name-black'), 'Black (you)');
    assert.equal(await text(black, '#name-white'), 'White');

    // Black E7, White A9, Black B9, White J1, Black A8 takes A9.
    const moves = [[black, 4, 2], [white, 0, 0], [black, 1, 0], [white, 8, 8], [black, 0, 1]];
    for (const [i, [page, x, y]] of moves.entries()) {
      await clickBoard(page, x, y);
      for (const p of [black, white]) await waitSeq(p, i + 1);
    }
    await waitListed(white, 5);
    assert.deepEqual(await listed(white), ['black E7', 'white A9', 'black B9', 'white J1', 'black A8']);
    assert.equal(await text(white, '#move-number'), 'Move 5');
    assert.equal(await text(white, '#captures-black'), '1 capture');
    assert.equal(await text(white, '#captures-white'), '0 captures');

    await pass(white);
    for (const p of [black, white]) {
      await waitSeq(p, 6);
      await p.waitForSelector('#pass-notice:not([hidden])');
      assert.equal(await text(p, '#pass-notice'), 'White passed');
      assert.deepEqual((await listed(p)).at(-1), 'white pass');
    }
    await clickBoard(black, 6, 6);
    for (const p of [black, white]) await waitSeq(p, 7);
    assert.equal(await black.isHidden('#pass-notice'), true, 'the notice goes with the next move');

    // The asker waits for the answer; a refusal ends the wait and says so.
    await black.click('#undo');
    await black.waitForSelector('#undo-wait:not([hidden])');
    assert.match(await text(black, '#undo-wait'), /waiting for the answer/);
    assert.equal(await white.isHidden('#undo-wait'), true, 'only the asker waits');
    await white.waitForSelector('#undo-answer:not([hidden])');
    await white.click('#undo-no');
    await black.waitForSelector('#undo-wait', { state: 'hidden' });
    assert.match(await text(black, '#msg'), /declined/);
    // Asked again and granted: the move leaves the list.
    await black.click('#undo');
    await black.waitForSelector('#undo-wait:not([hidden])');
    await white.waitForSelector('#undo-answer:not([hidden])');
    await white.click('#undo-yes');
    await black.waitForSelector('#undo-wait', { state: 'hidden' });
    for (const p of [black, white]) await waitListed(p, 6);
    assert.equal(await text(black, '#move-number'), 'Move 6');
  } finally {
    await browser.close();
    server.stop();
  }
});

test('copy button without the Clipboard API: the link is selected and copied the old way', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const ctx = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await ctx.newPage();
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }));
    await page.goto(`${server.url}/`);
    await openCustomGame(page);
    await page.selectOption('select[name=color]', 'black');
    await page.click('#create');
    await page.waitForFunction(() => document.body.dataset.status === 'open');
    assert.equal(await page.evaluate(() => navigator.clipboard), undefined);
    await page.click('#invite-copy');
    await page.waitForFunction(() => document.getElementById('invite-copied').textContent !== '');
    const sel = await page.evaluate(() => {
      const input = document.getElementById('invite-url');
      return { active: document.activeElement === input, start: input.selectionStart, end: input.selectionEnd, length: input.value.length };
    });
    assert.deepEqual(sel, { active: true, start: 0, end: sel.length, length: sel.length }, 'the whole link is selected');
    assert.ok(sel.length > 20);
    const said = await text(page, '#invite-copied');
    if (said === 'Copied.') {
      // execCommand said it copied: another page of the context reads it back.
      const reader = await ctx.newPage();
      await reader.goto(`${server.url}/`);
      assert.equal(await reader.evaluate(() => navigator.clipboard.readText()), await page.inputValue('#invite-url'));
    } else {
      assert.match(said, /press Ctrl\+C/);
    }
  } finally {
    await browser.close();
    server.stop();
  }
});

test('MarGo moves in the book notation, continuous points to two decimals, Topological as labelled', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
    const [black, white] = await newGame(a, b, server, { variant: 'margo', board: '7' });
    for (const q of [black, white]) await chooseView(q, '2d');
    // White moves first; [1, 4, 0] is the book's C5, [5, 1, 0] its K11 (rules/margo.md).
    await clickBoard(white, 1, 4);
    for (const p of [black, white]) await waitSeq(p, 1);
    await clickBoard(black, 5, 1);
    for (const p of [black, white]) await waitSeq(p, 2);
    await waitListed(black, 2);
    assert.deepEqual(await listed(black), ['white C5', 'black K11']);

    const [c, d] = await Promise.all([browser.newContext(), browser.newContext()]);
    const [cb, cw] = await newGame(c, d, server, { variant: 'continuous', board: 'square-9', komi: 6.5 });
    await clickBoard(cb, 2.3, 6.7);
    for (const p of [cb, cw]) await waitSeq(p, 1);
    await pass(cw);
    for (const p of [cb, cw]) await waitSeq(p, 2);
    await waitListed(cw, 2);
    // The name is the stone's own position (where the click landed, to the pixel).
    const [x, y] = await cw.$eval('#board circle.stone.black', (e) => [Number(e.dataset.x), Number(e.dataset.y)]);
    assert.ok(Math.hypot(x - 2.3, y - 6.7) < 0.1, `stone at ${x}, ${y}`);
    assert.deepEqual(await listed(cw), [`black (${x.toFixed(2)}, ${y.toFixed(2)})`, 'white pass']);
    assert.equal(await text(cb, '#pass-notice'), 'White passed');

    // Topological Go names points as its board's labels do, and says which were reserve
    // stones. White (top-left and bottom-right corners) moves first.
    const [e, f] = await Promise.all([browser.newContext(), browser.newContext()]);
    const [tb, tw] = await newGame(e, f, server, { variant: 'topological', board: '6' });
    await clickBoard(tw, 1, 0);
    for (const p of [tb, tw]) await waitSeq(p, 1);
    await tb.check('#reserve');
    await clickBoard(tb, 2, 3);
    for (const p of [tb, tw]) await waitSeq(p, 2);
    await waitListed(tw, 2);
    assert.deepEqual(await listed(tw), ['white B6', 'black C3 (reserve)']);
  } finally {
    await browser.close();
    server.stop();
  }
});

test('disconnected: banner, covered board and disabled buttons; reconnects to a restarted server', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
    const [black, white] = await newGame(a, b, server, { variant: 'classic', board: '9' });
    await clickBoard(black, 4, 2);
    for (const p of [black, white]) await waitSeq(p, 1);

    await server.kill();
    for (const p of [black, white]) {
      await p.waitForSelector('#offline:not([hidden])');
      assert.match(await text(p, '#offline'), /Connection lost/);
      assert.equal(await p.getAttribute('body', 'data-conn') !== 'connected', true);
      assert.ok(await p.isVisible('#board-cover'), 'the board is covered');
      assert.match(await text(p, '#board-cover'), /Not connected/);
    }
    // A click on the board lands on the cover, which says why; the buttons are disabled.
    const onCover = await white.evaluate(() => {
      const r = document.getElementById('board').getBoundingClientRect();
      return !!document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.closest('#board-cover');
    });
    assert.ok(onCover, 'clicks on the board reach the cover');
    await clickBoard(white, 3, 3);
    assert.equal(await white.isDisabled('#pass'), true);
    assert.equal(await white.isDisabled('#undo'), true);

    await server.restart();
    for (const p of [black, white]) {
      await p.waitForFunction(() => document.body.dataset.conn === 'connected', null, { timeout: 20000 });
      await p.waitForSelector('#offline', { state: 'hidden' });
      await p.waitForSelector('#board-cover', { state: 'hidden' });
    }
    // The click made while disconnected was not played; the game goes on from the state
    // the server sent again.
    assert.equal(await white.getAttribute('body', 'data-seq'), '1');
    assert.deepEqual(await listed(white), ['black E7']);
    await clickBoard(white, 3, 3);
    for (const p of [black, white]) await waitSeq(p, 2);
    assert.deepEqual(await listed(black), ['black E7', 'white D6']);
  } finally {
    await browser.close();
    server.stop();
  }
});

test('the stone sound is off by default, kept in the browser, and clicks on moves', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
    const [black, white] = await newGame(a, b, server, { variant: 'classic', board: '9' });
    assert.equal(await black.isChecked('#sound'), false);
    await clickBoard(black, 4, 4);
    for (const p of [black, white]) await waitSeq(p, 1);
    assert.equal(await black.getAttribute('body', 'data-stone-sounds'), null, 'silent by default');
    await black.check('#sound');
    await black.reload();
    await black.waitForFunction(() => document.body.dataset.status === 'live');
    assert.equal(await black.isChecked('#sound'), true, 'the choice survives a reload');
    await clickBoard(white, 3, 3);
    await waitSeq(black, 2);
    await black.waitForFunction(() => document.body.dataset.stoneSounds === '1');
    assert.equal(await white.getAttribute('body', 'data-stone-sounds'), null);
  } finally {
    await browser.close();
    server.stop();
  }
});

test('clocks: only the running clock, and it warns when its time runs low', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const black = await (await browser.newContext()).newPage();
    await black.goto(`${server.url}/`);
    await openCustomGame(black);
    await black.selectOption('select[name=board]', '9');
    await black.selectOption('select[name=color]', 'black');
    // Byo-yomi without main time, two periods of 4 s: a period is low in its last 2 s
    // (10 s, or half of a shorter period).
    await black.selectOption('select[name=tc]', 'byo-yomi');
    await black.fill('input[name=main]', '0');
    await black.fill('input[name=extra]', '4');
    await black.fill('input[name=periods]', '2');
    await black.click('#create');
    await black.waitForFunction(() => document.body.dataset.status === 'open');
    const white = await (await browser.newContext()).newPage();
    await white.goto(await black.inputValue('#invite-url'));
    await black.waitForFunction(() => document.body.dataset.status === 'live');
    await black.waitForSelector('#clock-black.running');
    assert.match(await text(black, '#clock-white'), /^0:04 \(2\)$/, 'the waiting player has a whole period');
    await black.waitForSelector('#clock-black:not(.low)');
    await black.waitForSelector('#clock-black.low', { timeout: 8000 });
    assert.match(await text(black, '#clock-black'), /^0:0[0-2] \([12]\)$/);
    assert.equal(await black.$eval('#clock-white', (e) => e.classList.contains('low')), false, 'the waiting clock does not warn');
    // A page loaded mid-period shows what is left of the period, not a whole one.
    await white.reload();
    await white.waitForSelector('#clock-black.running');
    assert.doesNotMatch(await text(white, '#clock-black'), /^0:04 \(2\)$/);
    // Once Black has moved, Black's clock stops and its warning goes.
    await clickBoard(black, 4, 4);
    await waitSeq(black, 1);
    await black.waitForSelector('#clock-black:not(.low)');
  } finally {
    await browser.close();
    server.stop();
  }
});

test('names: the computer seat by its level, players by the names the state gives, as text', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/`);
    await openCustomGame(page);
    await page.selectOption('select[name=board]', '9');
    await page.selectOption('select[name=opponent]', 'computer');
    await page.fill('input[name=level]', '2');
    await page.selectOption('select[name=color]', 'black');
    await page.click('#create');
    await page.waitForFunction(() => document.body.dataset.status === 'live');
    assert.equal(await text(page, '#name-black'), 'Black (you)');
    assert.equal(await text(page, '#name-white'), 'Computer (level 2)');

    // The state's `names` (written by the server once players give names): a watcher
    // whose socket adds them to every state shows them, markup and all, as plain text.
    const watcher = await (await browser.newContext()).newPage();
    await watcher.routeWebSocket(/\/ws\//, (ws) => {
      const real = ws.connectToServer();
      real.onMessage((m) => {
        const msg = JSON.parse(m);
        if (msg.type === 'state') msg.state.names = { black: '<b>Ann</b>', white: null };
        ws.send(JSON.stringify(msg));
      });
      ws.onMessage((m) => real.send(m));
    });
    await watcher.goto(page.url());
    await watcher.waitForFunction(() => document.body.dataset.you === 'spectator');
    assert.equal(await text(watcher, '#name-black'), '<b>Ann</b>');
    assert.equal(await watcher.locator('#name-black b').count(), 0);
    assert.equal(await text(watcher, '#name-white'), 'Computer (level 2)');
  } finally {
    await browser.close();
    server.stop();
  }
});
