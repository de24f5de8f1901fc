import { expect, simTimeNs, test } from './fixtures';

const IRIDIUM = 'Iridium: Atlantic ship to London (paper 004, Fig. 4)';

test.describe('Iridium constellation', () => {
  test('draws 66 satellites, the seam, ISLs and a route, and logs handovers in a fast run', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Preset').selectOption({ label: IRIDIUM });
    await expect(page.getByTestId('scenario-name')).toHaveText(IRIDIUM);
    const globe = page.getByTestId('globe');
    await expect(globe).toHaveAttribute('data-satellites', '66');
    await expect(globe).toHaveAttribute('data-placed', '66');
    await expect.poll(async () => (await globe.getAttribute('data-route-hops')) ?? '', { message: 'route drawn' }).toMatch(/^\d+$/);

    // Fast-forward: a handover must appear in the log and as a marker on the delay chart.
    await page.getByLabel('Speed (simulated seconds per second)').selectOption('1000');
    const log = page.getByTestId('event-log');
    await expect(log.locator('li[data-kind="intra-orbital"]').first()).toBeVisible({ timeout: 60_000 });
    const delay = page.getByRole('img', { name: 'One-way delay chart' });
    await expect.poll(async () => delay.locator('line.marker[data-kind="intra-orbital"]').count()).toBeGreaterThan(0);
    await expect(delay.locator('.axis-label', { hasText: '[ms]' })).toHaveCount(1);
    await expect(page.getByTestId('pair-summary')).toContainText('one-way delay');
    await page.screenshot({ path: 'reports/screenshots/iridium.png' });
  });

  test('changing a ground site reloads the pair; an unknown site is refused and the run goes on', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Preset').selectOption({ label: IRIDIUM });
    await page.getByLabel('From site').selectOption('Los Angeles');
    await page.getByLabel('To site').selectOption('Hawaii gateway');
    await expect(page.getByLabel('From site')).toHaveValue('Los Angeles');
    await expect(page.getByLabel('To site')).toHaveValue('Hawaii gateway');
    await expect.poll(() => simTimeNs(page)).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Edit scenario' }).click();
    await page.getByLabel('Scenario JSON').fill(
      JSON.stringify({ version: 1, model: 'constellation', constellation: { planes: 0, altitude_km: 50, from: 'Atlantis' } }),
    );
    await page.getByRole('button', { name: 'Run this scenario' }).click();
    const banner = page.getByTestId('error-banner');
    await expect(banner).toContainText('constellation.planes: 0 is below the minimum 1');
    await expect(banner).toContainText('constellation.altitude_km: 50 is below the minimum 100');
    await expect(banner).toContainText('constellation.from: unknown site `Atlantis`');
    const t = await simTimeNs(page);
    await expect.poll(() => simTimeNs(page), { message: 'previous run keeps going' }).toBeGreaterThan(t);
    await expect(page.getByTestId('globe')).toHaveAttribute('data-satellites', '66');
  });
});
