import { expect, simTimeNs, test } from './fixtures';

test('constellation charts: a UTC clock, events in a strip with toggles, hover text, and a click on an event goes there', async ({
  page,
}) => {
  await page.goto('/#p=iridium-ship-london');
  const delay = page.getByRole('img', { name: 'One-way delay chart' });
  await expect.poll(() => simTimeNs(page)).toBeGreaterThan(0);
  // A seek (PageUp on the progress bar: a tenth of the day, 9,000 s) rather than minutes of a
  // 1000x run: the run goes there at once and pauses, with its events (dozens of handovers).
  const bar = page.getByRole('slider', { name: /Position in the run/ });
  await bar.focus();
  await page.keyboard.press('PageUp');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  const log = page.getByTestId('event-log');
  await expect(log.locator('li[data-kind="intra-orbital"]').nth(1)).toBeVisible();

  // The time axis is the clock of the run (the preset starts at 00:00 UTC).
  const ticks = await delay.locator('.axis-x .tick text').allTextContents();
  expect(ticks.length).toBeGreaterThan(2);
  for (const t of ticks) expect(t).toMatch(/^\d\d:\d\d$/);
  await expect(delay.locator('.axis-label', { hasText: 'time of day (UTC)' })).toHaveCount(1);

  // Events are thin ticks in a strip under the curve, not lines across it.
  const tick = delay.locator('line.marker[data-kind="intra-orbital"]').first();
  const y1 = Number(await tick.getAttribute('y1'));
  const y2 = Number(await tick.getAttribute('y2'));
  expect(y2 - y1).toBeLessThan(16);

  // Per-kind toggles.
  const toggles = page.getByRole('group', { name: 'Events on One-way delay' });
  await toggles.getByLabel('intra-orbital handover').uncheck();
  await expect(delay.locator('line.marker[data-kind="intra-orbital"]')).toHaveCount(0);
  await toggles.getByLabel('intra-orbital handover').check();
  await expect(delay.locator('line.marker[data-kind="intra-orbital"]').first()).toBeAttached();

  // Hover an event: what and when on a solid background; click it: the run goes to that moment
  // (in the past: a replay of the same run) and stays paused there.
  const first = delay.locator('line.marker[data-kind="intra-orbital"]').first();
  const t = Number(await first.getAttribute('data-t'));
  const box = (await first.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const tip = page.getByTestId('event-tip');
  await expect(tip).toContainText('intra-orbital handover');
  await expect(tip).toContainText('UTC');
  await expect(tip).toContainText('→'); // the satellites before and after
  const before = await simTimeNs(page);
  expect(before / 1e9).toBeGreaterThan(t);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect.poll(() => simTimeNs(page), { message: 'the run is at the event' }).toBe(Math.round(t * 1e9));
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  // The globe shows that moment: the route drawn for it.
  await expect
    .poll(async () => (await page.getByTestId('globe').getAttribute('data-route-hops')) ?? '')
    .toMatch(/^\d+$/);

  // The event log's times are links to their moment too, on the same clock: on (a seek
  // forward, paused there), then back by a row of the log.
  await bar.focus();
  await page.keyboard.press('PageUp');
  await expect.poll(() => simTimeNs(page)).toBeGreaterThan(Math.round(t * 1e9) + 600e9);
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  const row = log.locator('li[data-kind="intra-orbital"]').nth(1);
  const rowT = Number(await row.getAttribute('data-t'));
  await expect(row.getByRole('button')).toHaveText(/^\d\d:\d\d:\d\d$/);
  await row.getByRole('button').click();
  await expect.poll(() => simTimeNs(page)).toBe(Math.round(rowT * 1e9));
});

test('a seek to the seam handover: the seam chart, the panel and the log all say the ends are apart', async ({
  page,
}) => {
  await page.goto('/#p=iridium-ship-london');
  await expect.poll(() => simTimeNs(page)).toBeGreaterThan(0);
  // Past the first seam handover (about 19,560 s) by a seek, not by minutes of a 1000x run:
  // paused (Space), then PageUp on the progress bar three times (9,000 s each), each waited
  // for: 27,000 s or so, before the day's second seam handover (about 60,200 s).
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  const bar = page.getByRole('slider', { name: /Position in the run/ });
  await bar.focus();
  for (let i = 0; i < 3; i++) {
    const before = await simTimeNs(page);
    await page.keyboard.press('PageUp');
    await expect.poll(() => simTimeNs(page)).toBeGreaterThan(before);
  }
  expect(await simTimeNs(page)).toBeLessThan(60_000e9);
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  const log = page.getByTestId('event-log');
  const row = log.locator('li[data-kind="seam-enter"]').first();
  await expect(row).toBeVisible();
  await expect(log.locator('li[data-kind="seam-enter"]')).toHaveCount(1);
  const t = Number(await row.getAttribute('data-t'));
  // Well past it, then back to it by the log: a replay from zero up to the handover.
  expect(await simTimeNs(page)).toBeGreaterThan((t + 600) * 1e9);
  await row.getByRole('button').click();
  await expect.poll(() => simTimeNs(page)).toBe(Math.round(t * 1e9));
  await expect(log.locator('li').first()).toHaveAttribute('data-kind', 'seam-enter');
  await expect(page.getByTestId('constellation-summary')).toContainText(/seam separations\s*[\d.]+ min · \d+ · 1$/);
  // The seam's samples before the handover are all 0: the note must not say it has not come.
  const note = page.getByRole('figure', { name: 'Separated by the seam' }).getByRole('note');
  await expect(note).toContainText('The seam has come between Atlantic ship and London (once so far');
  await expect(note).not.toContainText('not yet');
  // Once a sample holds the separation the chart shows it and says nothing.
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(note).toHaveCount(0);
});

test('a chart that stays empty says why: a Walker delta has no seam', async ({ page }) => {
  await page.goto('/#p=walker-delta-53');
  const seam = page.getByRole('figure', { name: 'Separated by the seam' });
  await expect(seam.getByRole('note')).toContainText('a Walker delta has no seam');
  // The Iridium preset early in its day: not yet, and says when.
  await page.goto('/#p=iridium-ship-london');
  await expect(page.getByRole('figure', { name: 'Separated by the seam' }).getByRole('note')).toContainText(
    'has not yet come between Atlantic ship and London',
  );
});

test('the progress bar is a slider: the keyboard and a drag move the run there, back by a replay', async ({ page }) => {
  await page.goto('/#p=mm1-load-0.8');
  await expect.poll(() => simTimeNs(page)).toBeGreaterThan(0);
  const bar = page.getByRole('slider', { name: /Position in the run/ });
  await expect(bar).toHaveAttribute('max', '100');

  // End: the run's end, paused there.
  await bar.focus();
  await page.keyboard.press('End');
  await expect.poll(() => simTimeNs(page)).toBe(100e9);
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  // ← one step back (a replay from zero up to there), Home to the start.
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => simTimeNs(page)).toBe(99e9);
  await expect(bar).toHaveAttribute('aria-valuetext', '99.0 s of 100 s');
  await page.keyboard.press('Home');
  await expect.poll(() => simTimeNs(page)).toBe(0);

  // A drag to the middle and release: the run goes to about half way.
  const box = (await bar.boundingBox())!;
  await page.mouse.move(box.x + 4, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect.poll(() => simTimeNs(page)).toBeGreaterThan(40e9);
  expect(await simTimeNs(page)).toBeLessThan(60e9);
});
