import { chromium } from 'playwright-core';
const [,, variant, rules, ...moves] = process.argv;
const base = 'http://127.0.0.1:18777';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox'] });
const p = await b.newPage();
await p.goto(base + '/');
const out = await p.evaluate(async ([variant, rules, moves]) => {
  const mk = await (await fetch('/api/games', {method:'POST', headers:{'content-type':'application/json'}, body: JSON.stringify({variant, rules: JSON.parse(rules), time_control:{kind:'none'}, color:'black'})})).json();
  if (!mk.id) return mk;
  const cl = await (await fetch(`/api/games/${mk.id}/claim`, {method:'POST'})).json();
  const open = (tok) => new Promise((res) => { const ws = new WebSocket(`ws://${location.host}/ws/${mk.id}?token=${tok}`); ws.msgs = []; ws.onmessage = (e) => ws.msgs.push(JSON.parse(e.data)); ws.onopen = () => res(ws); });
  const A = await open(mk.token); const B = await open(cl.token);
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  await sleep(200);
  const log = [];
  let i = 0;
  for (const m of moves) { const mm = JSON.parse(m); const ws = (mm.who ?? (i % 2 ? 'w' : 'b')) === 'b' ? A : B; delete mm.who; ws.send(JSON.stringify(mm)); i++; await sleep(150); }
  await sleep(200);
  return { a: A.msgs, b: B.msgs.map(m=>m.type) };
}, [variant, rules, moves]);
console.log(JSON.stringify(out, null, 1).slice(0, Number(process.env.LIM ?? 6000)));
await b.close();
