// The browser tab's memory over a long run: serves the built app (vite preview), plays the
// Iridium preset (Atlantic ship - London, 24 h) at 1000x in headless chromium to its end, and
// samples every 10 s of wall time the memory of the whole browser (the resident set of every
// chromium process of this run: browser, renderer with the engine's worker, GPU), of the tab
// alone (its renderer process, where the page and the engine's worker run) and the page's
// JavaScript heap. With --catalogue, the run is instead a day of the Starlink catalogue
// (examples/starlink-2026-05-13.tle, 9,327 satellites, +Grid, any satellite in view, least
// delay, London - New York at 1 s steps), loaded as a user loads it. A measurement, not a test:
// record the output in docs/BENCHMARKS.md. Run with `npm run bench:memory [-- --catalogue]`
// (builds first).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startPreview } from './bench/preview.mjs';

const port = 4181;
const profile = `/tmp/skyqueue-tab-memory-${process.pid}`;

/** Memory [MB] of every process of this browser (they all carry its profile path): the sum of
 * their proportional set sizes (PSS: shared pages split among the processes that share them, so
 * nothing is counted twice), and of their resident sets (RSS, which counts shared pages in each). */
function browserMb() {
  const ps = execFileSync('ps', ['-eo', 'pid=,rss=,args='], { encoding: 'utf8' });
  let pss = 0;
  let rss = 0;
  let tab = 0;
  for (const l of ps.split('\n').filter((x) => x.includes(profile))) {
    const [pid, kb] = l.trim().split(/\s+/);
    rss += Number(kb);
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const p = Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
      pss += p;
      if (l.includes('--type=renderer')) tab += p;
    } catch {
      /* the process ended between ps and here */
    }
  }
  return { pss: pss / 1024, rss: rss / 1024, tab: tab / 1024 };
}

const catalogue = process.argv.includes('--catalogue');

/** Loads the Starlink catalogue into the constellation model as a user does (Parameters, Load
 * from a file…), for a day from London to New York, and restarts the run with it. */
async function loadCatalogue(page) {
  await page.goto(`http://127.0.0.1:${port}/#p=walker-delta-53`);
  await page.getByRole('button', { name: 'Parameters' }).click();
  const panel = page.getByRole('complementary', { name: 'Parameters' });
  await panel
    .getByLabel('Load Element sets (TLE) from a file')
    .setInputFiles(new URL('../examples/starlink-2026-05-13.tle', import.meta.url).pathname);
  await panel.getByTestId('catalogue-changed').waitFor({ timeout: 120_000 });
  const set = (path, v) => panel.locator(`[data-path="${path}"] input`).fill(v);
  await set('duration_s', '86400');
  await set('constellation.elevation_mask_deg', '25');
  await set('constellation.step_s', '1');
  await set('constellation.from', 'London');
  await set('constellation.to', 'New York');
  await panel.locator('[data-path="constellation.routing"] select').selectOption('min-delay');
  await page.waitForTimeout(2000);
  await panel.getByRole('button', { name: /Restart with/ }).click();
  await page.getByTestId('globe').and(page.locator('[data-satellites="9327"]')).waitFor({ timeout: 120_000 });
}

const stop = await startPreview(port);
try {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.SKYQUEUE_CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--disable-background-networking'],
    viewport: { width: 1280, height: 800 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  if (catalogue) await loadCatalogue(page);
  else {
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.getByLabel('Preset').selectOption({ label: 'Iridium: Atlantic ship to London (paper 004, Fig. 4)' });
  }
  await page.getByLabel('Speed (simulated seconds per second)').selectOption('1000');
  const nowS = async () => Number(await page.getByTestId('sim-time').getAttribute('data-now-ns')) / 1e9;
  const heapMb = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 2 ** 20;
  };
  const rows = [];
  const t0 = Date.now();
  for (;;) {
    const [sim, { pss, rss, tab }, heap] = [await nowS(), browserMb(), await heapMb()];
    rows.push({ wall: (Date.now() - t0) / 1e3, sim, pss, rss, tab, heap });
    console.log(
      `${rows.at(-1).wall.toFixed(0).padStart(4)} s  simulated ${(sim / 3600).toFixed(2).padStart(5)} h  ` +
        `browser PSS ${pss.toFixed(0).padStart(5)} MB (RSS ${rss.toFixed(0).padStart(5)} MB)  tab PSS ${tab.toFixed(0).padStart(5)} MB  ` +
        `page heap ${heap.toFixed(1).padStart(6)} MB`,
    );
    if (sim >= 86_400 - 1 || Date.now() - t0 > (catalogue ? 30 : 15) * 60_000) break;
    await page.waitForTimeout(10_000);
  }
  await context.close();
  const after = rows.filter((r) => r.sim >= 3600);
  const span = (xs) => `${Math.min(...xs).toFixed(0)} to ${Math.max(...xs).toFixed(0)}`;
  console.log(
    `${catalogue ? 'Starlink catalogue' : 'Iridium preset'} at 1000x, ` +
      `${(rows.at(-1).sim / 3600).toFixed(1)} h simulated in ${rows.at(-1).wall.toFixed(0)} s: ` +
      `after the first hour the browser held ${span(after.map((r) => r.pss))} MB (PSS), ` +
      `the tab ${span(after.map((r) => r.tab))} MB, and the page heap ` +
      `${span(after.map((r) => r.heap))} MB (PSS at the first sample ${rows[0].pss.toFixed(0)} MB, at the last ${rows.at(-1).pss.toFixed(0)} MB)`,
  );
} finally {
  stop();
  execFileSync('rm', ['-rf', profile]);
}
