// The browser tab's memory over a long run: serves the built app (vite preview), plays the
// Iridium preset (Atlantic ship - London, 24 h) at 1000x in headless chromium to its end, and
// samples every 10 s of wall time the memory of the whole browser (the resident set of every
// chromium process of this run: browser, renderer with the engine's worker, GPU), of the tab
// alone (its renderer process, where the page and the engine's worker run) and the page's
// JavaScript heap. With --catalogue, the run is instead a day of the Starlink catalogue
// (examples/starlink-2026-05-13.tle, 9,327 satellites, +Grid, any satellite in view, least
// delay, London - New York at 1 s steps), loaded as a user loads it. With --network, the run is
// the network model's traffic matrix over the same catalogue (examples/catalogue/
// network-starlink-traffic-matrix.json: 100 TCP flows for a minute) at the fastest speed, also
// loaded as a user loads it, and the globe's frame and update times (medians, software WebGL
// here) are sampled too. A measurement, not a test: record the output in docs/BENCHMARKS.md.
// Run with `npm run bench:memory [-- --catalogue | --network]` (builds first).
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
const network = process.argv.includes('--network');
/** The run's end [s]: a day, or the network example's minute. */
const END_S = network ? 60 : 86_400;

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

/** Loads the network example's settings over the Starlink catalogue as a user does: the
 * network preset, then Parameters (the catalogue from a file, the example's matrix, rates,
 * queues, duration and metrics bucket), and restarts the run. */
async function loadNetwork(page) {
  const example = JSON.parse(
    readFileSync(new URL('../examples/catalogue/network-starlink-traffic-matrix.json', import.meta.url), 'utf8'),
  );
  await page.goto(`http://127.0.0.1:${port}/#p=network-hypatia-kuiper-tcp`);
  await page.getByRole('button', { name: 'Parameters' }).click();
  const panel = page.getByRole('complementary', { name: 'Parameters' });
  await panel.locator('[data-path="network.constellation"] select').selectOption('catalogue');
  await panel
    .getByLabel('Load Element sets (TLE) from a file')
    .setInputFiles(new URL('../examples/starlink-2026-05-13.tle', import.meta.url).pathname);
  await panel.getByTestId('catalogue-report').waitFor({ timeout: 120_000 });
  await panel.locator('[data-path="network.matrix"] select').selectOption(example.network.matrix);
  const set = (path, v) => panel.locator(`[data-path="${path}"] input`).fill(String(v));
  await set('duration_s', example.duration_s);
  await set('metrics.bucket_s', example.metrics.bucket_s);
  for (const f of ['isl_rate_mbps', 'gsl_rate_mbps', 'isl_queue_pkts', 'gsl_queue_pkts', 'update_ms'])
    await set(`network.${f}`, example.network[f]);
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
  if (network) await loadNetwork(page);
  else if (catalogue) await loadCatalogue(page);
  else {
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.getByLabel('Preset').selectOption({ label: 'Iridium: Atlantic ship to London (paper 004, Fig. 4)' });
  }
  await page.getByLabel('Speed (simulated seconds per second)').selectOption(network ? 'max' : '1000');
  if (await page.getByRole('button', { name: 'Play', exact: true }).isVisible())
    await page.getByRole('button', { name: 'Play', exact: true }).click();
  const globe = page.getByTestId('globe');
  const nowS = async () => Number(await page.getByTestId('sim-time').getAttribute('data-now-ns')) / 1e9;
  const heapMb = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 2 ** 20;
  };
  const rows = [];
  const t0 = Date.now();
  for (;;) {
    const [sim, { pss, rss, tab }, heap] = [await nowS(), browserMb(), await heapMb()];
    const frame = Number(await globe.getAttribute('data-frame-ms'));
    const update = Number(await globe.getAttribute('data-update-ms'));
    rows.push({ wall: (Date.now() - t0) / 1e3, sim, pss, rss, tab, heap, frame, update });
    const simulated = network ? `${sim.toFixed(1).padStart(5)} s` : `${(sim / 3600).toFixed(2).padStart(5)} h`;
    console.log(
      `${rows.at(-1).wall.toFixed(0).padStart(4)} s  simulated ${simulated}  ` +
        `browser PSS ${pss.toFixed(0).padStart(5)} MB (RSS ${rss.toFixed(0).padStart(5)} MB)  tab PSS ${tab.toFixed(0).padStart(5)} MB  ` +
        `page heap ${heap.toFixed(1).padStart(6)} MB` +
        (network ? `  globe frame ${frame} ms, update ${update} ms` : ''),
    );
    if (sim >= END_S - 1 || Date.now() - t0 > (catalogue || network ? 30 : 15) * 60_000) break;
    await page.waitForTimeout(10_000);
  }
  const goodput = network ? await page.getByTestId('network-goodput').textContent() : '';
  await context.close();
  const span = (xs) => `${Math.min(...xs).toFixed(0)} to ${Math.max(...xs).toFixed(0)}`;
  if (network) {
    console.log(
      `Starlink catalogue network (100 TCP flows, 60 s) at the fastest speed: ${rows.at(-1).sim.toFixed(1)} s simulated ` +
        `in ${rows.at(-1).wall.toFixed(0)} s, aggregate goodput ${goodput}; the browser held ${span(rows.map((r) => r.pss))} MB (PSS), ` +
        `the tab ${span(rows.map((r) => r.tab))} MB, the page heap ${span(rows.map((r) => r.heap))} MB; ` +
        `the globe's frame ${span(rows.map((r) => r.frame))} ms and update ${span(rows.map((r) => r.update))} ms (medians of the last frames)`,
    );
    process.exitCode = rows.at(-1).sim >= END_S - 1 ? 0 : 1;
  } else {
    const after = rows.filter((r) => r.sim >= 3600);
    console.log(
      `${catalogue ? 'Starlink catalogue' : 'Iridium preset'} at 1000x, ` +
        `${(rows.at(-1).sim / 3600).toFixed(1)} h simulated in ${rows.at(-1).wall.toFixed(0)} s: ` +
        `after the first hour the browser held ${span(after.map((r) => r.pss))} MB (PSS), ` +
        `the tab ${span(after.map((r) => r.tab))} MB, and the page heap ` +
        `${span(after.map((r) => r.heap))} MB (PSS at the first sample ${rows[0].pss.toFixed(0)} MB, at the last ${rows.at(-1).pss.toFixed(0)} MB)`,
    );
  }
} finally {
  stop();
  execFileSync('rm', ['-rf', profile]);
}
