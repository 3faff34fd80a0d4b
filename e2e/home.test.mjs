// The home page of issues 32 and 33: one click starts a game against the computer in each
// variant, one click makes a private game for a friend and shows its invite link, the empty
// lists say so, an anonymous player finds their game again after closing the browser, and
// the page passes axe-core's serious and critical checks. Saves e2e/screenshots/home.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, launch, launchPersistent, clickBoard, waitSeq, screenshot } from './server.mjs';
import { axeViolations } from './axe.mjs';

const record = (page, id) => page.evaluate(async (g) => (await fetch(`/api/games/${g}/record`)).json(), id);

test('home: empty lists say so; one click plays the computer in each variant', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/`);
    assert.match(await page.title(), /stonefield/);
    assert.equal(await page.getAttribute('link[rel=icon]', 'href'), '/static/favicon.svg');
    // Nothing anywhere yet: each list says so in words, and the custom form is folded away.
    for (const list of ['open', 'live', 'finished', 'my-games']) {
      await page.waitForSelector(`#${list}-empty`, { state: 'visible' });
    }
    assert.match(await page.textContent('#open-empty'), /No open games/);
    assert.match(await page.textContent('#my-games-empty'), /No games yet/);
    assert.equal(await page.isVisible('#new-game'), false);
    assert.deepEqual(await axeViolations(page), []);

    // The level chosen is the computer's, and is kept for the next game.
    await page.selectOption('#quick-level', '2');
    const want = {
      classic: { board_size: 9 }, continuous: { board: 'square-9' }, margo: { board_size: 5 }, topological: { board_size: 8 },
    };
    for (const [variant, rules] of Object.entries(want)) {
      await page.goto(`${server.url}/`);
      assert.equal(await page.inputValue('#quick-level'), '2');
      await page.click(`#quick-computer button[data-variant=${variant}]`);
      await page.waitForURL(/\/game\/[0-9a-f]{12}$/);
      await page.waitForFunction(() => document.body.dataset.status === 'live' && document.body.dataset.you === 'black');
      assert.match(await page.textContent('#you'), /^You play black against the computer \(white, level 2\)/);
      const rec = await record(page, page.url().split('/').pop());
      assert.equal(rec.variant, variant);
      for (const [k, v] of Object.entries(rules)) assert.deepEqual(rec.rules[k], v, `${variant} ${k}`);
    }
    // All four are this browser's games, in play.
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => document.querySelectorAll('#my-games li').length === 4);
    assert.equal(await page.isHidden('#my-games-empty'), true);
    assert.match(await page.textContent('#my-games'), /Computer \(level 2\)/);
  } finally {
    await browser.close();
    server.stop();
  }
});

test('home: invite a friend in one click; the friend takes the seat by the link', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
    const host = await a.newPage();
    await host.goto(`${server.url}/`);
    await host.selectOption('#friend-variant', 'classic-13');
    await host.click('#invite-friend');
    await host.waitForSelector('#friend-invite', { state: 'visible' });
    const invite = await host.inputValue('#friend-url');
    const m = invite.match(new RegExp(`^${server.url}/game/([0-9a-f]{12})#invite=[0-9a-f]{32}$`));
    assert.ok(m, invite);
    const id = m[1];
    // Headless Chromium refuses the clipboard to the page: the link is left selected instead.
    assert.match(await host.textContent('#friend-copied'), /Copied|Ctrl\+C/);
    // A private game: not in the lobby, but in the host's own list, waiting.
    await host.reload();
    await host.waitForSelector(`#my-games li[data-game="${id}"]`);
    assert.match(await host.textContent(`#my-games li[data-game="${id}"]`), /waiting for an opponent/);
    assert.equal(await host.locator(`#open tr[data-game="${id}"]`).count(), 0);

    const friend = await b.newPage();
    await friend.goto(invite);
    await friend.waitForFunction(() => document.body.dataset.status === 'live' && document.body.dataset.you !== 'spectator');
    const rec = await record(friend, id);
    assert.equal(rec.rules.board_size, 13);
    // The host goes to the game from the home page and plays whichever seat they have.
    await host.click(`#my-games li[data-game="${id}"] a`);
    await host.waitForFunction(() => document.body.dataset.status === 'live');
    const hostColor = await host.getAttribute('body', 'data-you');
    const friendColor = await friend.getAttribute('body', 'data-you');
    assert.deepEqual([hostColor, friendColor].sort(), ['black', 'white']);
    // The friend finds it in their own list too, with whose move it is.
    const fHome = await b.newPage();
    await fHome.goto(`${server.url}/`);
    await fHome.waitForSelector(`#my-games li[data-game="${id}"]`);
    assert.match(await fHome.textContent(`#my-games li[data-game="${id}"] .mine-state`), friendColor === 'black' ? /your move/ : /their move/);
  } finally {
    await browser.close();
    server.stop();
  }
});

