// Accessibility checks with axe-core (npm), run inside the page: the serious and critical
// violations it finds, each as "rule: what, where" for the assertion's message.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

// The serious and critical violations on `page` (the pages' Content Security Policy allows
// no injected script tag: axe is evaluated through the debugging protocol instead).
export async function axeViolations(page) {
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    // @ts-ignore axe is the global the script above defines
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

// The violations as lines, for an assertion's message.
export const describe = (violations) => violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.join(', ')}`).join('\n');
