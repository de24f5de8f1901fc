import { expect, test } from './fixtures';

test('pin the M/M/1 run, open M/D/1: both curves on the charts, the theory dashed', async ({ page }) => {
  await page.goto('/#p=mm1-load-0.8');
  await expect(page.getByTestId('scenario-name')).toHaveText('M/M/1 queue at load 0.8');
  const wait = page.getByRole('img', { name: 'Waiting time chart' });
  await expect.poll(async () => Number(await wait.getAttribute('data-points'))).toBeGreaterThan(20);
  // The closed form is drawn as a dashed line once the summary has it.
  await expect(wait.locator('line.theory-line')).toHaveCount(1);
  await expect(wait.locator('.legend text', { hasText: 'M/M/1 theory, mean wait (dashed)' })).toHaveCount(1);

  await page.getByRole('button', { name: 'Pin this run' }).click();
  await expect(page.getByText('Pinned for comparison:')).toContainText('M/M/1 queue at load 0.8');
  await page.getByLabel('Preset').selectOption({ label: 'M/D/1 queue at load 0.8' });
  await expect(page.getByTestId('scenario-name')).toHaveText('M/D/1 queue at load 0.8');
  await expect(wait.locator('path.ghost-line')).toHaveCount(1);
  await expect(wait.locator('.legend text', { hasText: 'pinned: M/M/1 queue at load 0.8 (faint)' })).toHaveCount(1);
  await expect(wait.locator('.legend text', { hasText: 'M/D/1 theory, mean wait (dashed)' })).toHaveCount(1);
  await page.screenshot({ path: 'reports/screenshots/pinned.png' });

  await page.getByRole('button', { name: 'Unpin' }).click();
  await expect(wait.locator('path.ghost-line')).toHaveCount(0);
});
