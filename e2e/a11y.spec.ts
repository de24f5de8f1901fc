import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, frames, test } from './fixtures';

/** Serious and critical accessibility violations on the page as it is now (WCAG 2.1 A and AA). */
async function serious(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

const PRESETS = [
  'mm1-load-0.8',
  'iridium-ship-london',
  'tcp-iridium-15mb-seam-leaves',
  'voip-leo-codes',
  'pss-b1-known-ef',
  'dccp-speex-dtx',
];

for (const id of PRESETS) {
  test(`no serious accessibility violation on the main view of ${id}`, async ({ page }) => {
    await page.goto(`/#p=${id}`);
    await expect(page.getByTestId('scenario-name')).not.toHaveText('');
    // Charts drawn from the engine's rows (rather than a fixed wait of 1.5 s for a few frames).
    await expect(page.locator('.charts svg[data-points]').first()).not.toHaveAttribute('data-points', '0');
    await expect(page.locator('.charts path.series-line').first()).toBeAttached();
    expect(await serious(page)).toEqual([]);
  });
}

test('no serious accessibility violation in any panel or dialog', async ({ page }) => {
  await page.goto('/#p=voip-leo-codes');
  await expect(page.getByTestId('scenario-name')).not.toHaveText('');
  // The run (at max speed) to its end first: clicks wait for a still page, which a run at max
  // speed is not.
  await expect(page.getByTestId('events')).toContainText('finished');
  const panels: [string, () => Promise<void>][] = [
    ['Parameters', async () => void (await page.getByRole('button', { name: 'Parameters' }).click())],
    ['Edit scenario', async () => void (await page.getByRole('button', { name: 'Edit scenario' }).click())],
    ['Gallery', async () => void (await page.getByRole('button', { name: 'Gallery' }).click())],
    ['Share & export', async () => void (await page.getByRole('button', { name: 'Share & export' }).click())],
    ['Help', async () => void (await page.getByRole('button', { name: 'Keyboard shortcuts' }).click())],
    ['Sweep & compare', async () => void (await page.getByRole('button', { name: 'Sweep & compare' }).click())],
    ['Tour', async () => void (await page.getByRole('button', { name: 'Tour' }).click())],
  ];
  // A panel is open when its button is pressed; the others are dialogs.
  const toggled = ['Parameters', 'Edit scenario', 'Sweep & compare'];
  const isOpen = (name: string) =>
    toggled.includes(name)
      ? expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true')
      : expect(page.getByRole('dialog')).toBeVisible();
  const isClosed = (name: string) =>
    toggled.includes(name)
      ? expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'false')
      : expect(page.getByRole('dialog')).toHaveCount(0);
  const found: string[] = [];
  for (const [name, open] of panels) {
    await open();
    await isOpen(name);
    await frames(page, 2);
    for (const v of await serious(page)) found.push(`${name}: ${v}`);
    await page.keyboard.press('Escape');
    // A panel Esc left open (its button still pressed) is closed by its button.
    const button = page.getByRole('button', { name, exact: true });
    if (toggled.includes(name) && (await button.getAttribute('aria-pressed')) === 'true') await button.click();
    await isClosed(name);
  }
  expect(found).toEqual([]);
});

test('no serious accessibility violation in the light theme either', async ({ page }) => {
  await page.goto('/#p=iridium-ship-london');
  await expect(page.getByTestId('scenario-name')).not.toHaveText('');
  await page.getByRole('button', { name: 'Light theme' }).click();
  await expect(page.getByRole('button', { name: 'Dark theme' })).toBeVisible();
  await frames(page, 2);
  expect(await serious(page)).toEqual([]);
});

test('the globe’s loading text reads in the light theme too (its ground is black in both)', async ({ page }) => {
  // The globe's code held back until the check is done, so the loading text stays on screen
  // (on a busy machine it can be there when a check runs).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/GlobeView-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/#p=iridium-ship-london');
  await expect(page.getByTestId('scenario-name')).not.toHaveText('');
  await page.getByRole('button', { name: 'Light theme' }).click();
  await expect(page.getByRole('button', { name: 'Dark theme' })).toBeVisible();
  await expect(page.getByText('loading the globe…')).toBeVisible();
  expect(await serious(page)).toEqual([]);
  release();
  await expect(page.getByTestId('globe')).toHaveAttribute('data-rendered', 'true');
});
