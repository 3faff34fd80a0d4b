// Playing the computer in the browser, in every variant: a game to its scored end (the
// computer marks and accepts where the game is counted), with a spectator watching, and a
// reload while the computer thinks, after which its answer still arrives; a hint in play
// and the analysis of replayed positions.
import { test } from 'node:test';
import { openCustomGame } from './server.mjs';
import assert from 'node:assert/strict';
import { startServer, launch, clickBoard, hoverBoard, chooseView, pass } from './server.mjs';

// Creates a game against the computer from the home page form; returns the player's page
// (seated and live) and a spectator's page on the same game.
async function computerGame(ctx, watcherCtx, server, form) {
  const page = await ctx.newPage();
  await page.goto(`${server.url}/`);
  await openCustomGame(page);
  await page.selectOption('select[name=variant]', form.variant);
  await page.selectOption('select[name=board]', form.board);
  await page.selectOption('select[name=opponent]', 'computer');
  await page.fill('input[name=level]', String(form.level ?? 1));
  await page.selectOption('select[name=color]', form.color);
  await page.click('#create');
  await page.waitForURL(/\/game\/[0-9a-f]{12}$/);
  await page.waitForFunction(() => document.body.dataset.status === 'live');
  assert.ok(await page.isHidden('#invite'), 'no invite link: the computer holds the other seat');
  assert.match(await page.textContent('#you'), new RegExp(`^You play ${form.color} against the computer`));
  const watcher = await watcherCtx.newPage();
  await watcher.goto(page.url());
  await watcher.waitForFunction(() => document.body.dataset.you === 'spectator');
  return [page, watcher];
}

const seqOf = async (page) => Number(await page.getAttribute('body', 'data-seq'));
// Waits until it is the player's turn again (or the game left play), after the computer.
const myTurnAgain = (page) => page.waitForFunction(() => {
  const b = document.body.dataset;
  return b.status === 'finished' || b.phase !== 'playing' || (b.toMove === b.you && b.thinking === 'false');
}, null, { timeout: 20000 });

// Hovers each spot until the server's preview calls a point under it legal; returns the
// spot or null. `under(spot)` lists the points a preview there may name (a MarGo stack).
async function firstLegal(page, spots, under = (s) => [s]) {
  for (const s of spots) {
    await hoverBoard(page, s[0], s[1]);
    const keys = under(s).map((p) => p.join(','));
    const h = await page.waitForFunction((ks) => {
      const v = document.body.dataset.preview ?? '';
      return ks.some((k) => v.startsWith(`${k}:`)) ? v : null;
    }, keys, { timeout: 5000 });
    if ((await h.jsonValue()).endsWith(':true')) return s;
  }
  return null;
}

// The player passes at each turn until the game is counted or over.
async function passToTheEnd(page) {
  for (let i = 0; i < 80; i++) {
    await myTurnAgain(page);
    const b = await page.evaluate(() => ({ ...document.body.dataset }));
    if (b.status === 'finished' || b.phase !== 'playing') return;
    const seq = await seqOf(page);
    await pass(page);
    await page.waitForFunction((n) => Number(document.body.dataset.seq) > n, seq);
  }
  assert.fail('the game did not end');
}

// At the count: the computer marks and accepts, the player accepts; both pages show the
// same result, which is returned.
async function acceptTheCount(page, watcher) {
  await page.waitForFunction(() => document.body.dataset.phase === 'marking');
  await page.waitForFunction(() => document.getElementById('accept') && document.body.dataset.thinking === 'false');
  await page.click('#accept');
  return sameResult(page, watcher);
}

async function sameResult(page, watcher) {
  for (const p of [page, watcher]) await p.waitForFunction(() => document.body.dataset.status === 'finished');
  const result = await page.textContent('#result');
  // A score, a draw, or (Topological Go) a forfeit under the reserve rule.
  assert.match(result, /^Result: ([BW]\+([\d.]+|F)|Draw)$/);
  assert.equal(await watcher.textContent('#result'), result);
  assert.equal(await seqOf(watcher), await seqOf(page), 'the spectator saw every move');
  return result;
}

async function withBrowser(body) {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b] = await Promise.all([browser.newContext(), browser.newContext()]);
    await body(server, a, b);
  } finally {
    await browser.close();
    server.stop();
  }
}

