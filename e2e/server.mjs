// Starts the stonefield server binary on a free port over a fresh data directory, and
// launches Debian's headless Chromium through playwright-core.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

// The release binary the test script built: the same `stonefield serve` a user runs.
const BIN = process.env.STONEFIELD_BIN ?? new URL('../target/release/stonefield', import.meta.url).pathname;

export async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), 'stonefield-e2e-'));
  let { proc, url } = await spawnServer(dir, '127.0.0.1:0');
  return {
    url,
    // Kills the server as a crash would (SIGKILL), keeping its data directory.
    kill() { proc.kill('SIGKILL'); return new Promise((resolve) => { if (proc.exitCode !== null || proc.signalCode) resolve(); else proc.once('exit', () => resolve()); }); },
    // Starts the server again on the same address and data directory, as after a crash.
    async restart() { ({ proc } = await spawnServer(dir, url.replace(/^http:\/\//, ''))); },
    stop() { proc.kill('SIGKILL'); rmSync(dir, { recursive: true, force: true }); },
  };
}

// Runs `stonefield serve` on `addr` over `dir`; resolves once it prints its address.
function spawnServer(dir, addr) {
  const proc = spawn(BIN, ['serve', '--addr', addr, '--data', dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/[0-9.:]+\//);
      if (m) resolve({ proc, url: m[0].replace(/\/$/, '') });
    });
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const CHROMIUM = {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  // No GPU here: WebGL (MarGo's 3D view) runs on SwiftShader, which Chromium uses for
  // WebGL only when told that this is acceptable.
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export function launch() {
  return chromium.launch(CHROMIUM);
}

// A browser whose profile (localStorage, cookies) lives in `userDataDir`: closed and
// launched again over the same directory, it is the same browser reopened.
export function launchPersistent(userDataDir) {
  return chromium.launchPersistentContext(userDataDir, CHROMIUM);
}

// Clicks the board at board coordinates (x, y), through the SVG's own transform.
export async function clickBoard(page, x, y) {
  const p = await page.evaluate(([bx, by]) => {
    const svg = document.getElementById('board');
    const pt = new DOMPoint(bx, by).matrixTransform(svg.getScreenCTM());
    return [pt.x, pt.y];
  }, [x, y]);
  await page.mouse.click(p[0], p[1]);
}

export const waitSeq = (page, n) => page.waitForFunction((k) => document.body.dataset.seq === String(k), n, { timeout: 10000 });

// Moves the mouse over the board at board coordinates (x, y) without clicking.
export async function hoverBoard(page, x, y) {
  const p = await page.evaluate(([bx, by]) => {
    const pt = new DOMPoint(bx, by).matrixTransform(document.getElementById('board').getScreenCTM());
    return [pt.x, pt.y];
  }, [x, y]);
  await page.mouse.move(p[0], p[1]);
}

// Collects what the Content Security Policy blocked on the pages it watches (the console
// reports each violation), so that a test can assert the pages need nothing it forbids.
export function cspViolations(...pages) {
  const seen = [];
  const watch = (page) => page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) seen.push(m.text());
  });
  for (const p of pages) watch(p);
  return { seen, watch };
}

// Opens the home page's "custom game" disclosure, where the full new-game form is.
export async function openCustomGame(page) {
  await page.click('#custom-game > summary');
  await page.waitForSelector('#new-game', { state: 'visible' });
}

// Creates a game from the home page form (a private one unless `form.seats` says open)
// and seats a second context through the invite link. Returns the two pages (creator
// first) and the game address.
export async function newGame(ctxA, ctxB, server, form) {
  const first = await ctxA.newPage();
  await first.goto(`${server.url}/`);
  await openCustomGame(first);
  await first.selectOption('select[name=variant]', form.variant);
  if (form.board) await first.selectOption('select[name=board]', form.board);
  if (form.komi !== undefined) await first.fill('input[name=komi]', String(form.komi));
  if (form.preset) await first.selectOption('select[name=preset]', form.preset);
  await first.selectOption('select[name=color]', form.color ?? 'black');
  if (form.seats) await first.selectOption('select[name=seats]', form.seats);
  await first.click('#create');
  await first.waitForURL(/\/game\/[0-9a-f]{12}$/);
  await first.waitForFunction(() => document.body.dataset.status === 'open');
  const invite = await first.inputValue('#invite-url');
  const second = await ctxB.newPage();
  await second.goto(invite);
  await second.waitForFunction(() => document.body.dataset.status === 'live');
  await first.waitForFunction(() => document.body.dataset.status === 'live');
  return [first, second, first.url()];
}

// The finished game's count as the page shows it: the total row of the count table, the
// score line and the result line.
export async function shownCount(page) {
  return page.evaluate(() => ({
    total: Object.fromEntries([...document.querySelectorAll('#count-table tr.total td')].map((td) => [td.dataset.color, td.textContent])),
    score: document.getElementById('score').textContent,
    result: document.getElementById('result').textContent,
  }));
}

// The score line shows the count's total, and the result is their difference, written as
// results are (no trailing zeros).
export function assertScoreIsResult({ total, score, result }) {
  assert.equal(score, `B ${total.black} · W ${total.white}`);
  const diff = Math.round((Number(total.black) - Number(total.white)) * 100) / 100;
  const want = diff === 0 ? 'Result: Draw' : `Result: ${diff > 0 ? 'B' : 'W'}+${Math.abs(diff)}`;
  assert.equal(result, want);
}

// Shows a MarGo game in `view` ('2d' or '3d') by the page's own toggle.
export async function chooseView(page, view) {
  await page.click(`#view-${view}`);
  await page.waitForFunction((v) => document.body.dataset.view === v, view);
}

// Saves a picture of the page under e2e/screenshots/ (gitignored), to look at.
export async function screenshot(page, name) {
  const dir = new URL('./screenshots/', import.meta.url).pathname;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

// Passes as a player does: on an open board the page asks first, and the player confirms.
export async function pass(page) {
  const asks = (await page.getAttribute('#pass', 'data-confirm')) === 'true';
  await page.click('#pass');
  if (asks) await page.click('#pass-yes');
}
