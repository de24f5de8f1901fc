import type { Page } from '@playwright/test';
import { expect, simTimeNs, test } from './fixtures';

const SEAM_9KB = 'TCP over Iridium: a 9 kB file as the seam arrives (paper 004 Figs. 7-8)';
const LEAVES_15MB = 'TCP over Iridium: 15 MB while the seam moves away (paper 004 Table 4, Figs. 7-8)';

/** Data and ACK packets the globe draws now (its `data-packets` attribute, "data,acks"). */
async function packets(page: Page): Promise<[number, number]> {
  const v = (await page.getByTestId('globe').getAttribute('data-packets')) ?? '0,0';
  const [d, a] = v.split(',').map(Number);
  return [d, a];
}

test.describe('TCP over Iridium', () => {
  test('a 15 MB transfer draws its data and ACKs on the globe, and its window and throughput beside the handovers', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByLabel('Preset').selectOption({ label: LEAVES_15MB });
    await expect(page.getByTestId('scenario-name')).toHaveText(LEAVES_15MB);
    await expect(page.getByTestId('globe')).toHaveAttribute('data-satellites', '66');
    await expect(page.getByTestId('transfer-status')).toContainText('15 MB from Hawaii gateway to Los Angeles');
    // A large file starts at 1x; 10x brings the start (18 s) and the seam's departure (58 s) soon.
    await expect(page.getByLabel('Speed (simulated seconds per second)')).toHaveValue('1');
    await page.getByLabel('Speed (simulated seconds per second)').selectOption('10');
    await expect
      .poll(async () => (await packets(page))[0], { message: 'data packets on the globe' })
      .toBeGreaterThan(5);
    await expect.poll(async () => (await packets(page))[1], { message: 'ACKs on the globe' }).toBeGreaterThan(5);
    // Packets read from the back of a room in presenter mode: 16 px across, outline included
    // (10 px otherwise), resized at the run's next step.
    const globe = page.getByTestId('globe');
    await expect(globe).toHaveAttribute('data-packet-px', '10');
    await page.getByRole('button', { name: 'Presenter', exact: true }).click();
    await expect(globe).toHaveAttribute('data-packet-px', '16');
    await page.getByRole('button', { name: 'Presenter', exact: true }).click();
    await expect(globe).toHaveAttribute('data-packet-px', '10');
    await expect(page.getByTestId('transfer-status')).toContainText('delivered so far');

    // On past the seam's departure (60 s) by a seek to the run's end (End on the progress bar:
    // the run goes there at once and pauses) rather than a minute of a 10x run.
    await page.getByRole('slider', { name: /Position in the run/ }).focus();
    await page.keyboard.press('End');
    await expect.poll(() => simTimeNs(page)).toBeGreaterThan(62e9);
    // The handover as the seam moves on (inter-orbital, 60 s) is marked on the delay chart and on the window and throughput charts.
    for (const name of [
      'Route one-way delay & RTT samples chart',
      'Congestion window chart',
      'Receive throughput chart',
    ]) {
      const chart = page.getByRole('img', { name });
      await expect(chart.locator('path.series-line').first()).toBeVisible();
      await expect
        .poll(async () => chart.locator('line.marker[data-kind="inter-orbital"]').count(), { message: name })
        .toBeGreaterThan(0);
    }
    await expect
      .poll(async () => Number(await page.getByTestId('transfer-reordered').textContent()), {
        message: 'ACKs overtaken on the shorter route',
      })
      .toBeGreaterThan(0);
    // ns-2's handoff (the preset's): the gateway's up-link queue for the satellite it left is lost.
    await expect(page.getByTestId('transfer-handoff')).toContainText(
      /^[1-9]\d* packets at 1 handover \(ns-2's handoff/,
    );
    await page.screenshot({ path: 'reports/screenshots/tcp-15mb.png' });
  });

  test('a 9 kB file starts slowly enough to watch, and its ACKs come back over the pole', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Preset').selectOption({ label: SEAM_9KB });
    await expect(page.getByTestId('scenario-name')).toHaveText(SEAM_9KB);
    // A small file starts at 0.1x.
    await expect(page.getByLabel('Speed (simulated seconds per second)')).toHaveValue('0.1');
    // (Following the action, the run reaches the packets within a second: look before, paused.)
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByTestId('transfer-status')).toContainText(
      '9 kB from Atlantic ship to London: starts at 1.96 s',
    );
    await page.getByLabel('Speed (simulated seconds per second)').selectOption('max');
    await page.getByRole('button', { name: 'Play' }).click();
    // 191 ms: ns-2's handoff forwards two packets on the new route from where they are; they
    // arrive behind later ones and are sent again.
    await expect(page.getByTestId('transfer-status')).toContainText(/delivered in 19\d\.\d ms/);
    // The ACKs' routes: 1 ISL hop before the seam, 8 after (paper 004 Fig. 8).
    const hops = page.getByRole('img', { name: "Route ISL hops & ISL hops of the ACKs' routes chart" });
    await expect(hops.locator('path.series-line').first()).toBeVisible();
    await expect(page.getByTestId('event-log').locator('li[data-kind="seam-enter"]').first()).toBeVisible();
  });

  test('a sweep over receiving sites draws one point per site, named on its axis, and the CLI command quotes them', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByLabel('Preset').selectOption({ label: SEAM_9KB });
    await page.getByRole('button', { name: 'Sweep & compare' }).click();
    // CUBIC and NewReno ticked, Westwood+, Hybla and Compound offered beside them (docs/USING.md,
    // Sweep & compare: the TCP sweep's policies).
    await expect(page.getByRole('checkbox', { name: 'Westwood+' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Hybla' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Compound' })).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'CUBIC' })).toBeChecked();
    await page.getByLabel('Sweep parameter').selectOption('transfer.to');
    await expect(page.getByLabel('Sweep values')).toHaveValue('Los Angeles, New Delhi, London, Tokyo');
    // A site the engine does not know is refused before anything runs, naming the field.
    await page.getByLabel('Sweep values').fill('London, Atlantis');
    await page.getByRole('button', { name: 'Run sweep' }).click();
    await expect(page.getByTestId('sweep-error')).toContainText('transfer.to');
    await page.getByLabel('Sweep values').fill('London, Toulouse, Los Angeles');
    await page.getByRole('button', { name: 'Run sweep' }).click();
    await expect(page.getByTestId('sweep-results')).toBeVisible();
    const chart = page.getByRole('img', { name: 'Transfer time (Tables 4-5) sweep chart' });
    await expect(chart).toHaveAttribute('data-points', '6'); // 3 sites x CUBIC and NewReno
    await expect(chart.locator('.axis-x .tick text')).toHaveText(['London', 'Toulouse', 'Los Angeles']);
    // Categories: markers, no line joining one site to the next.
    await expect(chart.locator('path.sweep-point')).toHaveCount(6);
    await expect(chart.locator('path.sweep-line').first()).toHaveAttribute('d', '');
    await expect(page.getByTestId('sweep-command')).toContainText(
      '--param transfer.to --values "London,Toulouse,Los Angeles"',
    );
  });
});