test('home: an anonymous player finds their computer game after closing the browser', async () => {
  const server = await startServer();
  const dir = mkdtempSync(join(tmpdir(), 'stonefield-profile-'));
  /** A browser left open would keep the test process alive after a failure. */
  let ctx = null;
  try {
    ctx = await launchPersistent(dir);
    let page = ctx.pages()[0] ?? await ctx.newPage();
    await page.goto(`${server.url}/`);
    await page.fill('#name', 'Ida');
    await page.click('#quick-computer button[data-variant=classic]');
    await page.waitForURL(/\/game\/[0-9a-f]{12}$/);
    const id = page.url().split('/').pop();
    await page.waitForFunction(() => document.body.dataset.status === 'live');
    await clickBoard(page, 4, 4);
    await waitSeq(page, 2);
    await ctx.close();

    ctx = await launchPersistent(dir);
    page = ctx.pages()[0] ?? await ctx.newPage();
    await page.goto(`${server.url}/`);
    const item = `#my-games li[data-game="${id}"]`;
    await page.waitForSelector(item);
    const text = await page.textContent(item);
    assert.match(text, /vs Computer \(level 3\)/);
    assert.match(text, /Classic · 9×9/);
    assert.match(text, /your move/);
    await page.click(`${item} a`);
    await page.waitForURL(`${server.url}/game/${id}`);
    await page.waitForFunction(() => document.body.dataset.you === 'black' && document.body.dataset.seq === '2');
    // Its seat is still this browser's: the next move is played (on a point the
    // computer's answer left empty).
    const free = await page.evaluate(() => [[2, 2], [6, 6], [2, 6], [6, 2]].find(([x, y]) =>
      !document.querySelector(`#board [data-x="${x}"][data-y="${y}"]`)));
    await clickBoard(page, free[0], free[1]);
    // The computer may have answered already (seq 4) when the page is looked at.
    await page.waitForFunction(() => Number(document.body.dataset.seq) >= 3);
    // Resigned, it moves to the finished games, lost.
    page.once('dialog', (d) => d.accept());
    await page.click('#resign');
    await page.waitForFunction(() => document.body.dataset.status === 'finished');
    await page.goto(`${server.url}/`);
    await page.waitForSelector(`${item} .mine-state`);
    assert.match(await page.textContent(`${item} .mine-state`), /^lost W\+R$/);
    await ctx.close();
  } finally {
    await ctx?.close().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    server.stop();
  }
});

test('home: the page with games in every list, for the screenshot', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${server.url}/`);
    await page.click('#quick-computer button[data-variant=classic]');
    await page.waitForURL(/\/game\/[0-9a-f]{12}$/);
    await page.waitForFunction(() => document.body.dataset.status === 'live');
    await clickBoard(page, 4, 4);
    await waitSeq(page, 2);
    await page.goto(`${server.url}/`);
    await page.click('#quick-computer button[data-variant=margo]');
    await page.waitForURL(/\/game\/[0-9a-f]{12}$/);
    await page.goto(`${server.url}/`);
    await page.click('#invite-friend');
    await page.waitForSelector('#friend-invite', { state: 'visible' });
    await page.reload();
    await page.waitForFunction(() => document.querySelectorAll('#my-games li').length === 3);
    // The lobby: an open game of someone else's.
    const other = await (await browser.newContext()).newPage();
    await other.goto(`${server.url}/`);
    await other.evaluate(() => fetch('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ variant: 'classic', rules: { board_size: 19 }, seats: 'open', color: 'black', name: 'Sam', time_control: { kind: 'fischer', main_ms: 600000, increment_ms: 5000 } }) }));
    await page.waitForSelector('#open tr', { timeout: 10000 });
    assert.deepEqual(await axeViolations(page), []);
    await screenshot(page, 'home');
    // On a phone the columns stack: play first, then your games, then the lobby.
    await page.setViewportSize({ width: 390, height: 844 });
    const top = (sel) => page.evaluate((s) => document.querySelector(s).getBoundingClientRect().top, sel);
    assert.ok(await top('#quick-computer') < await top('#my-games'));
    assert.ok(await top('#my-games') < await top('#open'));
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= 390), true, 'nothing wider than the phone');
    await screenshot(page, 'home-phone');
  } finally {
    await browser.close();
    server.stop();
  }
});
