import { distinctColours, expect, frames, setEditorText, simTimeNs, test } from './fixtures';

test.describe('SkyQueue app', () => {
  test('loads with a rendered offline globe and a live chart fed by the engine', async ({ page, watch }) => {
    // The globe (shown by models with geography): Cesium's canvas really rendered, tiles from our
    // own origin.
    await page.goto('/#p=iridium-ship-london');
    const globe = page.getByTestId('globe');
    await expect(globe).toHaveAttribute('data-rendered', 'true');
    // Headless chromium renders WebGL in software (SwiftShader): the globe is drawn light (half the
    // resolution, no multisampling or atmosphere; web/src/globe/globeDetail.ts), and still looks
    // like a globe.
    await expect(globe).toHaveAttribute('data-detail', 'light');
    await expect(globe).toHaveAttribute('data-tiles-loaded', 'true');
    // Paused (Space) for the picture: a screenshot waits for a still page, and the running globe
    // redraws it for many seconds.
    await page.keyboard.press(' ');
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    const { colours, nonBlack } = await distinctColours(page, '[data-testid="globe"] canvas');
    expect(colours, 'distinct colours on the globe').toBeGreaterThan(40);
    expect(nonBlack, 'fraction of non-black pixels').toBeGreaterThan(0.2);

    await page.goto('/#p=mm1-load-0.8');
    await expect(page.getByTestId('scenario-name')).toHaveText('M/M/1 queue at load 0.8');

    // The charts: rows streamed from the engine in the worker, drawn as lines.
    const chart = page.getByRole('img', { name: 'Waiting time chart' });
    await expect
      .poll(async () => Number(await chart.getAttribute('data-points')), { message: 'chart rows' })
      .toBeGreaterThan(10);
    const first = Number(await chart.getAttribute('data-last-t'));
    await expect
      .poll(async () => Number(await chart.getAttribute('data-last-t')), { message: 'chart moves' })
      .toBeGreaterThan(first);
    const d = await chart.locator('path.series-line').first().getAttribute('d');
    expect(d?.length ?? 0).toBeGreaterThan(50);
    // Axes carry units.
    await expect(chart.locator('.axis-label', { hasText: '[ms]' })).toHaveCount(1);
    await expect(page.getByRole('img', { name: 'Packets waiting chart' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Throughput & Drops (overflow) chart' })).toBeVisible();

    // The summary comes from the engine too and names the closed form.
    await expect(page.getByTestId('summary')).toContainText('M/M/1 closed form');
    await expect(page.getByTestId('summary')).toContainText('4.000 ms');

    // Hover read-out.
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
    await expect(chart.locator('.hover-readout')).toContainText('Waiting time:');

    await page.screenshot({ path: 'reports/screenshots/app.png' });
    expect(watch.external).toEqual([]);
  });

  test('pause stops the simulated clock, play resumes it, step advances one second', async ({ page }) => {
    await page.goto('/');
    await expect.poll(() => simTimeNs(page)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
    const paused = await simTimeNs(page);
    // Thirty frames in which a running clock would have moved (the playback loop ticks on frames).
    await frames(page, 30);
    expect(await simTimeNs(page), 'clock while paused').toBe(paused);

    await page.getByRole('button', { name: 'Step' }).click();
    await expect.poll(() => simTimeNs(page)).toBe(paused + 1e9);

    await page.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => simTimeNs(page), { message: 'clock after play' }).toBeGreaterThan(paused + 1e9);

    // Speed: as fast as possible runs to the end; the run then stops by itself.
    await page.getByLabel('Speed (simulated seconds per second)').selectOption('max');
    await expect(page.getByTestId('events')).toContainText('finished');
    expect(await simTimeNs(page)).toBe(100e9);
    await expect(page.getByRole('button', { name: 'Play' })).toBeDisabled();

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => simTimeNs(page)).toBe(0);
  });

  test('an invalid scenario shows every bad field and the app keeps running', async ({ page }) => {
    await page.goto('/');
    await expect.poll(() => simTimeNs(page)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Edit scenario' }).click();
    await setEditorText(page, JSON.stringify({ version: 1, traffic: { flows: 0 }, queue: { service_rate_pps: -5 } }));
    await page.getByRole('button', { name: 'Run this scenario' }).click();
    const banner = page.getByTestId('error-banner');
    await expect(banner).toContainText('traffic.flows: 0 is below the minimum 1 (allowed: 1 to 10000)');
    await expect(banner).toContainText('queue.service_rate_pps: -5 must be greater than 0');
    // The previous run is intact and still advancing.
    await expect(page.getByTestId('scenario-name')).toHaveText('M/M/1 queue at load 0.8');
    const t = await simTimeNs(page);
    await expect.poll(() => simTimeNs(page)).toBeGreaterThan(t);

    // A JSON syntax error is reported with its position.
    await setEditorText(page, '{ "version": 1, ');
    await page.getByRole('button', { name: 'Run this scenario' }).click();
    await expect(banner).toContainText('invalid JSON');
    await expect(banner).toContainText('line 1');

    // A valid edit replaces the run and clears the error.
    await setEditorText(page, JSON.stringify({ version: 1, name: 'Edited run', duration_s: 20 }));
    await page.getByRole('button', { name: 'Run this scenario' }).click();
    await expect(page.getByTestId('scenario-name')).toHaveText('Edited run');
    await expect(banner).toHaveCount(0);
  });

  test('every preset loads and runs', async ({ page }) => {
    await page.goto('/');
    const select = page.getByLabel('Preset');
    const options = await select.locator('option').allTextContents();
    expect(options.length).toBeGreaterThanOrEqual(3);
    for (const name of options) {
      await select.selectOption({ label: name });
      await expect(page.getByTestId('scenario-name')).toHaveText(name);
      await expect.poll(() => simTimeNs(page)).toBeGreaterThan(0);
    }
  });
});

test('the VoIP-over-LEO preset runs to the end with its quality summary and HARQ table', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Preset').selectOption({ label: 'VoIP over LEO: CoDeS on a fading LMS last hop (paper 000)' });
  await expect(page.getByTestId('events')).toContainText('finished');
  await expect(page.getByTestId('mos')).toHaveText(/^\d+\.\d \/ \d\.\d\d$/);
  await expect(page.getByTestId('harq-table')).toContainText('Table II');
  // The globe shows paper 000's constellation and the path from the server to the users.
  await expect(page.getByTestId('globe')).toHaveAttribute('data-satellites', '66');
  await expect
    .poll(async () => (await page.getByTestId('globe').getAttribute('data-route-hops')) ?? '')
    .toMatch(/^\d+$/);
  await expect(page.getByRole('img', { name: 'SNR receiver 0 & SNR receiver 1 & SNR receiver 2 chart' })).toBeVisible();
  const chart = page.getByRole('img', { name: 'One-way latency & Jitter (RFC 3550) chart' });
  expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(100);
});
