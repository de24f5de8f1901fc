import { expect, simTimeNs, test } from './fixtures';

test.describe('a whole network (Hypatia traffic matrix)', () => {
  test('100 TCP flows over Kuiper-630: the aggregate goodput, the busiest links and the flows served worst, in words', async ({
    page,
  }) => {
    await page.goto('/#p=network-hypatia-kuiper-tcp');
    await expect(page.getByTestId('scenario-name')).toContainText(
      "Hypatia's traffic matrix: 100 TCP flows over Kuiper-630",
    );
    await expect.poll(() => simTimeNs(page)).toBeGreaterThan(2e9);
    const summary = page.getByTestId('network-summary');
    await expect(summary).toContainText('100 flows over');
    await expect(summary).toContainText('1,156 satellites, 100 ground stations');
    // The ten busiest links by name, and the eight flows served worst.
    await expect(page.getByTestId('network-links').locator('tbody tr')).toHaveCount(10);
    await expect(page.getByTestId('network-links').locator('tbody th').first()).toContainText(
      /ground link|ISL satellite/,
    );
    await expect(page.getByTestId('network-flows').locator('tbody tr')).toHaveCount(8);
    await expect(page.getByTestId('network-flows').locator('tbody th').first()).toContainText('→');
    for (const name of ['Aggregate goodput chart', 'Links chart']) {
      await expect(page.getByRole('img', { name }).locator('path.series-line').first()).toBeVisible();
    }
    await expect(page.getByTestId('live-text')).toContainText(
      "100 flows of long-lived TCP NewReno between 100 ground stations, paired as Hypatia's workload pairs its 100 cities",
    );
    await expect(page.getByTestId('live-theory')).toContainText('The 100 sending stations can put at most 1,000 Mb/s');
    await expect(page.getByTestId('network-goodput')).toContainText('Mb/s');
    // On the globe: every satellite and ISL, the 100 stations, the links that carried traffic
    // coloured by it, the followed flow as the route between its two stations, and the key.
    const globe = page.getByTestId('globe');
    await expect(globe).toHaveAttribute('data-satellites', '1156');
    await expect(globe).toHaveAttribute('data-stations', '100');
    await expect(globe).toHaveAttribute('data-links-shown', '2312');
    await expect.poll(async () => Number(await globe.getAttribute('data-links-loaded'))).toBeGreaterThan(0);
    await expect.poll(async () => Number(await globe.getAttribute('data-route-hops'))).toBeGreaterThan(0);
    const follow = await page
      .getByTestId('network-summary')
      .getByRole('row', { name: /followed flow/ })
      .textContent();
    const [, from, to] = /#\d+ (.+?) → (.+?) \(the glowing yellow line/.exec(follow ?? '') ?? [];
    await expect(globe.locator('.globe-label', { hasText: from })).toBeVisible();
    await expect(globe.locator('.globe-label', { hasText: to })).toBeVisible();
    await expect(page.getByTestId('load-legend')).toContainText('share of the last 100 ms it spent sending');
    await expect(page.getByTestId('load-legend')).toContainText('90 %: congested');
    await page.screenshot({ path: 'reports/screenshots/network-hypatia-kuiper-tcp.png' });

    // Follow the flow served worst: the run restarts following it, and the globe's route and
    // labels and the summary's followed flow are that flow's.
    const first = page
      .getByTestId('network-flows')
      .getByRole('button', { name: /^Follow flow #/ })
      .first();
    const [, k, a, b] =
      /^Follow flow #(\d+) (.+?) → (.+?) on the globe/.exec((await first.getAttribute('aria-label')) ?? '') ?? [];
    await first.click();
    await expect(page.getByTestId('network-summary').getByRole('row', { name: /followed flow/ })).toContainText(
      `#${k} ${a} → ${b}`,
    );
    await expect(globe.locator('.globe-label', { hasText: a })).toBeVisible();
    await expect(globe.locator('.globe-label', { hasText: b })).toBeVisible();

    // UDP from the parameter panel: the text follows.
    await page.getByRole('button', { name: 'Parameters' }).click();
    const panel = page.getByRole('complementary', { name: 'Parameters' });
    await panel.getByLabel('Flows', { exact: true }).selectOption('udp');
    await panel.getByRole('button', { name: /Restart with/ }).click();
    await expect(page.getByTestId('live-text')).toContainText('100 flows of UDP at 10 Mb/s');
    // Inside the wire says the followed flow's UDP packets, with nothing sent back.
    const legend = page.getByRole('region', { name: 'Inside the wire' }).locator('.seq-legend');
    await expect(legend).toContainText('━ UDP packet');
    await expect(legend).not.toContainText('ACK');
  });

  test("inside the wire: the followed flow's packets hop by hop across the constellation, and their stories", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.goto('/#p=network-hypatia-kuiper-tcp');
    const wire = page.getByRole('region', { name: 'Inside the wire' });
    await expect(wire).toBeVisible();
    // Reset starts again from zero, paused.
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    const event = page.getByTestId('wire-event');
    const next = wire.getByRole('button', { name: 'Next event ▶' });
    await next.click();
    await expect(event).toHaveText(
      /^Event #0 at t = 0\.000000 s: Pune-\(Poona\) sends segment 0 \(packet #0\) on a route over \d+ inter-satellite links\.$/,
    );
    await next.click();
    await expect(event).toHaveText(
      /^Event #1 at t = 0\.000000 s: Segment 0 \(packet #0\) leaves Pune-\(Poona\) for satellite \d+ at once/,
    );
    // Step on to the first ISL hop, from the satellite over Pune to the next one: its story
    // (the stepped packet's) from Pune on.
    for (let i = 0; i < 40 && !/leaves satellite \d+ for satellite/.test((await event.textContent()) ?? ''); i++) {
      const n = Number(await event.getAttribute('data-n'));
      await next.click();
      await expect(event).toHaveAttribute('data-n', String(n + 1));
    }
    await expect(event).toContainText(/leaves satellite \d+ for satellite \d+ (at once|after waiting)/);
    const story = page.getByTestId('packet-story');
    await expect(story).toContainText(/leaves Pune-\(Poona\) for satellite \d+/);
    await expect(story).toContainText(/sends segment \d+ \(packet #\d+\) on a route over \d+ inter-satellite links/);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => simTimeNs(page)).toBeGreaterThan(0.3e9);
    await page.getByRole('button', { name: 'Pause' }).click();
    // The diagram between the flow's two stations, data and ACKs over routes of ISLs.
    const diagram = page.getByTestId('sequence-diagram');
    await expect(diagram.locator('.seq-end')).toHaveText(['Pune-(Poona)', 'Montréal']);
    await expect.poll(() => diagram.locator('.seq-arrow[data-ack="true"]').count()).toBeGreaterThan(0);
    // The oldest packet drawn (many arrows cross, so it is chosen from the keyboard): its story.
    const oldest = await diagram
      .getByRole('button', { name: /^Story of the (ACK|segment)/ })
      .first()
      .elementHandle();
    const packet = await oldest!.getAttribute('data-packet');
    await oldest!.focus();
    await oldest!.press('Enter');
    await expect(story).toHaveAttribute('aria-label', `Story of packet #${packet}`);
    await expect(story.locator('.story-fate')).toContainText(/Arrived at|Still on its way|Lost at/);
  });
});
