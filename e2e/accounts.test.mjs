// Accounts in the browser (issue 32): two players sign up in two browsers, play a rated 9x9
// game to resignation, and both profiles then show the game and the new ratings; the API's
// refusals are said as it words them; the password is changed and used; an anonymous
// player cannot take a rated game's seat. The profile page passes axe-core's checks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, clickBoard, waitSeq, openCustomGame, screenshot } from './server.mjs';
import { axeViolations } from './axe.mjs';

// Signs up (or in) from the home page's account box; resolves once the page says so.
async function account(page, server, how, name, password) {
  await page.goto(`${server.url}/`);
  await page.click(how === 'up' ? '#show-sign-up' : '#show-sign-in');
  await page.fill('#acct-name', name);
  await page.fill('#acct-password', password);
  await page.click('#sign-submit');
}

const signedIn = (page, name) => page.waitForFunction((n) => document.getElementById('me-link')?.textContent === n, name);

test('accounts: a rated game between two accounts moves both ratings, shown on both profiles', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const [a, b, c] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
    const ann = await a.newPage();
    await account(ann, server, 'up', 'Ann', 'correct horse');
    await signedIn(ann, 'Ann');
    // The header names the signed-in player on every page.
    assert.match(await ann.textContent('#account-header'), /signed in as Ann/);

    // The API's refusals, in its words: a name taken (case aside), a wrong password.
    const bob = await b.newPage();
    await account(bob, server, 'up', 'ann', 'another one');
    await bob.waitForFunction(() => document.getElementById('account-msg').textContent === 'name taken');
    await account(bob, server, 'in', 'Bob', 'whatever it is');
    await bob.waitForFunction(() => document.getElementById('account-msg').textContent === 'wrong name or password');
    await account(bob, server, 'up', 'Bob', 'battery staple');
    await signedIn(bob, 'Bob');

    // Ann invites a friend to a rated 9x9 game; the custom form offers "rated" too.
    await ann.goto(`${server.url}/`);
    await signedIn(ann, 'Ann');
    await openCustomGame(ann);
    assert.equal(await ann.isVisible('#field-rated'), true);
    await ann.selectOption('#friend-variant', 'classic');
    await ann.check('#friend-rated');
    await ann.click('#invite-friend');
    await ann.waitForSelector('#friend-invite', { state: 'visible' });
    const invite = await ann.inputValue('#friend-url');
    const id = invite.match(/\/game\/([0-9a-f]{12})#/)[1];

    // An anonymous player cannot take the seat of a rated game, and is told why.
    const anon = await c.newPage();
    await anon.goto(invite);
    await anon.waitForFunction(() => document.body.dataset.you === 'spectator');
    assert.match(await anon.textContent('#msg'), /sign/i);

    await bob.goto(invite);
    await bob.waitForFunction(() => document.body.dataset.status === 'live' && document.body.dataset.you !== 'spectator');
    await ann.click('#friend-go');
    await ann.waitForFunction(() => document.body.dataset.status === 'live');
    const annColor = await ann.getAttribute('body', 'data-you');
    await ann.waitForFunction(() => /signed in as Ann/.test(document.getElementById('account-header')?.textContent ?? ''));
    const [first, second] = annColor === 'black' ? [ann, bob] : [bob, ann];
    // Both names carry their rating in the panel.
    await ann.waitForFunction(() => /^Bob \(1500\)/.test(document.getElementById(`name-${document.body.dataset.you === 'black' ? 'white' : 'black'}`).textContent));
    await clickBoard(first, 4, 4);
    await waitSeq(second, 1);
    await clickBoard(second, 2, 2);
    await waitSeq(first, 2);
    // Bob resigns: Ann wins.
    bob.once('dialog', (d) => d.accept());
    await bob.click('#resign');
    await ann.waitForFunction(() => document.body.dataset.status === 'finished');
    const result = annColor === 'black' ? 'B+R' : 'W+R';
    // The panel shows the ratings the game moved.
    await ann.waitForFunction(() => !/1500/.test(document.getElementById('name-black').textContent + document.getElementById('name-white').textContent));

    // Both profiles: the game, the rating moved (up for Ann, down for Bob), its history drawn.
    const ratings = {};
    for (const [page, name, won] of [[ann, 'Ann', true], [bob, 'Bob', false]]) {
      await page.goto(`${server.url}/player/${name}`);
      await page.waitForSelector(`#recent tr[data-game="${id}"]`);
      const row = await page.textContent(`#recent tr[data-game="${id}"]`);
      assert.match(row, new RegExp(result.replace('+', '\\+')));
      assert.match(row, /rated/);
      const card = '#ratings .rating-card[data-variant=classic]';
      const value = Number.parseInt(await page.textContent(`${card} .rating-value`), 10);
      assert.ok(won ? value > 1500 : value < 1500, `${name} ${value}`);
      ratings[name] = value;
      assert.match(await page.textContent(`${card} .hint`), /^1 rated game/);
      const points = (await page.getAttribute(`${card} polyline`, 'points')).split(' ');
      assert.equal(points.length, 2, 'the start and the one game');
      assert.match(await page.textContent('#record'), won ? /^1 win · 0 losses$/ : /^0 wins · 1 loss$/);
      assert.deepEqual(await axeViolations(page), []);
    }
    await screenshot(ann, 'profile');
    // Each profile links the other's: the same numbers seen from Bob's side.
    await bob.click(`#recent tr[data-game="${id}"] a[href="/player/Ann"]`);
    await bob.waitForSelector('#ratings .rating-card[data-variant=classic]');
    assert.equal(Number.parseInt(await bob.textContent('#ratings .rating-card[data-variant=classic] .rating-value'), 10), ratings.Ann);

    // Bob opens a rated game to anyone from the custom form: the lobby shows it rated, with
    // his new rating beside his name.
    await bob.goto(`${server.url}/`);
    await signedIn(bob, 'Bob');
    await openCustomGame(bob);
    await bob.selectOption('select[name=board]', '9');
    await bob.selectOption('select[name=seats]', 'open');
    await bob.check('input[name=rated]');
    await bob.click('#create');
    await bob.waitForURL(/\/game\/[0-9a-f]{12}$/);
    const openId = bob.url().split('/').pop();
    await ann.goto(`${server.url}/`);
    const openRow = `#open tr[data-game="${openId}"]`;
    await ann.waitForSelector(openRow);
    assert.match(await ann.textContent(`${openRow} td.names`), new RegExp(`^Bob \\(${ratings.Bob}\\) \\(B\\)`));
    assert.equal(await ann.textContent(`${openRow} td.variant`), 'classic · rated');
    // An anonymous player's "Join" is refused in words, on the home page.
    await anon.goto(`${server.url}/`);
    await anon.click(`${openRow} button`);
    await anon.waitForFunction(() => /sign/i.test(document.getElementById('lobby-msg').textContent));
    assert.equal(anon.url(), `${server.url}/`);

    // Ann's home page lists the game among hers, won and rated, and her rating.
    await ann.goto(`${server.url}/`);
    await ann.waitForSelector(`#my-games li[data-game="${id}"]`);
    assert.match(await ann.textContent(`#my-games li[data-game="${id}"] .mine-state`), /^won/);
    assert.match(await ann.textContent(`#my-games li[data-game="${id}"] .mine-variant`), /rated/);
    assert.match(await ann.textContent('#me-ratings'), new RegExp(`classic ${ratings.Ann}`));

    // A new password: the old one no longer signs in, the new one does.
    await ann.click('#show-password');
    await ann.fill('#pw-old', 'correct horse');
    await ann.fill('#pw-new', 'tr0ub4dor&3');
    await ann.click('#pw-submit');
    await ann.waitForFunction(() => /Password changed/.test(document.getElementById('account-msg').textContent));
    await ann.click('#sign-out');
    await ann.waitForSelector('#show-sign-in', { state: 'visible' });
    await account(ann, server, 'in', 'Ann', 'correct horse');
    await ann.waitForFunction(() => document.getElementById('account-msg').textContent === 'wrong name or password');
    await account(ann, server, 'in', 'ann', 'tr0ub4dor&3');
    await signedIn(ann, 'Ann');
  } finally {
    await browser.close();
    server.stop();
  }
});

test('accounts: a profile that does not exist says so', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.url}/player/Nobody`);
    await page.waitForFunction(() => /No player is called “Nobody”/.test(document.getElementById('player-msg').textContent));
  } finally {
    await browser.close();
    server.stop();
  }
});
