// Games made through the API rather than the home page's form (which has tests of its
// own): the creator's seat token is kept where the game page looks for it, as the form does.

// Creates a game from `body` (docs/api.md, the creation body) in `ctx` and opens its page as
// the creator; waits until the game is live (against the computer) or open.
export async function openGame(ctx, server, body) {
  const page = await ctx.newPage();
  await page.goto(`${server.url}/`);
  const made = await page.evaluate(async (b) => {
    const resp = await fetch('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
    const data = await resp.json();
    if (!resp.ok) throw new Error(data.error);
    localStorage.setItem(`stonefield.seat.${data.id}`, data.token);
    return data;
  }, body);
  await page.goto(`${server.url}/game/${made.id}`);
  await page.waitForFunction(() => ['live', 'open'].includes(document.body.dataset.status ?? ''));
  return page;
}

// Waits until it is the player's turn (the computer has answered).
export const myTurn = (page) => page.waitForFunction(() => {
  const b = document.body.dataset;
  return b.status === 'live' && b.phase === 'playing' && b.toMove === b.you && b.thinking === 'false';
}, null, { timeout: 20000 });

// Screen coordinates of board point (x, y) of the 2D board.
export const onScreen = (page, x, y) => page.evaluate(([bx, by]) => {
  const pt = new DOMPoint(bx, by).matrixTransform(document.getElementById('board').getScreenCTM());
  return [pt.x, pt.y];
}, [x, y]);
