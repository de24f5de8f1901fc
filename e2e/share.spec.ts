import { readFileSync } from 'node:fs';
import { expect, simTimeNs, test, setEditorText } from './fixtures';
import type { Page } from '@playwright/test';

/** Runs the loaded scenario to its end at full speed and returns the summary's text. */
async function runToEnd(page: Page): Promise<string> {
  await page.getByLabel('Speed (simulated seconds per second)').selectOption('max');
  await expect(page.getByTestId('events')).toContainText('finished');
  return (await page.getByTestId('summary').textContent()) ?? '';
}

test('a link copied in one browser context reproduces the identical run in another', async ({ page, browser }) => {
  await page.goto('/');
  await expect(page.getByTestId('scenario-name')).toHaveText('M/M/1 queue at load 0.8');
  // A preset unchanged is a short link.
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#p=mm1-load-0\.8(&v=|$)/);

  // An edited scenario (another seed and load) goes into the link, compressed.
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  await setEditorText(
    page,
    JSON.stringify({ version: 1, name: 'Shared run', seed: 77, duration_s: 30, traffic: { rate_pps: 700 } }),
  );
  await page.getByRole('button', { name: 'Run this scenario' }).click();
  await expect(page.getByTestId('scenario-name')).toHaveText('Shared run');
  await page.getByRole('button', { name: 'Edit scenario' }).click(); // back to the summary
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#s=[A-Za-z0-9_-]+/);
  const here = await runToEnd(page);
  expect(here).toContain('ms');

  await page.getByRole('button', { name: 'Share & export' }).click();
  const link = await page.getByTestId('share-link').inputValue();
  expect(link).toBe(page.url());

  // A fresh context (no storage, no history) opens the link.
  const other = await browser.newContext();
  const page2 = await other.newPage();
  await page2.goto(link);
  await expect(page2.getByTestId('scenario-name')).toHaveText('Shared run');
  expect(await runToEnd(page2)).toBe(here);
  await other.close();
});

test('an edited, truncated or garbage link shows an error and falls back to the default preset', async ({ page }) => {
  await page.goto('/#s=this-is-not-a-scenario');
  await expect(page.getByTestId('link-error')).toContainText('link: the scenario cannot be read');
  await expect(page.getByTestId('scenario-name')).toHaveText('M/M/1 queue at load 0.8');
  await expect.poll(() => simTimeNs(page)).toBeGreaterThan(0);

  // A fragment-only navigation in the open app (popstate) is read the same way.
  await page.goto('/#p=no-such-preset');
  await expect(page.getByTestId('link-error')).toContainText('there is no preset `no-such-preset`');

  // A bad view part costs only the view: the preset opens, and the note says what was ignored.
  await page.goto(`/#p=md1-load-0.8&v=${Buffer.from('{"speed":-1}').toString('base64url')}`);
  await expect(page.getByTestId('scenario-name')).toHaveText('M/D/1 queue at load 0.8');
  await expect(page.getByTestId('link-error')).toContainText('view.speed');
  await expect(page.getByTestId('link-error')).toContainText('the view part was ignored');

  // A well-formed link whose scenario the engine refuses: the field is named.
  const bad = await page.evaluate(async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ version: 1, traffic: { flows: 0 } }));
    const cs = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    const out = new Uint8Array(await new Response(cs).arrayBuffer());
    return btoa(String.fromCharCode(...out))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  });
  await page.goto(`/#s=${bad}`);
  await expect(page.getByTestId('link-error')).toContainText('traffic.flows: 0 is below the minimum 1');
  await expect(page.getByTestId('scenario-name')).toHaveText('M/M/1 queue at load 0.8');

  // Truncated: the compressed scenario cut short.
  await page.goto('/');
  // The editor starts from the loaded scenario and takes it in when it arrives: edit after that.
  await expect.poll(() => simTimeNs(page)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  await setEditorText(page, JSON.stringify({ version: 1, name: 'Long name to make the link longer', seed: 5 }));
  await page.getByRole('button', { name: 'Run this scenario' }).click();
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#s=/);
  const cut = page.url().split('&v=')[0].slice(0, -12);
  await page.goto(cut);
  await expect(page.getByTestId('link-error')).toContainText('link:');
  await expect(page.getByTestId('scenario-name')).toHaveText('M/M/1 queue at load 0.8');
});

