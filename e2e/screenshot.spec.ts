/**
 * The README's picture of the app (docs/images/skyqueue.png), taken by every e2e run so it shows
 * the app as it is: paper 000's VoIP-over-LEO preset at 1280x720, run to its end (it runs at
 * *max* speed and finishes in a few seconds, so the charts hold the whole run), the globe with
 * the constellation and the path from the server to the users beside it. The picture is only
 * written once the globe and the charts are shown to hold what it is meant to show.
 */
import { readFileSync } from 'node:fs';
import { distinctColours, expect, test } from './fixtures';

const SHOT = 'docs/images/skyqueue.png';
const VOIP = 'VoIP over LEO: CoDeS on a fading LMS last hop (paper 000)';

test.use({ viewport: { width: 1280, height: 720 } });

test('the README screenshot: globe and charts of a finished VoIP-over-LEO run at 1280x720', async ({ page }) => {
  // The README's picture at full detail, as a GPU draws it: the address overrides the light
  // globe that software rendering gets (web/src/globe/globeDetail.ts).
  await page.goto('/?globe-detail=full#p=voip-leo-codes');
  await expect(page.getByTestId('scenario-name')).toHaveText(VOIP);
  await expect(page.getByTestId('globe')).toHaveAttribute('data-detail', 'full');

  // The run to its end: every chart holds the whole 100 s.
  await expect(page.getByTestId('events')).toContainText('finished');
  const charts = [
    page.getByRole('img', { name: 'One-way latency & Jitter (RFC 3550) chart' }),
    page.getByRole('img', { name: 'Throughput (useful) chart' }),
  ];
  // Inside the wire (this model follows its first call) sits above the charts: the charts'
  // column is scrolled to them, as a user scrolls it.
  await charts[0].scrollIntoViewIfNeeded();
  for (const chart of charts) {
    await expect(chart).toBeInViewport();
    await expect
      .poll(async () => Number(await chart.getAttribute('data-points')), { message: 'chart rows' })
      .toBeGreaterThan(100);
    const d = (await chart.locator('path.series-line').first().getAttribute('d')) ?? '';
    expect(d.length, 'a drawn line').toBeGreaterThan(500);
  }

  // The globe: the constellation, the path from the server to the users, the Earth's imagery
  // loaded (from localhost) and really rendered.
  const globe = page.getByTestId('globe');
  await expect(globe).toBeInViewport();
  await expect(globe).toHaveAttribute('data-satellites', '66');
  await expect(globe).toHaveAttribute('data-placed', '66');
  await expect
    .poll(async () => (await globe.getAttribute('data-route-hops')) ?? '', { message: 'route drawn' })
    .toMatch(/^\d+$/);
  await expect(globe).toHaveAttribute('data-rendered', 'true');
  await expect(globe).toHaveAttribute('data-tiles-loaded', 'true');
  const { colours, nonBlack } = await distinctColours(page, '[data-testid="globe"] canvas');
  expect(colours, 'distinct colours on the globe').toBeGreaterThan(40);
  expect(nonBlack, 'fraction of non-black pixels').toBeGreaterThan(0.2);

  await page.screenshot({ path: SHOT });
  const png = readFileSync(SHOT);
  expect(png.subarray(1, 4).toString('latin1'), 'a PNG').toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)], 'width and height').toEqual([1280, 720]);
});