test('computer: classic 9x9, answers, a reload while it thinks, a counted end', () => withBrowser(async (server, a, b) => {
  // Level 10 thinks a whole second a move: long enough to reload the page meanwhile.
  const [page, watcher] = await computerGame(a, b, server, { variant: 'classic', board: '9', color: 'black', level: 10 });
  // A hint: the computer's suggestion and the player's win estimate, to the player only.
  assert.ok(await watcher.isHidden('#ask-hint'));
  await page.click('#ask-hint');
  await page.waitForFunction(() => /^Suggested: [A-HJ]\d · your win estimate \d+%$/.test(document.getElementById('suggestion').textContent));
  await clickBoard(page, 2, 2);
  await page.waitForFunction(() => document.getElementById('suggestion').textContent === '');
  await page.waitForFunction(() => document.getElementById('status').textContent === 'computer is thinking…');
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.seq === '2', null, { timeout: 20000 });
  await watcher.waitForFunction(() => document.body.dataset.seq === '2', null, { timeout: 20000 });
  assert.equal(await watcher.locator('#board circle.stone.white').count(), 1, 'the computer answered with a stone');
  await passToTheEnd(page);
  const result = await acceptTheCount(page, watcher);
  // The replay page shows the stored game, the computer's moves included.
  const seq = await seqOf(page);
  await watcher.goto(page.url().replace('/game/', '/replay/'));
  await watcher.waitForFunction((n) => document.body.dataset.frame === String(n), seq);
  assert.ok(result.startsWith('Result: '));
  // Analysis of any position, always available in replays.
  await watcher.keyboard.press('Home');
  await watcher.click('#analyse');
  await watcher.waitForFunction(() => /^black to play: [A-HJ]\d · Black's win estimate \d+%$/.test(document.getElementById('analysis').textContent));
  await watcher.keyboard.press('End');
  await watcher.click('#analyse');
  await watcher.waitForFunction(() => document.getElementById('analysis').textContent === 'no move to suggest: the game is over here');
}));

test('computer: continuous square-9, to a counted end', () => withBrowser(async (server, a, b) => {
  const [page, watcher] = await computerGame(a, b, server, { variant: 'continuous', board: 'square-9', color: 'white' });
  // Black (the computer) opens without being asked.
  await page.waitForFunction(() => document.body.dataset.seq === '1', null, { timeout: 20000 });
  await myTurnAgain(page);
  await clickBoard(page, 6.5, 6.5);
  await page.waitForFunction(() => document.body.dataset.seq === '3', null, { timeout: 20000 });
  await passToTheEnd(page);
  await acceptTheCount(page, watcher);
}));

// (3x3: the largest MarGo board the form offers today.)
test('computer: MarGo 3x3, every ball chosen from the previews, to the end', () => withBrowser(async (server, a, b) => {
  const [page, watcher] = await computerGame(a, b, server, { variant: 'margo', board: '3', color: 'black' });
  // The spots below are 2D board coordinates (the 3D view has its own tests).
  await chooseView(page, '2d');
  // Every point of the 3x3 pyramid, by where its ball is seen from above: a spot may
  // hold a stack (the apex over the centre hole), and a click there plays its highest
  // legal point.
  const points = [];
  for (let l = 0; l < 3; l++) for (let y = 0; y < 3 - l; y++) for (let x = 0; x < 3 - l; x++) points.push([x, y, l]);
  const spotOf = ([x, y, l]) => [x + l / 2, y + l / 2];
  const spots = [...new Map(points.map((p) => [spotOf(p).join(','), spotOf(p)])).values()];
  const under = (s) => points.filter((p) => spotOf(p).join(',') === s.join(','));
  for (let i = 0; i < 200; i++) {
    await myTurnAgain(page);
    if ((await page.getAttribute('body', 'data-status')) === 'finished') break;
    const s = await firstLegal(page, spots, under);
    assert.ok(s, 'a legal ball for the player');
    const seq = await seqOf(page);
    await clickBoard(page, ...s);
    await page.waitForFunction((n) => Number(document.body.dataset.seq) > n, seq);
  }
  await sameResult(page, watcher);
}));

test('computer: Topological 6x6, to its end after two passes', () => withBrowser(async (server, a, b) => {
  const [page, watcher] = await computerGame(a, b, server, { variant: 'topological', board: '6', color: 'white' });
  // White opens: a stone next to White's own corner.
  const p = await firstLegal(page, [[1, 0], [0, 1], [4, 5], [5, 4]]);
  assert.ok(p);
  await clickBoard(page, ...p);
  await page.waitForFunction(() => document.body.dataset.seq === '2', null, { timeout: 20000 });
  // Then every reserve stone (key R), as the rules require of a player who is not to
  // lose by forfeit, each answered by the computer; then passes to the end.
  await page.keyboard.press('r');
  const spots = [];
  for (let y = 0; y < 6; y++) for (let x = 0; x < 6; x++) spots.push([x, y]);
  for (let i = 0; i < 5; i++) {
    await myTurnAgain(page);
    if ((await page.getAttribute('body', 'data-status')) === 'finished') break;
    const r = await firstLegal(page, spots);
    assert.ok(r, 'a legal point for a reserve stone');
    const seq = await seqOf(page);
    await clickBoard(page, ...r);
    await page.waitForFunction((n) => Number(document.body.dataset.seq) > n, seq);
  }
  await passToTheEnd(page);
  const result = await sameResult(page, watcher);
  assert.doesNotMatch(result, /^Result: B\+F$/, 'White placed every reserve stone');
}));
