import { expect, simTimeNs, test } from './fixtures';

const LAB = 'Link layer: IP packets through HARQ-II 5/7 on a bursty satellite link (paper 002 §3.5)';
const FIG5 = 'FEC 10/12 against HARQ-II 5/7: analysis beside simulation (paper 002 Fig. 5)';

test.describe('the link-layer lab (paper 002)', () => {
  test(
    'the lab plays: the head-of-line packet as a grid of 47 LLDUs, the ' +
      'charts with their closed forms, and another scheme from the parameters',
    async ({ page }) => {
      await page.goto('/');
      await page.getByLabel('Preset').selectOption({ label: LAB });
      await expect(page.getByTestId('scenario-name')).toHaveText(LAB);
      await expect(page.getByLabel('Speed (simulated seconds per second)')).toHaveValue('1');
      await expect.poll(() => simTimeNs(page)).toBeGreaterThan(3e9);
      await expect(page.getByTestId('link-status')).toContainText('HARQ-II 5/7, N_S 1, R 2:');
      await expect(page.getByTestId('link-status')).toContainText('of the link carries data (closed form 66.5 %)');
      // One cell per LLDU of a 1500-byte packet, and the last packet handed up beside it.
      await expect(page.getByTestId('lldu-grid-head').locator('.cell')).toHaveCount(47);
      await expect(page.getByTestId('lldu-grid-last').locator('.cells')).toHaveAttribute(
        'aria-label',
        /^Packet \d+: \d+ arrived at once/,
      );
      // The charts, each with its closed form dashed.
      for (const name of [
        'LLDUs erased & LLDUs sent again (retransmissions, repair rounds) chart',
        'Throughput efficiency chart',
        'LLDU recovery delay & IP packet delay chart',
      ]) {
        const chart = page.getByRole('img', { name });
        await expect(chart.locator('path.series-line').first()).toBeVisible();
      }
      await expect(
        page.getByRole('img', { name: 'Throughput efficiency chart' }).locator('line.theory-line').first(),
      ).toBeAttached();
      // The live text says what runs, with the engine's closed forms.
      await expect(page.getByTestId('live-text')).toContainText('47 LLDUs of 33 bytes, one every 112.8 µs');
      await page.screenshot({ path: 'reports/screenshots/link-lab.png' });

      // ARQ from the parameter panel: nothing is lost any more.
      await page.getByRole('button', { name: 'Parameters' }).click();
      const panel = page.getByRole('complementary', { name: 'Parameters' });
      await panel.getByLabel('Reliability').selectOption('arq');
      await panel.getByRole('button', { name: /Restart with/ }).click();
      await expect(page.getByTestId('link-status')).toContainText('SR-ARQ:');
      await expect(page.getByTestId('live-theory')).toContainText('no data lost');
    },
  );

  test('a channel trace loaded from a CSV file drives the run and the live text names it; a bad file is refused by its line', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByLabel('Preset').selectOption({ label: LAB });
    await expect.poll(() => simTimeNs(page)).toBeGreaterThan(0);
    await page.keyboard.press(' ');
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Parameters' }).click();
    const panel = page.getByRole('complementary', { name: 'Parameters' });
    const field = panel.locator('[data-path="link.channel_trace"]');
    const load = panel.getByLabel('Load Channel trace (CSV) from a file');

    // A damaged file: the engine names the field's line and range, and nothing restarts.
    await load.setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('t_s,erased\n0,0\n0.5,2\n'),
    });
    await expect(field.getByRole('alert')).toContainText('line 3: erased 2 is outside 0 to 1');
    await expect(panel.getByRole('button', { name: /Restart with/ })).toBeDisabled();

    // A synthetic trace: erased from 0.5 s to 0.6 s of every 1.4 s.
    const csv = '# synthetic\nt_s,erased\n0,0\n0.5,1\n0.6,0\n1,0\n';
    await load.setInputFiles({ name: 'fade.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(field.getByRole('alert')).toHaveCount(0);
    await panel.getByRole('button', { name: /Restart with/ }).click();
    await expect.poll(() => simTimeNs(page)).toBeGreaterThan(2e9);
    await expect(page.getByTestId('live-text')).toContainText('channel: trace, 4 samples, 1.4 s (looped)');
    await expect(page.getByTestId('live-text')).toContainText(/erasing 7\.1\d* % of the LLDUs/);
    await expect(page.getByTestId('live-theory')).toContainText("the trace's erasure rate and mean erasure run");
  });

  test('Fig. 5 as a sweep: efficiency and delay against β for FEC and HARQ-II, the closed forms dashed beside the points', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByLabel('Preset').selectOption({ label: FIG5 });
    await page.getByRole('button', { name: 'Sweep & compare' }).click();
    await expect(page.getByRole('checkbox', { name: 'FEC' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'HARQ-II' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'ARQ', exact: true })).not.toBeChecked();
    await expect(page.getByLabel('Sweep parameter')).toHaveValue('link.beta');
    await page.getByLabel('Duration per run').fill('20');
    // β = 1 is outside its range: refused before anything runs, naming the field.
    await page.getByLabel('Sweep values').fill('0.5, 1');
    await page.getByRole('button', { name: 'Run sweep' }).click();
    await expect(page.getByTestId('sweep-error')).toContainText('link.beta');
    await page.getByLabel('Sweep values').fill('0.5, 0.9, 0.98');
    await page.getByRole('button', { name: 'Run sweep' }).click();
    await expect(page.getByTestId('sweep-results')).toBeVisible();
    const eff = page.getByRole('img', { name: 'Throughput efficiency (Figs. 5-6, left) sweep chart' });
    await expect(eff).toHaveAttribute('data-points', '12'); // 3 values x 2 schemes, and the closed forms' points
    await expect(eff.locator('path.sweep-line.theory')).toHaveCount(2);
    await expect(
      page
        .getByRole('img', { name: 'Recovery delay (Figs. 5-6, right) sweep chart' })
        .locator('path.sweep-line.theory'),
    ).toHaveCount(2);
    await expect(page.getByTestId('sweep-command')).toHaveText(
      'skyqueue sweep scenario.json --param link.beta --values 0.5,0.9,0.98 --policies fec,harq --seeds 1 --format csv',
    );
    await page.screenshot({ path: 'reports/screenshots/link-fig5-sweep.png' });
  });
});

