import { expect, test } from './fixtures';

test('a sweep runs on worker threads with progress, draws the paper curves, and compares two policies', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Preset').selectOption({ label: 'VoIP over LEO: CoDeS on a fading LMS last hop (paper 000)' });
  await page.getByRole('button', { name: 'Sweep & compare' }).click();
  await page.getByLabel('Duration per run').fill('5');

  // An invalid value is refused before anything runs, naming the field.
  await page.getByLabel('Sweep values').fill('25, 0');
  await page.getByRole('button', { name: 'Run sweep' }).click();
  await expect(page.getByTestId('sweep-error')).toContainText('voip.flows: 0 is below the minimum 1');

  await page.getByLabel('Sweep values').fill('25, 75, 125');
  await page.getByRole('button', { name: 'Run sweep' }).click();
  const results = page.getByTestId('sweep-results');
  await expect(results).toBeVisible({ timeout: 60_000 });
  const throughput = page.getByRole('img', { name: 'Throughput (Fig. 3) sweep chart' });
  await expect(throughput).toHaveAttribute('data-points', '15'); // 3 values x 5 policies
  await expect(throughput.locator('path.sweep-line')).toHaveCount(5);
  await expect(page.getByTestId('sweep-table-ii')).toContainText('CoDeS');

  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(page.getByTestId('compare-results')).toContainText('MOS', { timeout: 60_000 });
  await expect(page.getByRole('img', { name: 'Latency: PF and CoDeS chart' })).toBeVisible();
});
