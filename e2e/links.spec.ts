import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

/** The links pinned by web/src/scenario/presetLinks.test.ts: each preset's scenario as `#s=`. */
const pinned = JSON.parse(readFileSync(new URL('../web/src/scenario/__snapshots__/preset-links.json', import.meta.url), 'utf8')) as Record<string, string>;

test('every pinned preset link opens its preset in the browser (links already shared keep working)', async ({ page }) => {
  expect(Object.keys(pinned).length).toBeGreaterThan(0);
  for (const [id, link] of Object.entries(pinned)) {
    await page.goto('about:blank');
    await page.goto(`/${link}`);
    // The app recognises the scenario as the preset's and names it so, in the menu and the link.
    await expect(page.getByLabel('Preset'), id).toHaveValue(id);
    await expect(page.getByTestId('link-error'), id).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).hash, { message: id }).toMatch(new RegExp(`^#p=${id.replace(/\./g, '\\.')}(&v=|$)`));
  }
});
