import { expect, test } from './fixtures';

test('the B3 preset shows the AF credit with L_M, L_R and the shaded priority, the varying link, and the summary', async ({
  page,
}) => {
  await page.goto('/');
  await page
    .getByLabel('Preset')
    .selectOption({ label: 'PSS on a varying satellite link, with credit memory (paper 001, B3 / Figs. 7-10)' });
  await page.getByLabel('Speed (simulated seconds per second)').selectOption('max');
  await expect(page.getByTestId('events')).toContainText('finished', { timeout: 90_000 });

  const credit = page.getByRole('img', { name: 'AF credit & L_M & L_R chart' });
  await expect(credit.locator('path.series-line')).toHaveCount(3);
  // The priority state is shaded where AF was at high priority.
  expect(await credit.locator('.band[data-series="af_high"] rect').count()).toBeGreaterThan(0);
  await expect(page.getByRole('img', { name: 'link capacity C(t) & EF offered EF(t) chart' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'EF queue & AF queue & CS0 queue chart' })).toBeVisible();

  // The credit chart opens as a close-up (every sample of the last 5 s, bucket 50 ms: about 100
  // rows), so the sawtooth is not averaged away; the other charts show the whole run.
  const figure = page.getByRole('figure', { name: 'AF credit & L_M & L_R' });
  await expect(figure.getByRole('button', { name: 'show the whole run' })).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page
      .getByRole('figure', { name: 'EF queue & AF queue & CS0 queue' })
      .getByRole('button', { name: 'zoom: last 5 s' }),
  ).toHaveAttribute('aria-pressed', 'false');
  const close = Number(await credit.getAttribute('data-points'));
  expect(close).toBeGreaterThan(90);
  await expect(credit.locator('.axis-x')).toContainText('96');
  await figure.getByRole('button', { name: 'show the whole run' }).click();
  await expect(figure.getByRole('button', { name: 'zoom: last 5 s' })).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => Number(await credit.getAttribute('data-points'))).toBeGreaterThan(close);

  // The summary: AF's target BW C_avg and per-flow goodputs.
  await expect(page.getByTestId('af-target')).toContainText('4.21 Mb/s');
  await expect(page.getByTestId('af-goodputs')).toContainText('10 flows');
  await page.screenshot({ path: 'reports/screenshots/pss-b3.png' });
});

test('a K_AF sweep draws PSS and DWRR with the theory of eqs. 1 and 7 (paper 001 Figs. 5-6)', async ({ page }) => {
  await page.goto('/');
  await page
    .getByLabel('Preset')
    .selectOption({ label: 'PSS keeps AF steady when EF differs from expected (paper 001, B2 / Fig. 6)' });
  await page.getByRole('button', { name: 'Sweep & compare' }).click();
  await page.getByLabel('Duration per run').fill('30');
  await page.getByLabel('Sweep values').fill('0.3, 1.2');
  await page.getByRole('button', { name: 'Run sweep' }).click();
  await expect(page.getByTestId('sweep-error')).toContainText('diffserv.k_af: 1.2 is above the maximum 0.98');

  await page.getByLabel('Sweep values').fill('0.3, 0.7');
  await page.getByRole('button', { name: 'Run sweep' }).click();
  await expect(page.getByTestId('sweep-results')).toBeVisible();
  const af = page.getByRole('img', { name: 'AF output rate (Figs. 5(a), 6(a)) sweep chart' });
  await expect(af).toHaveAttribute('data-points', '8'); // 2 values x (PSS, DWRR) x (measured, theory)
  await expect(af.locator('path.sweep-line.theory')).toHaveCount(2); // the theory lines, dashed
  await expect(af.locator('.legend')).toContainText('eq. 7 (PSS)');
  await expect(af.locator('.legend')).toContainText('eq. 1 (WRR)');

  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(page.getByTestId('compare-results')).toContainText('AF theory eq. 7');
  await expect(page.getByRole('img', { name: 'AF rate: PSS and DWRR chart' })).toBeVisible();
  await page.screenshot({ path: 'reports/screenshots/pss-sweep.png', fullPage: true });
});
