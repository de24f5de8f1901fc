import { expect, simTimeNs, test } from './fixtures';

const G711 = 'One G.711 call over DCCP: CCID4 against UDP, CCID4-N and CCID4-SCA (paper 003 Tables II, IV, V, Fig. 2)';
const LEO = 'VoIP over LEO: CoDeS on a fading LMS last hop (paper 000)';
const DOWNLOAD = 'A 100 kB download at 263 kb/s: ARQ or HARQ-II as Es/N0 falls (paper 002 Table 3, Fig. 10)';

test.describe('Inside the wire, in each model’s words', () => {
  test('a voice call over DCCP: voice packets stepped one event at a time, lost at the sender’s buffer', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByLabel('Preset').selectOption({ label: G711 });
    await expect(page.getByTestId('scenario-name')).toHaveText(G711);
    const wire = page.getByRole('region', { name: 'Inside the wire' });
    await expect(wire).toBeVisible();
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    const event = page.getByTestId('wire-event');
    // The codec's first packet at zero, then its leaving the sender for the shared access.
    await wire.getByRole('button', { name: 'Next event ▶' }).click();
    await expect(event).toHaveText('Event #0 at t = 0.000000 s: Sender sends voice packet 0 (packet #0).');
    await wire.getByRole('button', { name: 'Next event ▶' }).click();
    await expect(event).toHaveText(
      'Event #1 at t = 0.000000 s: Voice packet 0 (packet #0) leaves sender for access link at once (nothing ahead of it).',
    );
    // TFRC starts at one packet a second: the sender's buffer soon overflows (paper 003 §IV).
    await wire.getByRole('button', { name: 'Next loss ▶' }).click();
    await expect(event).toContainText("is lost at sender: the sender's buffer was full");
    expect(await simTimeNs(page)).toBe(0.135e9);
    await expect(page.getByTestId('packet-story').locator('.story-fate')).toContainText('Lost at sender');
    const diagram = page.getByTestId('sequence-diagram');
    // One arrow per voice packet (the latest 40 held, which depend on how far the run had played
    // before the reset), and the feedback reports in the legend.
    await expect.poll(() => diagram.locator('.seq-arrow[data-ack="false"]').count()).toBeGreaterThan(10);
    await expect(page.getByText('━ feedback report')).toBeVisible();
  });

  test('TCP over the link layer: segments onto the link and off it, and their ACKs', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Preset').selectOption({ label: DOWNLOAD });
    await expect(page.getByTestId('scenario-name')).toHaveText(DOWNLOAD);
    const wire = page.getByRole('region', { name: 'Inside the wire' });
    await expect(wire).toBeVisible();
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    const event = page.getByTestId('wire-event');
    await wire.getByRole('button', { name: 'Next event ▶' }).click();
    await expect(event).toHaveText('Event #0 at t = 0.000000 s: Sender sends segment 0 (packet #0).');
    // The initial window's ten segments, then the first onto the link.
    for (let i = 0; i < 10; i++) await wire.getByRole('button', { name: 'Next event ▶' }).click();
    await expect(event).toHaveAttribute('data-n', '10');
    await expect(event).toContainText('Segment 0 (packet #0) leaves sender for link at once');
    // Play on to the first ACKs: the diagram draws data and ACKs between the two ends.
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => simTimeNs(page)).toBeGreaterThan(1e9);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    const diagram = page.getByTestId('sequence-diagram');
    await expect(diagram.locator('.seq-arrow[data-ack="false"]').first()).toBeVisible();
    await expect(diagram.locator('.seq-arrow[data-ack="true"]').first()).toBeVisible();
    await expect(diagram.locator('.seq-end')).toHaveText(['sender', 'receiver']);
  });

  test('one call over LEO: its voice packets from the server through the satellite to the receiver', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByLabel('Preset').selectOption({ label: LEO });
    await expect(page.getByTestId('scenario-name')).toHaveText(LEO);
    const wire = page.getByRole('region', { name: 'Inside the wire' });
    await expect(wire).toBeVisible();
    // The preset plays at max speed and may end before a Pause: Reset alone starts again paused.
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    const event = page.getByTestId('wire-event');
    await wire.getByRole('button', { name: 'Next event ▶' }).click();
    await expect(event).toHaveText('Event #0 at t = 0.495079 s: Server sends voice packet 0 (packet #0).');
    await wire.getByRole('button', { name: 'Next event ▶' }).click();
    await expect(event).toHaveText(
      'Event #1 at t = 0.495079 s: Voice packet 0 (packet #0) leaves server for satellite at once (nothing ahead of it).',
    );
    const diagram = page.getByTestId('sequence-diagram');
    await expect(diagram.locator('.seq-end')).toHaveText(['server', 'receiver']);
    await expect.poll(() => diagram.locator('.seq-arrow[data-ack="false"]').count()).toBeGreaterThan(1);
    // No acknowledgements and no resends in this model: the legend names neither.
    const legend = wire.locator('.seq-legend');
    await expect(legend).toContainText('━ voice packet');
    await expect(legend).not.toContainText('ACK');
    await expect(legend).not.toContainText('resent');
  });
});