test('back and forward move between the scenarios opened', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('scenario-name')).toHaveText('M/M/1 queue at load 0.8');
  await page.getByLabel('Preset').selectOption({ label: 'M/D/1 queue at load 0.8' });
  await expect(page.getByTestId('scenario-name')).toHaveText('M/D/1 queue at load 0.8');
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#p=md1-load-0\.8/);
  // Scenarios opened within a second of the last history entry replace it (useUrlSync's
  // PUSH_GAP_MS, read on the page's clock): wait for the page's clock to pass it.
  const pushed = await page.evaluate(() => performance.now());
  await expect.poll(() => page.evaluate(() => performance.now())).toBeGreaterThan(pushed + 1000);
  await page.getByLabel('Preset').selectOption({ label: 'Overloaded drop-tail buffer (M/M/1/21)' });
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#p=mm1k-overload/);
  await page.goBack();
  await expect(page.getByTestId('scenario-name')).toHaveText('M/D/1 queue at load 0.8');
  await page.goForward();
  await expect(page.getByTestId('scenario-name')).toHaveText('Overloaded drop-tail buffer (M/M/1/21)');
});

test('exports: results as JSON and CSV, charts as PNG and SVG, the scenario file, its import and the CLI command', async ({
  page,
}) => {
  await page.goto('/');
  await runToEnd(page);
  await page.getByRole('button', { name: 'Share & export' }).click();
  const save = async (click: () => Promise<void>) => {
    const [d] = await Promise.all([page.waitForEvent('download'), click()]);
    return { name: d.suggestedFilename(), body: readFileSync((await d.path())!) };
  };
  const json = await save(() => page.getByRole('button', { name: 'Results (JSON)' }).click());
  expect(json.name).toMatch(/results\.json$/);
  const results = JSON.parse(json.body.toString()) as { summary: unknown; series: { t_s: number[] } };
  expect(results.series.t_s.length).toBeGreaterThan(10);
  const csv = await save(() => page.getByRole('button', { name: 'Series (CSV)' }).click());
  expect(csv.body.toString().split('\n')[0]).toMatch(
    /^t_s \[s\] middle of each [\d.]+ s bucket,queue_len \[packets\] /,
  );
  expect(csv.body.toString().trim().split('\n').length).toBe(results.series.t_s.length + 1);
  const scen = await save(() => page.getByRole('button', { name: 'Scenario (JSON)' }).click());
  expect(JSON.parse(scen.body.toString()).name).toBe('M/M/1 queue at load 0.8');
  await expect(page.getByTestId('cli-snippet')).toHaveValue(
    /^skyqueue run - --out results\.json <<'EOF'\n\{"version":2,/,
  );

  // Import: a valid file replaces the run; an invalid one is refused with its field.
  await page.getByLabel('Import a scenario file').setInputFiles({
    name: 'mine.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ version: 1, name: 'Imported', duration_s: 10 })),
  });
  await expect(page.getByTestId('scenario-name')).toHaveText('Imported');
  await page.getByRole('button', { name: 'Share & export' }).click();
  await page.getByLabel('Import a scenario file').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ version: 1, duration_s: -1 })),
  });
  await expect(page.getByTestId('error-banner')).toContainText('duration_s: -1 must be greater than 0');
  await expect(page.getByTestId('scenario-name')).toHaveText('Imported');

  // Charts.
  const png = await save(() => page.getByRole('button', { name: 'Save Waiting time as PNG' }).click());
  expect(png.name).toBe('waiting-time.png');
  expect([...png.body.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  const svg = await save(() => page.getByRole('button', { name: 'Save Waiting time as SVG' }).click());
  expect(svg.body.toString()).toContain('<svg');
  expect(svg.body.toString()).toContain('series-line');
});