test('TCP over the link: the Distribution preset draws the window and goodput and fills the TCP table', async ({
  page,
}) => {
  await page.goto('/#p=link-tcp-distribution');
  await expect(page.getByTestId('scenario-name')).toContainText('CUBIC with ARQ in the Distribution scenario');
  // A 200 s run starts at 10x.
  await expect(page.getByLabel('Speed (simulated seconds per second)')).toHaveValue('10');
  await expect.poll(() => simTimeNs(page)).toBeGreaterThan(5e9);
  await expect(page.getByTestId('link-tcp')).toContainText('TCP (cubic) over the link');
  await expect(page.getByTestId('link-status')).toContainText('TCP (cubic) over SR-ARQ:');
  await expect
    .poll(async () => parseFloat((await page.getByTestId('link-tcp-goodput').textContent()) ?? '0'), {
      message: 'TCP goodput [kb/s]',
    })
    .toBeGreaterThan(100);
  for (const name of ['TCP congestion window chart', 'TCP goodput chart'])
    await expect(page.getByRole('img', { name }).locator('path.series-line').first()).toBeVisible();
  await expect(page.getByTestId('live-text')).toContainText(
    'One CUBIC sender (SACK, initial window 10) sends without end',
  );
  await page.screenshot({ path: 'reports/screenshots/link-tcp.png' });

  // The modelled physical layer, as docs/USING.md's presets table offers it (`link.phy_model`
  // `faded`): chosen in Parameters, said in the text.
  await page.getByRole('button', { name: 'Parameters' }).click();
  const panel = page.getByRole('complementary', { name: 'Parameters' });
  await panel.getByLabel('Physical layer').selectOption('faded');
  await panel.getByRole('button', { name: /Restart with/ }).click();
  await expect(page.getByTestId('live-text')).toContainText(
    'each LLDU decoded from the Rayleigh fade its codeword saw across the 36 ms interleaver',
  );
  await expect(page.getByTestId('live-theory')).toContainText(
    "Closed forms for the Gilbert-Elliott chain with this physical layer's erasure rate",
  );
  await expect.poll(() => simTimeNs(page)).toBeGreaterThan(2e9);
  await expect(page.getByTestId('link-status')).toContainText('TCP (cubic) over SR-ARQ:');
  await page.screenshot({ path: 'reports/screenshots/link-tcp-faded.png' });
});
