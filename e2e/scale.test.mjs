// Two `stonefield serve` instances on one PostgreSQL database: Black's page on instance A,
// White's on instance B, a spectator on A; a short classic game and a short continuous game
// to their counted results. Needs PostgreSQL at STONEFIELD_E2E_PG (default the test
// database) and psql; skipped without them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { launch, clickBoard, waitSeq, pass, openCustomGame } from './server.mjs';

const BIN = process.env.STONEFIELD_BIN ?? new URL('../target/release/stonefield', import.meta.url).pathname;
const PG = process.env.STONEFIELD_E2E_PG ?? 'postgres://postgres@127.0.0.1:5432/test';

// A fresh schema, or null when PostgreSQL cannot be reached.
function freshSchema() {
  const schema = `e2e_${Date.now()}_${Math.floor(Math.random() * 1e9)}`;
  try {
    execFileSync('psql', ['-q', PG, '-c', `CREATE SCHEMA ${schema}`], { stdio: 'ignore' });
  } catch {
    return null;
  }
  return {
    url: `${PG}?options=-c%20search_path%3D${schema}`,
    drop() { execFileSync('psql', ['-q', PG, '-c', `DROP SCHEMA ${schema} CASCADE`], { stdio: 'ignore' }); },
  };
}

async function instance(database) {
  const proc = spawn(BIN, ['serve', '--addr', '127.0.0.1:0', '--database', database], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/[0-9.:]+\//);
      if (m) resolve(m[0].replace(/\/$/, ''));
    });
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { url, stop() { proc.kill('SIGKILL'); } };
}

// Black creates the game on A; White opens the invite on B; a spectator watches on A.
async function seat(browser, a, b, form) {
  const [ca, cb, cc] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const black = await ca.newPage();
  await black.goto(`${a.url}/`);
  await openCustomGame(black);
  await black.selectOption('select[name=variant]', form.variant);
  await black.selectOption('select[name=board]', form.board);
  await black.selectOption('select[name=color]', 'black');
  await black.click('#create');
  await black.waitForURL(/\/game\/[0-9a-f]{12}$/);
  await black.waitForFunction(() => document.body.dataset.status === 'open');
  const invite = (await black.inputValue('#invite-url')).replace(a.url, b.url);
  assert.ok(invite.startsWith(b.url), invite);
  const white = await cb.newPage();
  await white.goto(invite);
  await white.waitForFunction(() => document.body.dataset.you === 'white');
  await black.waitForFunction(() => document.body.dataset.status === 'live');
  const watcher = await cc.newPage();
  await watcher.goto(black.url());
  await watcher.waitForFunction(() => document.body.dataset.you === 'spectator');
  return [black, white, watcher];
}

// What each page shows, for a failure's message: which instance fell behind, and why.
async function snapshot(pages) {
  const names = ['black@A', 'white@B', 'watcher@A'];
  const seen = await Promise.all(pages.map((p) => p.evaluate(() => {
    const { conn, seq, phase, status } = document.body.dataset;
    return { conn, seq, phase, status, message: document.getElementById('msg')?.textContent ?? '' };
  }).catch((e) => ({ error: String(e) }))));
  return seen.map((s, i) => `${names[i]}: ${JSON.stringify(s)}`).join('; ');
}

// Waits until `ready` holds on every page; a time-out says what each page shows.
async function onEveryPage(pages, ready, what) {
  try {
    for (const p of pages) await p.waitForFunction(ready);
  } catch (e) {
    throw new Error(`${what}: ${e.message}\n${await snapshot(pages)}`);
  }
}

// The moves, then two passes and both players' acceptance: every page ends on the same
// result.
async function playToTheEnd(pages, moves) {
  const [black, white, watcher] = pages;
  for (const [i, [page, x, y]] of moves.entries()) {
    await clickBoard(page, x, y);
    for (const p of pages) await waitSeq(p, i + 1);
  }
  const passer = moves.length % 2 === 0 ? [black, white] : [white, black];
  await pass(passer[0]);
  await waitSeq(passer[1], moves.length + 1);
  await pass(passer[1]);
  const counting = () => document.body.dataset.phase === 'marking' || document.body.dataset.status === 'finished';
  await onEveryPage(pages, counting, 'the count after two passes');
  if (await black.getAttribute('body', 'data-status') !== 'finished') {
    await black.click('#accept');
    await white.waitForFunction(() => document.getElementById('accepted').textContent.startsWith('Your opponent has accepted the count'));
    await white.click('#accept');
  }
  await onEveryPage(pages, () => document.body.dataset.status === 'finished', 'the result');
  const results = await Promise.all(pages.map((p) => p.textContent('#result')));
  assert.match(results[0], /^Result: /);
  assert.deepEqual(results, [results[0], results[0], results[0]], 'the same result on both instances');
  assert.equal(await watcher.getAttribute('body', 'data-seq'), String(moves.length + 2));
}

test('two instances: players on different instances, a spectator, classic and continuous games', async (t) => {
  const db = freshSchema();
  if (!db) { t.skip(`no PostgreSQL at ${PG}`); return; }
  const a = await instance(db.url);
  const b = await instance(db.url);
  const browser = await launch();
  try {
    const classic = await seat(browser, a, b, { variant: 'classic', board: '7' });
    const [cb, cw] = classic;
    await playToTheEnd(classic, [[cb, 2, 2], [cw, 4, 4], [cb, 2, 4], [cw, 4, 2]]);
    const continuous = await seat(browser, a, b, { variant: 'continuous', board: 'square-9' });
    const [kb, kw] = continuous;
    await playToTheEnd(continuous, [[kb, 2.3, 2.3], [kw, 6.5, 6.5], [kb, 2.5, 6.4], [kw, 6.2, 2.6]]);
  } finally {
    await browser.close();
    a.stop();
    b.stop();
    db.drop();
  }
});
