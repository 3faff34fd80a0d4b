// Accessibility checks in the browser tests: axe-core (npm) run in the page, reporting the
// violations of serious or critical impact (the ones a test fails on).
import { readFileSync } from 'node:fs';

const AXE = readFileSync(new URL('./node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

// The page's serious and critical violations, each as `{id, impact, help, nodes}` with the
// offending elements' selectors: an empty list when the page passes.
export async function axeViolations(page) {
  // Injected as a script of the test, not the page, so the page's CSP does not apply.
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
