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
  });
});
