import { expect, simTimeNs, test } from './fixtures';

test.describe('voice over DCCP (paper 003)', () => {
  test('the Speex/DTX preset plays: the allowed rate beside the application, losses by cause, the panel in words', async ({
    page,
  }) => {
    await page.goto('/#p=dccp-speex-dtx');
    await expect(page.getByTestId('scenario-name')).toContainText('Speex with silence suppression over DCCP CCID4');
    // A ten-minute call starts at 10x.
    await expect(page.getByLabel('Speed (simulated seconds per second)')).toHaveValue('10');
    await expect.poll(() => simTimeNs(page)).toBeGreaterThan(30e9);
    await expect(page.getByTestId('dccp-status')).toContainText('One Speex call with silence suppression over CCID4:');
    await expect(page.getByTestId('dccp-status')).toContainText('between application and transport');
    await expect
      .poll(async () => parseFloat((await page.getByTestId('dccp-loss').textContent()) ?? '0'), { message: 'loss %' })
      .toBeGreaterThan(1);
    for (const name of [
      "Application's rate & Rate TFRC allows (X) & Delivered chart",
      'Lost between application and transport & Lost on the link & Too late for the playout buffer chart',
    ]) {
      await expect(page.getByRole('img', { name }).locator('path.series-line').first()).toBeVisible();
    }
    await expect(page.getByTestId('live-text')).toContainText(
      'TFRC sends one packet per second until the first report',
    );
    await expect(page.getByTestId('live-theory')).toContainText(
      'Paper 003 Table II (Speex with DTX): 17.3 % lost with CCID4',
    );
    await page.screenshot({ path: 'reports/screenshots/dccp-speex-dtx.png' });

    // UDP from the parameter panel: nothing is lost before the network.
    await page.getByRole('button', { name: 'Parameters' }).click();
    const panel = page.getByRole('complementary', { name: 'Parameters' });
    await panel.getByLabel('Transport', { exact: true }).selectOption('udp');
    await panel.getByRole('button', { name: /Restart with/ }).click();
    await expect(page.getByTestId('dccp-status')).toContainText('over UDP');
    await expect(page.getByTestId('live-text')).toContainText('UDP hands every packet to the link at once');
  });

  test('the Speex/DTX charts offer a close-up of the last 30 s: each talk spurt, not a comb over ten minutes', async ({
    page,
  }) => {
    await page.goto('/#p=dccp-speex-dtx');
    await expect.poll(() => simTimeNs(page)).toBeGreaterThan(60e9);
    await page.getByRole('button', { name: 'Pause' }).click();
    const title = 'Lost between application and transport & Lost on the link & Too late for the playout buffer';
    const chart = page.getByRole('figure', { name: title });
    const ticks = async () =>
      (await chart.locator('.axis-x .tick text').allTextContents()).map((x) => Number(x.replace(/,/g, '')));
    // The whole run first: the axis spans the ten minutes.
    expect(Math.max(...(await ticks()))).toBeGreaterThanOrEqual(500);
    const zoom = chart.getByRole('button', { name: 'zoom: last 30 s' });
    await expect(zoom).toHaveAttribute('aria-pressed', 'false');
    await zoom.click();
    await expect(chart.getByRole('button', { name: 'show the whole run' })).toHaveAttribute('aria-pressed', 'true');
    const now = (await simTimeNs(page)) / 1e9;
    const t = await ticks();
    expect(Math.min(...t)).toBeGreaterThanOrEqual(now - 31);
    expect(Math.max(...t)).toBeLessThanOrEqual(now + 1);
    // Every sample of those 30 s, 0.5 s apart: about sixty points on the line.
    const d = (await chart.locator('path.series-line').first().getAttribute('d')) ?? '';
    expect(d.split(/[ML]/).length - 1).toBeGreaterThan(50);
    expect(d.split(/[ML]/).length - 1).toBeLessThan(70);
    // Back to the whole run.
    await chart.getByRole('button', { name: 'show the whole run' }).click();
    expect(Math.max(...(await ticks()))).toBeGreaterThanOrEqual(500);
  });

  test('the transports compared on the same calls: CCID4 loses most, UDP least, and the command for the CLI', async ({
    page,
  }) => {
    await page.goto('/#p=dccp-g711');
    await page.getByRole('button', { name: 'Sweep & compare' }).click();
    for (const name of ['CCID4', 'CCID4-N', 'CCID4-SCA', 'UDP'])
      await expect(page.getByRole('checkbox', { name, exact: true })).toBeChecked();
    await page.getByLabel('Sweep parameter').selectOption('dccp.rtt_ms');
    await page.getByLabel('Sweep values').fill('1000');
    await page.getByLabel('Duration per run').fill('120');
    await page.getByRole('button', { name: 'Run sweep' }).click();
    await expect(page.getByTestId('sweep-results')).toBeVisible();
    const loss = page.getByRole('img', { name: 'Packets lost, every cause (Tables II, IV) sweep chart' });
    await expect(loss).toHaveAttribute('data-points', '4');
    await expect(page.getByTestId('sweep-command')).toHaveText(
      'skyqueue sweep scenario.json --param dccp.rtt_ms --values 1000 ' +
        '--policies ccid4,ccid4-n,ccid4-sca,udp --seeds 1 --format csv',
    );
    await page.screenshot({ path: 'reports/screenshots/dccp-sweep.png' });
    // Too large for a tab: the same sweep as a cluster job, shards and merge (docs/SCALING.md).
    await page.getByRole('button', { name: 'Copy as a cluster job' }).click();
    await expect(page.getByTestId('cluster-job')).toContainText(
      'bash deploy/slurm/submit.sh 4 scenario.json dccp.rtt_ms 1000 ccid4,ccid4-n,ccid4-sca,udp 1',
    );
    await expect(page.getByTestId('cluster-job')).toContainText('--shard I/4 --out parts/part-I.json');
    await expect(page.getByTestId('cluster-job')).toContainText('skyqueue merge parts/part-*.json --out results.json');
    // The scenario the commands name, downloadable right there, with the panel's duration.
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('.cluster-job').getByRole('button', { name: 'Download scenario.json' }).click(),
    ]);
    expect(file.suggestedFilename()).toBe('scenario.json');
  });

  test("Table VI: the 12-call flow beside TCP, with Jain's index in the panel", async ({ page }) => {
    await page.goto('/#p=dccp-g711-12calls-tcp');
    await expect.poll(() => simTimeNs(page)).toBeGreaterThan(20e9);
    await expect(page.getByTestId('dccp-jain')).toContainText('kb/s');
    await expect(page.getByTestId('live-text')).toContainText('shared with 1 NewReno download');
    await expect(
      page
        .getByRole('img', { name: /TCP goodput.* chart/ })
        .locator('path.series-line')
        .first(),
    ).toBeVisible();
  });
});
