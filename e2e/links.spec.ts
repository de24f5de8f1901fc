import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

/** The links pinned by web/src/scenario/presetLinks.test.ts: each preset's scenario as `#s=`, in the
 * current scenario format and as written in format 1 (before format 2). */
const read = (file: string) =>
  JSON.parse(readFileSync(new URL(`../web/src/scenario/__snapshots__/${file}`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
const pinned = {
  ...Object.fromEntries(Object.entries(read('preset-links-v1.json')).map(([id, link]) => [`${id} (format 1)`, link])),
  ...read('preset-links.json'),
};

/** Presets changed on purpose since format 1 (presetLinks.test.ts CHANGED_SINCE_V1): their old
 * links open the run they shared, which is no longer the preset. */
const CHANGED_SINCE_V1 = ['iridium-ship-london', 'iridium-la-hawaii'];

test('every pinned preset link opens its preset in the browser (links already shared keep working)', async ({
  page,
}) => {
  expect(Object.keys(pinned).length).toBeGreaterThan(0);
  // One page load per link (about 60 of them): the test's ceiling grows with their number, so a
  // busy machine (each load a few seconds under a CPU load) does not run out of the default 90 s.
  test.setTimeout(15_000 * Object.keys(pinned).length);
  for (const [key, link] of Object.entries(pinned)) {
    const id = key.replace(/ \(format 1\)$/, '');
    await page.goto('about:blank');
    await page.goto(`/${link}`);
    if (key.endsWith('(format 1)') && CHANGED_SINCE_V1.includes(id)) {
      // The shared run, under its own name and what it changes from today's preset (the title
      // says so since the title names changes), as a scenario of its own (not today's preset).
      const name: string = JSON.parse(readFileSync(new URL(`../examples/${id}.json`, import.meta.url), 'utf8')).name;
      await expect(page.getByTestId('scenario-name'), id).toHaveText(
        new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, changed: .*Polar cut-off 60 → 68`),
      );
      await expect(page.getByLabel('Preset'), id).not.toHaveValue(id);
      await expect(page.getByTestId('link-error'), id).toHaveCount(0);
      await expect.poll(() => new URL(page.url()).hash, { message: id }).toMatch(/^#s=/);
      continue;
    }
    // The app recognises the scenario as the preset's and names it so, in the menu and the link.
    await expect(page.getByLabel('Preset'), id).toHaveValue(id);
    await expect(page.getByTestId('link-error'), id).toHaveCount(0);
    await expect
      .poll(() => new URL(page.url()).hash, { message: id })
      .toMatch(new RegExp(`^#p=${id.replace(/\./g, '\\.')}(&v=|$)`));
  }
});
