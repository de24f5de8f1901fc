// Main-thread responsiveness while the engine runs: serves the built app (vite preview),
// plays the Iridium preset at 1000x in headless chromium for 20 s and reports the long tasks
// (main-thread tasks over 50 ms) the browser saw. A measurement, not a test: record the
// output in docs/BENCHMARKS.md. Run with `npm run bench:ui` (builds first); `-- --globe-detail full`
// (or `light`) draws the globe at that detail instead of the one chosen for the renderer
// (web/src/globe/globeDetail.ts: light on this software WebGL).
import { chromium } from 'playwright-core';
import { startPreview } from './bench/preview.mjs';

const port = 4179;
const at = process.argv.indexOf('--globe-detail');
const detail = at > 0 ? process.argv[at + 1] : null;
if (detail !== null && detail !== 'full' && detail !== 'light') {
  console.error(`--globe-detail: \`${detail}\` is not full or light`);
  process.exit(2);
}
const stop = await startPreview(port);
try {
  const browser = await chromium.launch({
    executablePath: process.env.SKYQUEUE_CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--disable-background-networking'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`http://127.0.0.1:${port}/${detail ? `?globe-detail=${detail}` : ''}`);
  await page.getByLabel('Preset').selectOption({ label: 'Iridium: Atlantic ship to London (paper 004, Fig. 4)' });
  await page.getByLabel('Speed (simulated seconds per second)').selectOption('1000');
  await page.waitForTimeout(3000); // let the globe load its tiles
  await page.evaluate(() => {
    window.__long = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => window.__long.push(e.duration))).observe({
      type: 'longtask',
    });
  });
  const seconds = 20;
  const t0 = Number(await page.getByTestId('sim-time').getAttribute('data-now-ns'));
  await page.waitForTimeout(seconds * 1000);
  const t1 = Number(await page.getByTestId('sim-time').getAttribute('data-now-ns'));
  const long = await page.evaluate(() => window.__long);
  const drawn = await page.getByTestId('globe').getAttribute('data-detail');
  await browser.close();
  const max = long.length ? Math.max(...long) : 0;
  console.log(
    `UI responsiveness: Iridium preset at 1000x for ${seconds} s in headless chromium (software WebGL), ` +
      `globe detail ${drawn}`,
  );
  const over = (ms) => long.filter((d) => d > ms).length;
  console.log(
    `simulated ${((t1 - t0) / 1e9).toFixed(0)} s; main-thread tasks over 50 ms: ${long.length} ` +
      `(over 100 ms: ${over(100)}, over 200 ms: ${over(200)}), longest ${max.toFixed(0)} ms`,
  );
} finally {
  stop();
}