test('keyboard shortcuts: space, arrow, ? and Escape; the theme toggles', async ({ page }) => {
  await page.goto('/');
  await expect.poll(() => simTimeNs(page)).toBeGreaterThan(0);
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  const t = await simTimeNs(page);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => simTimeNs(page)).toBe(t + 1e9);
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toHaveCount(0);
  // P opens the Parameters panel; Escape closes it, also from one of its fields (docs/USING.md,
  // Keyboard: "Esc closes").
  await page.keyboard.press('p');
  const params = page.getByRole('complementary', { name: 'Parameters' });
  await expect(params).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(params).toHaveCount(0);
  await page.keyboard.press('p');
  await params.locator('input').first().focus();
  await page.keyboard.press('Escape');
  await expect(params).toHaveCount(0);
  // Every other dialog and panel closes with Escape too.
  for (const [open, gone] of [
    ['Gallery', () => page.getByRole('dialog', { name: 'Presets gallery' })],
    ['Share & export', () => page.getByRole('dialog', { name: /Share/ })],
    ['Tour', () => page.locator('.tour-card')],
    ['Sweep & compare', () => page.locator('.sweep-panel, [aria-label="Sweep and compare"]')],
    ['Edit scenario', () => page.getByRole('region', { name: 'Scenario editor' })],
  ] as const) {
    await page.getByRole('button', { name: open, exact: true }).click();
    await expect(gone().first(), `${open} opened`).toBeVisible();
    await page.locator('body').press('Escape');
    await expect(gone(), `${open} closed by Escape`).toHaveCount(0);
  }
  await page.keyboard.press('t');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // The theme is part of the view in the link.
  await expect.poll(() => page.url()).toContain('&v=');
});

test('an engine crash is reported with a restart that reloads the last scenario', async ({ page, watch }) => {
  await page.goto('/');
  await page.getByLabel('Preset').selectOption({ label: 'M/D/1 queue at load 0.8' });
  await expect(page.getByTestId('scenario-name')).toHaveText('M/D/1 queue at load 0.8');
  await page.evaluate(() =>
    (window as unknown as { skyqueueTest: { crashEngine: () => void } }).skyqueueTest.crashEngine(),
  );
  const banner = page.getByTestId('error-banner');
  await expect(banner).toContainText('The engine stopped');
  await banner.getByRole('button', { name: 'Restart the engine' }).click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('scenario-name')).toHaveText('M/D/1 queue at load 0.8');
  const t = await simTimeNs(page);
  await expect.poll(() => simTimeNs(page)).toBeGreaterThan(t);
  // The crash itself is the expected console error of this test.
  watch.consoleErrors.splice(0);
});

test('the gallery explains every preset and its tour highlights what it explains', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Gallery' }).click();
  const gallery = page.getByRole('dialog', { name: 'Presets gallery' });
  await expect(gallery.locator('article:not([data-testid^="gallery-lab-"])')).toHaveCount(
    await page.getByLabel('Preset').locator('option').count(),
  );
  await expect(gallery.getByTestId('gallery-pss-b3-variable-memory')).toContainText('Paper 001');
  // Teaching order: queues first, then constellations and TCP across them, then the papers' link
  // and router presets, then a whole network, each model under one heading with its drawing.
  await expect(gallery.locator('.gallery-heading')).toHaveText([
    /^Labs/,
    /^Queues/,
    /^Constellations/,
    /^TCP over Iridium/,
    /^VoIP over a LEO/,
    /^DiffServ over a GEO/,
    /^Link-layer reliability/,
    /^Voice over DCCP/,
    /^A whole network/,
  ]);
  await expect(gallery.locator('.gallery-heading svg')).toHaveCount(8);
  await expect(gallery.locator('article:not([data-testid^="gallery-lab-"]) h4').first()).toHaveText(
    'M/M/1 queue at load 0.8',
  );
  await page.screenshot({ path: 'reports/screenshots/gallery.png' });
  await gallery.getByTestId('gallery-pss-b3-variable-memory').getByRole('button', { name: 'Open with a tour' }).click();
  await expect(page.getByTestId('scenario-name')).toHaveText(
    'PSS on a varying satellite link, with credit memory (paper 001, B3 / Figs. 7-10)',
  );
  const tour = page.getByTestId('tour');
  await expect(tour).toBeVisible();
  const steps = Number((await tour.locator('strong').textContent())?.match(/\/ (\d+)/)?.[1]);
  expect(steps).toBeGreaterThanOrEqual(3);
  for (let i = 0; i < steps; i++) {
    // Each step outlines one element on screen (charts appear once rows arrive).
    await expect(page.locator('.tour-highlight')).toHaveCount(1);
    if (i === 1) await page.screenshot({ path: 'reports/screenshots/tour.png' });
    if (i + 1 < steps) await tour.getByRole('button', { name: 'Next' }).click();
  }
  await tour.getByRole('button', { name: 'Finish' }).click();
  await expect(tour).toHaveCount(0);
  await expect(page.locator('.tour-highlight')).toHaveCount(0);
});
