import { readFileSync } from 'node:fs';
import { expect, simTimeNs, test } from './fixtures';

const SEAM_9KB = 'TCP over Iridium: a 9 kB file as the seam arrives (paper 004 Figs. 7-8)';
const LEAVES_15MB = 'TCP over Iridium: 15 MB while the seam moves away (paper 004 Table 4, Figs. 7-8)';

test.describe('Inside the wire', () => {
  test('the 9 kB transfer stepped event by event, its sequence diagram, a packet story and the trace export', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/');
    await page.getByLabel('Preset').selectOption({ label: SEAM_9KB });
    await expect(page.getByTestId('scenario-name')).toHaveText(SEAM_9KB);
    const wire = page.getByRole('region', { name: 'Inside the wire' });
    await expect(wire).toBeVisible();
    // The preset plays at once, following the action to just before the first packet: start
    // again from zero, paused.
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
    const event = page.getByTestId('wire-event');
    // The first packet event is the ship's first send, at 1.96 s: the clock goes there.
    await wire.getByRole('button', { name: 'Next event ▶' }).click();
    await expect(event).toHaveText(
      'Event #0 at t = 1.960000 s: Atlantic ship sends segment 0 (packet #0) on a route over 1 inter-satellite link.',
    );
    expect(await simTimeNs(page)).toBe(1.96e9);
    // One event per press: the next is that packet leaving for its first satellite.
    await wire.getByRole('button', { name: 'Next event ▶' }).click();
    await expect(event).toContainText('Event #1 at t = 1.960000 s: Segment 0 (packet #0) leaves Atlantic ship for P');
    for (let i = 0; i < 9; i++) await wire.getByRole('button', { name: 'Next event ▶' }).click();
    await expect(event).toHaveAttribute('data-n', '10');
    // The 11th: the nine segments are sent at once; the second leaves after waiting behind the
    // first at the ship's one transmitter.
    await expect(event).toContainText('Segment 1 (packet #1) leaves Atlantic ship for P5-S7 after waiting 5.632 ms');
    expect(await simTimeNs(page)).toBe(1.965632e9);
    // Previous event replays the run to the event before: the ninth send, at the start.
    await wire.getByRole('button', { name: '◀ Previous event' }).click();
    await expect(event).toHaveAttribute('data-n', '9');
    await expect(event).toContainText('Atlantic ship sends segment 8');
    expect(await simTimeNs(page)).toBe(1.96e9);
    // The diagram: sender and receiver, data and ACKs, the ACKs' 1-hop and 8-hop routes.
    await page.getByRole('button', { name: 'Play' }).click();
    await page.getByLabel('Speed (simulated seconds per second)').selectOption('10');
    await expect.poll(() => simTimeNs(page)).toBeGreaterThan(2.4e9);
    const diagram = page.getByTestId('sequence-diagram');
    // Nine segments and two copies (packets rerouted hop by hop at the switch arrive late and are
    // sent again), each acknowledged.
    await expect(diagram.locator('.seq-arrow[data-ack="false"]')).toHaveCount(11);
    await expect(diagram.locator('.seq-arrow[data-ack="true"]')).toHaveCount(11);
    await expect(diagram.locator('.seq-arrow[data-ack="true"][data-hops="1"]').first()).toBeVisible();
    await expect(diagram.locator('.seq-arrow[data-ack="true"][data-hops="8"]').first()).toBeVisible();
    // (The run plays on to its end, 12 s.) A click on an ACK over the pole: its story, and the run goes to that moment.
    await diagram.locator('.seq-arrow[data-ack="true"][data-hops="8"]').last().locator('line.seq-hit').click();
    const story = page.getByTestId('packet-story');
    await expect(story.getByRole('heading')).toContainText('The ACK asking for segment 9');
    await expect(story).toContainText('over 8 inter-satellite links');
    await expect(story.locator('.story-fate')).toContainText('Arrived at Atlantic ship');
    await page.screenshot({ path: 'reports/screenshots/wire-9kb.png' });
    // The packets on the globe after the seek: the ACK is on its way.
    await expect
      .poll(async () => (await page.getByTestId('globe').getAttribute('data-packets')) ?? '0,0')
      .not.toBe('0,0');
    // The trace exports with the CLI's columns.
    const download = page.waitForEvent('download');
    await wire.getByRole('button', { name: 'Save the packet trace as CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv.split('\n')[0]).toBe('n,t_s,kind,packet,ack,flow,seq,node,next,waited_ms,queue_ahead,route_hops,reason');
    expect(csv).toContain(',send,0,0,0,0,Atlantic ship,,');
  });

  test('why did this packet die: a resent segment of the 15 MB transfer tells of its lost copy', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto('/');
    await page.getByLabel('Preset').selectOption({ label: LEAVES_15MB });
    await expect(page.getByTestId('scenario-name')).toHaveText(LEAVES_15MB);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
    const wire = page.getByRole('region', { name: 'Inside the wire' });
    const event = page.getByTestId('wire-event');
    const story = page.getByTestId('packet-story');
    // Slow start overflows a 50-packet buffer about 1.5 s after the start (18 s): the first
    // loss, its story (where and why it died), and the clock at that moment.
    await wire.getByRole('button', { name: 'Next loss ▶' }).click();
    await expect(event).toContainText("is lost at Hawaii gateway: the link's buffer was full.");
    await expect(story.locator('.story-fate')).toContainText("the link's buffer was full");
    expect(await simTimeNs(page)).toBeGreaterThan(18.9e9);
    // What became of that segment: on to its resend, why it was sent again, and its lost copy.
    await story.getByRole('button', { name: /^Follow segment \d+ to its resend/ }).click();
    await expect(event).toContainText('again (packet #');
    await expect(story.locator('.story-why')).toContainText('A retransmission: the ACKs showed it lost');
    await expect(story.locator('.story-why')).toContainText("was lost at Hawaii gateway (the link's buffer was full)");
    expect(await simTimeNs(page)).toBeGreaterThan(19.5e9);
  });

  test('Next loss in a run without one says so and stays put; Reset clears what the wire said', async ({ page }) => {
    // The 9 kB transfer before the seam: nothing lost, nothing sent again.
    await page.goto('/#l=seam-9kb');
    await expect(page.getByTestId('lab')).toContainText('Step 1 of 3');
    const wire = page.getByRole('region', { name: 'Inside the wire' });
    const nextLoss = wire.getByRole('button', { name: 'Next loss ▶' });
    await nextLoss.click();
    await expect(page.getByTestId('wire-no-loss')).toHaveText(
      'No loss, resend or timeout after t = 0.000 s in this run: the run stayed where it was.',
    );
    await expect(nextLoss).toBeDisabled();
    await expect.poll(() => simTimeNs(page)).toBe(0);
    // Played to its end while following the action, the wire says what it skipped; Reset clears it.
    await page.getByRole('button', { name: 'Play' }).click();
    await expect(page.getByTestId('wire-skipped')).toBeVisible();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByTestId('wire-skipped')).toHaveCount(0);
    await expect(page.getByTestId('wire-no-loss')).toHaveCount(0);
    await expect(nextLoss).toBeEnabled();
  });

  test('L in a run without a loss says so and stays put, and does nothing once it is known', async ({ page }) => {
    // The 9 kB transfer before the seam: nothing lost, nothing sent again.
    await page.goto('/#l=seam-9kb');
    await expect(page.getByTestId('lab')).toContainText('Step 1 of 3');
    const wire = page.getByRole('region', { name: 'Inside the wire' });
    const nextLoss = wire.getByRole('button', { name: 'Next loss ▶' });
    await expect(nextLoss).toBeEnabled();
    // The key from the page (the lab's prediction field has the focus: typing there is text).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('l');
    const none = 'No loss, resend or timeout after t = 0.000 s in this run: the run stayed where it was.';
    await expect(page.getByTestId('wire-no-loss')).toHaveText(none);
    await expect(nextLoss).toBeDisabled();
    await expect.poll(() => simTimeNs(page)).toBe(0);
    // It did not skip to the end on the way.
    await expect(page.getByTestId('wire-skipped')).toHaveCount(0);
    // Pressed again: nothing moves, the wire says the same.
    await page.keyboard.press('l');
    await expect(page.getByTestId('wire-no-loss')).toHaveText(none);
    await expect(nextLoss).toBeDisabled();
    expect(await simTimeNs(page)).toBe(0);
    await expect(page.getByTestId('wire-skipped')).toHaveCount(0);
  });

  test('models without a packet trace show no wire', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('scenario-name')).not.toBeEmpty();
    await expect(page.getByRole('region', { name: 'Inside the wire' })).toHaveCount(0);
  });
});
