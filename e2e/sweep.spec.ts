import { expect, test } from './fixtures';

test('a sweep runs on worker threads with progress, draws the paper curves, and compares two policies', async ({
  page,
}) => {
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
  await expect(results).toBeVisible();
  const throughput = page.getByRole('img', { name: 'Throughput (Fig. 3) sweep chart' });
  await expect(throughput).toHaveAttribute('data-points', '15'); // 3 values x 5 policies
  await expect(throughput.locator('path.sweep-line')).toHaveCount(5);
  await expect(page.getByTestId('sweep-table-ii')).toContainText('CoDeS');

  // Each policy its own marker and dash; a sentence says what the chart shows and what one seed means.
  await expect
    .poll(() =>
      throughput
        .locator('path.sweep-line:not(.theory)')
        .evaluateAll((ls) => new Set(ls.map((l) => l.getAttribute('data-symbol'))).size),
    )
    .toBe(5);
  const fig = page.getByRole('figure').filter({ has: throughput });
  await expect(fig.locator('.sweep-note').first()).toContainText(
    'against voip.flows: each point the mean of its runs, one curve per policy',
  );
  await expect(fig.locator('.sweep-note').first()).toContainText('One seed per point: no confidence bars');
  // Policies that give identical results are said to coincide: at the paper's buffer rule PF and
  // CoDeS run the same (docs/REPRODUCTION.md), which a reader would otherwise take for a missing curve.
  await expect(
    page.locator('.sweep-note', { hasText: /PF and CoDeS give the same value at every point/ }).first(),
  ).toBeVisible();
  // The exports: the CLI command, the CSV and a notebook that holds both.
  await expect(page.getByTestId('sweep-command')).toHaveText(
    'skyqueue sweep scenario.json --param voip.flows --values ' +
      '25,75,125 --policies dt-s,dt-h,rr,pf,codes --seeds 1 --format csv',
  );
  const [csvDl] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(csvDl.suggestedFilename()).toMatch(/^[a-z0-9-]+[a-z0-9]\.csv$/);
  const csv = (
    await csvDl.createReadStream().then(async (st) => {
      const chunks: Buffer[] = [];
      for await (const c of st) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    })
  )
    .trim()
    .split('\n');
  expect(csv[0]).toMatch(/^policy,seed,voip\.flows,/);
  expect(csv).toHaveLength(1 + 15);
  const [nbDl] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download notebook (.ipynb)' }).click(),
  ]);
  const nbText = await nbDl.createReadStream().then(async (st) => {
    const chunks: Buffer[] = [];
    for await (const c of st) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  });
  const nb = JSON.parse(nbText);
  expect(nb.nbformat).toBe(4);
  expect(nb.cells.map((c: { id: string }) => c.id)).toEqual(['about', 'scenario', 'data', 'plot']);
  expect(nbText).toContain('skyqueue sweep scenario.json --param voip.flows');

  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(page.getByTestId('compare-results')).toContainText('MOS');
  await expect(page.getByRole('img', { name: 'Latency: PF and CoDeS chart' })).toBeVisible();
  const [cmpDl] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download comparison notebook (.ipynb)' }).click(),
  ]);
  const cmp = JSON.parse(
    await cmpDl.createReadStream().then(async (st) => {
      const chunks: Buffer[] = [];
      for await (const c of st) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    }),
  );
  expect(cmp.cells.map((c: { id: string }) => c.id)).toEqual(['about', 'results', 'table', 'series']);
});

test('a link reopens a sweep and reruns it to the same curves; closing the panel takes the sweep out of the link', async ({
  page,
  context,
}) => {
  await page.goto('/#p=pss-b2-unknown-ef');
  await expect(page.getByTestId('scenario-name')).toContainText('PSS keeps AF steady');
  await page.getByRole('button', { name: 'Sweep & compare' }).click();
  await page.getByLabel('Duration per run').fill('10');
  await page.getByLabel('Sweep values').fill('0.3, 0.7');
  await page.getByLabel('Seeds').fill('2');
  await page.getByRole('button', { name: 'Run sweep' }).click();
  await expect(page.getByTestId('sweep-results')).toBeVisible();
  const link = page.getByLabel('Link to this sweep');
  await expect(link).toHaveValue(/&w=/);
  const url = await link.inputValue();
  const af = page.getByRole('img', { name: /^AF output rate .* sweep chart$/ });
  const curve = await af
    .locator('path.sweep-line:not(.theory)')
    .evaluateAll((ls) => ls.map((l) => l.getAttribute('d')));

  // A fresh tab: the sweep panel opens with the same settings and draws the same curves.
  const other = await context.newPage();
  await other.goto(url);
  await expect(other.getByTestId('sweep-results')).toBeVisible();
  await expect(other.getByLabel('Sweep values')).toHaveValue('0.3, 0.7');
  await expect(other.getByLabel('Seeds')).toHaveValue('2');
  await expect(other.getByLabel('Duration per run')).toHaveValue('10');
  const otherAf = other.getByRole('img', { name: /^AF output rate .* sweep chart$/ });
  expect(
    await otherAf.locator('path.sweep-line:not(.theory)').evaluateAll((ls) => ls.map((l) => l.getAttribute('d'))),
  ).toEqual(curve);
  await other.getByRole('button', { name: 'Close' }).first().click();
  await expect.poll(() => new URL(other.url()).hash).not.toMatch(/&w=/);
  await expect(other.getByTestId('scenario-name')).toContainText('PSS keeps AF steady');

  // A sweep part naming a parameter the model does not sweep: said, and the scenario still opens.
  const bad = Buffer.from(
    JSON.stringify({ param: 'voip.flows', values: [1], policies: ['pss'], seeds: 1, duration_s: 5 }),
  ).toString('base64url');
  await other.goto(`/#p=pss-b2-unknown-ef&w=${bad}`);
  await expect(other.getByTestId('sweep-error')).toContainText(
    "sweep.param: `voip.flows` is not one of this model's sweep parameters",
  );

  // A large sweep from a link says its size and waits for Run sweep instead of taking every core.
  const large = Buffer.from(
    JSON.stringify({
      param: 'diffserv.k_af',
      values: Array.from({ length: 100 }, (_, i) => (i + 1) / 100),
      policies: ['pss'],
      seeds: 10,
      duration_s: 170000,
    }),
  ).toString('base64url');
  await other.goto(`/#p=pss-b2-unknown-ef&w=${large}`);
  await expect(other.getByTestId('sweep-linked-size')).toHaveText(
    'This link asks for a sweep of 1,000 runs (100 values × 1 policy × 10 seeds, 170,000 s each: ' +
      '170,000,000 s of simulated time in all), which could keep every core busy for long. ' +
      'It starts only when you press Run sweep.',
  );
  await expect(other.getByLabel('Seeds')).toHaveValue('10');
  await expect(other.getByTestId('sweep-progress')).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Run sweep' })).toBeVisible();
});
