import { inflateRawSync } from 'node:zlib';
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';

/** The scenario a `#s=` link carries (base64url of deflate-raw JSON, scenario/link.ts). */
function linkScenario(url: string): Record<string, unknown> {
  const s = /[#&]s=([A-Za-z0-9_-]+)/.exec(new URL(url).hash)?.[1];
  if (!s) throw new Error(`no scenario in ${url}`);
  return JSON.parse(inflateRawSync(Buffer.from(s, 'base64url')).toString('utf8')) as Record<string, unknown>;
}

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The tour card covers no chart (its axes included). */
async function cardClearOfCharts(page: Page) {
  const card = await page.getByTestId('tour').boundingBox();
  expect(card).not.toBeNull();
  for (const fig of await page.locator('figure.chart').all()) {
    const box = await fig.boundingBox();
    if (box && box.width > 0)
      expect(overlaps(card!, box), `tour card over the chart "${await fig.locator('figcaption').textContent()}"`).toBe(
        false,
      );
  }
}

test.use({ viewport: { width: 1280, height: 720 } });

test('the description follows λ: new value and theory in the text, the preset notes marked, and a link without stale notes', async ({
  page,
  browser,
}) => {
  await page.goto('/#p=mm1-load-0.8');
  const text = page.getByTestId('live-text');
  await expect(text).toContainText('Poisson arrivals at 800 packets/s');
  await expect(page.getByTestId('live-theory')).toContainText(
    'M/M/1 theory: mean wait 4 ms, mean delay (wait + service) 5 ms',
  );
  await expect(page.getByTestId('notes-caveat')).toHaveCount(0);

  await page.getByRole('button', { name: 'Parameters' }).click();
  const panel = page.getByRole('complementary', { name: 'Parameters' });
  await panel.getByLabel('Arrival rate λ [packets/s]').fill('900');
  await panel.getByRole('button', { name: /Restart with/ }).click();

  await expect(text).toContainText('Poisson arrivals at 900 packets/s');
  await expect(text).toContainText('ρ = λ/μ = 900/1,000 = 0.90');
  await expect(page.getByTestId('live-theory')).toContainText('mean wait 9 ms, mean delay (wait + service) 10 ms');
  // The theory column beside it says the same.
  await expect(page.getByTestId('summary')).toContainText('9.000 ms');
  await expect(page.getByTestId('notes-caveat')).toContainText(
    'Notes for the preset as published; you changed Arrival rate λ 800 → 900',
  );

  // The link carries the new numbers but not the preset's notes, which spoke of 800 and 4 ms.
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#s=/);
  const carried = linkScenario(page.url());
  expect((carried.traffic as { rate_pps: number }).rate_pps).toBe(900);
  expect(carried.description).toBeUndefined();
  expect(JSON.stringify(carried)).not.toContain('4 ms');

  // Opened in a fresh browser, the text is written again from its numbers; the notes come back marked.
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page2 = await ctx.newPage();
  await page2.goto(page.url().replace(/^.*#/, '/#'));
  await expect(page2.getByTestId('live-text')).toContainText('Poisson arrivals at 900 packets/s');
  await expect(page2.getByTestId('live-theory')).toContainText('mean delay (wait + service) 10 ms');
  await expect(page2.getByTestId('notes-caveat')).toContainText('you changed Arrival rate λ 800 → 900');
  await ctx.close();
});

test('new sites are named in the text', async ({ page }) => {
  await page.goto('/#p=iridium-ship-london');
  await expect(page.getByTestId('live-text')).toContainText('The route from Atlantic ship to London');
  await page.getByLabel('From site').selectOption('New Delhi');
  await expect(page.getByTestId('live-text')).toContainText('The route from New Delhi to London');
  await expect(page.getByTestId('live-text')).not.toContainText('ship');
  await expect(page.getByTestId('notes-caveat')).toContainText('From Atlantic ship → New Delhi');
});

test('the tour waits for the moment it speaks of, plays there on request, and never covers a chart', async ({
  page,
}) => {
  await page.goto('/#p=iridium-la-hawaii');
  await expect(page.getByTestId('scenario-name')).toContainText('Los Angeles');
  await page.getByRole('button', { name: 'Pause' }).click();
  await page.getByRole('button', { name: 'Tour' }).click();
  const card = page.getByTestId('tour');
  await expect(card).toHaveAttribute('data-step', '0');
  await cardClearOfCharts(page);
  await card.getByRole('button', { name: 'Next' }).click();
  // Step 2 speaks of the first seam separation, at t = 1884 s: the run is not there yet.
  await expect(card).toHaveAttribute('data-target', 'globe');
  const moment = page.getByTestId('tour-moment');
  await expect(moment).toHaveAttribute('data-reached', 'false');
  await expect(moment).toContainText(
    'This step is about the first seam separation, at t = 1,884 s (00:31:24 into the run)',
  );
  await expect(moment).toContainText('Waiting for it');
  await cardClearOfCharts(page);
  await page.getByTestId('tour-play-there').click();
  await expect(moment).toHaveAttribute('data-reached', 'true');
  await expect(moment).toContainText('The run has reached the first seam separation');
  // It stopped there, with the seam marked on the delay chart's events.
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  for (let i = 2; i < 5; i++) {
    await card.getByRole('button', { name: 'Next' }).click();
    await expect(card).toHaveAttribute('data-step', String(i));
    await cardClearOfCharts(page);
  }
});
