// The new-game form knows the variant: it offers only the sizes and presets the server
// describes (GET /api/variants), sets komi from the preset unless the player typed one,
// hides the fields that do not apply, shows each variant's help, and a MarGo game on a
// size other than the default starts from it.
import { test } from 'node:test';
import { openCustomGame } from './server.mjs';
import assert from 'node:assert/strict';
import { startServer, launch, cspViolations } from './server.mjs';

const options = (page, name) => page.$$eval(`select[name=${name}] option`, (os) => os.map((o) => o.value));
const hidden = (page, field) => page.isHidden(`#field-${field}`);
const help = (page) => page.textContent('#variant-help');

test('the form follows the variant and creates a MarGo game on 5x5', async () => {
  const server = await startServer();
  const browser = await launch();
  try {
    const page = await browser.newPage();
    const violations = cspViolations(page);
    const described = page.waitForResponse((r) => r.url().endsWith('/api/variants'));
    await page.goto(`${server.url}/`);
    await openCustomGame(page);
    const { variants } = await (await described).json();
    const of = Object.fromEntries(variants.map((v) => [v.variant, v]));
    await page.waitForFunction(() => document.querySelector('select[name=board]').options.length > 0);

    // Classic: every size of the rules crate, 19 first chosen, presets with their komi.
    assert.deepEqual(await options(page, 'board'), of.classic.board.values.map(String));
    assert.equal((await options(page, 'board'))[0], '2');
    assert.equal(await page.inputValue('select[name=board]'), '19');
    assert.deepEqual(await options(page, 'preset'), ['chinese', 'japanese', 'aga', 'new-zealand', 'tromp-taylor']);
    assert.equal(await page.inputValue('input[name=komi]'), '7.5');
    await page.selectOption('select[name=preset]', 'japanese');
    assert.equal(await page.inputValue('input[name=komi]'), '6.5');
    await page.selectOption('select[name=preset]', 'new-zealand');
    assert.equal(await page.inputValue('input[name=komi]'), '7');
    await page.selectOption('select[name=preset]', 'chinese');
    assert.equal(await page.inputValue('input[name=komi]'), '7.5');
    assert.equal(await hidden(page, 'preset'), false);
    assert.equal(await hidden(page, 'komi'), false);
    assert.equal(await hidden(page, 'handicap'), false);
    const classicHelp = await help(page);
    assert.match(classicHelp, /japanese \(territory scoring/);

    // MarGo: 2..13 holes, 7 chosen; no preset, komi or handicap.
    await page.selectOption('select[name=variant]', 'margo');
    const margo = await options(page, 'board');
    assert.deepEqual(margo, ['2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13']);
    assert.equal(await page.inputValue('select[name=board]'), '7');
    for (const f of ['preset', 'komi', 'handicap']) assert.equal(await hidden(page, f), true, f);
    const margoHelp = await help(page);
    assert.notEqual(margoHelp, classicHelp);
    assert.match(margoHelp, /pyramids/);
    assert.match(margoHelp, /on top of four balls/);

    // Topological: 6..25, 10 chosen; the reserve rule in its help.
    await page.selectOption('select[name=variant]', 'topological');
    const topo = await options(page, 'board');
    assert.equal(topo[0], '6');
    assert.ok(topo.includes('10') && topo.includes('25') && !topo.includes('5'));
    assert.equal(await page.inputValue('select[name=board]'), '10');
    for (const f of ['preset', 'komi', 'handicap']) assert.equal(await hidden(page, f), true, f);
    assert.match(await help(page), /reserve stone/);

    // Continuous: board presets, komi and handicap but no rule preset; the snap modes.
    await page.selectOption('select[name=variant]', 'continuous');
    assert.deepEqual(await options(page, 'board'), ['square-9', 'square-13', 'square-19', 'hexagon']);
    assert.equal(await page.inputValue('select[name=board]'), 'square-13');
    assert.equal(await hidden(page, 'preset'), true);
    assert.equal(await hidden(page, 'komi'), false);
    assert.equal(await page.inputValue('input[name=komi]'), String(of.continuous.komi));
    assert.match(await help(page), /snap mode/);

    // A komi the player typed stays through preset and variant changes.
    await page.selectOption('select[name=variant]', 'classic');
    assert.equal(await page.inputValue('input[name=komi]'), '7.5');
    await page.fill('input[name=komi]', '0.5');
    await page.selectOption('select[name=preset]', 'japanese');
    assert.equal(await page.inputValue('input[name=komi]'), '0.5');

    // The opponent's and the clock's fields show only where they apply.
    assert.equal(await hidden(page, 'level'), true);
    assert.equal(await hidden(page, 'seats'), false);
    await page.selectOption('select[name=opponent]', 'computer');
    assert.equal(await hidden(page, 'level'), false);
    assert.equal(await hidden(page, 'seats'), true);
    assert.equal(await hidden(page, 'hints'), true);
    await page.selectOption('select[name=opponent]', 'person');
    assert.equal(await hidden(page, 'main'), true);
    await page.selectOption('select[name=tc]', 'byo-yomi');
    for (const f of ['main', 'extra', 'periods']) assert.equal(await hidden(page, f), false, f);
    await page.selectOption('select[name=tc]', 'none');

    // A MarGo game on 5x5, the beginner's game, from the form starts, with the size and
    // the switch asked for (the others at the book's values).
    const created = async () => {
      await page.click('#create');
      await page.waitForURL(/\/game\/[0-9a-f]{12}$/);
      await page.waitForFunction(() => document.body.dataset.status === 'open');
      const id = page.url().split('/').pop();
      return page.evaluate(async (g) => (await fetch(`/api/games/${g}/record`)).json(), id);
    };
    await page.selectOption('select[name=variant]', 'margo');
    await page.selectOption('select[name=board]', '5');
    assert.equal(await page.isChecked('input[name=opt-first_capture_wins]'), false);
    assert.equal(await page.isChecked('input[name=opt-buried_hidden]'), true);
    assert.equal(await page.locator('input[name=opt-reserve_stones]').count(), 0, 'no other variant\'s options');
    await page.check('input[name=opt-first_capture_wins]');
    const margoRecord = await created();
    assert.equal(margoRecord.variant, 'margo');
    assert.deepEqual(margoRecord.rules, { board_size: 5, first_capture_wins: true, buried_hidden: true, bridge_cutting: true });

    // Topological Go with three reserve stones; too many for the board is refused in words.
    await page.goto(`${server.url}/`);
    await openCustomGame(page);
    await page.selectOption('select[name=variant]', 'topological');
    assert.equal(await page.inputValue('input[name=opt-reserve_stones]'), '5');
    assert.equal(await page.locator('input[name=opt-buried_hidden]').count(), 0);
    await page.fill('input[name=opt-reserve_stones]', '3');
    const topoRecord = await created();
    assert.deepEqual(topoRecord.rules, { board_size: 10, reserve_stones: 3 });
    await page.goto(`${server.url}/`);
    await openCustomGame(page);
    await page.selectOption('select[name=variant]', 'topological');
    await page.selectOption('select[name=board]', '6');
    await page.fill('input[name=opt-reserve_stones]', await page.getAttribute('input[name=opt-reserve_stones]', 'max'));
    await page.click('#create');
    await page.waitForFunction(() => /reserve/.test(document.getElementById('form-msg').textContent));
    assert.match(page.url(), /\/$/, 'no game was made');
    assert.deepEqual(violations.seen, [], 'the page runs under its security policy');
  } finally {
    await browser.close();
    server.stop();
  }
});
