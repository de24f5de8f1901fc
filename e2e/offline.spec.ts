import { expect, simTimeNs, test } from './fixtures';

const IRIDIUM = 'Iridium: Atlantic ship to London (paper 004, Fig. 4)';

// Its own context allows service workers (the config blocks them elsewhere); the automatic watch
// of fixtures.ts covers that context too: requests leaving the machine, console errors.
test('once loaded, the app reloads and runs with the network gone (service worker)', async ({ browser, watch }) => {
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  const external: string[] = [];
  page.on('request', (r) => {
    const h = new URL(r.url()).hostname;
    if (!['127.0.0.1', 'localhost'].includes(h) && !r.url().startsWith('data:') && !r.url().startsWith('blob:'))
      external.push(r.url());
  });
  // A constellation preset: its globe (shown only by models with geography) must render offline.
  await page.goto('/#p=iridium-ship-london');
  await expect(page.getByTestId('scenario-name')).toHaveText(IRIDIUM);
  // The service worker has installed (precached the bundle) and controls the page. No reload
  // online first: a user opens the app once, then loses the network, so the offline reload below
  // must come from the precache alone.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await expect(page.getByTestId('globe')).toHaveAttribute('data-rendered', 'true');
  // Every file of the build the page has loaded is kept, including those fetched before the
  // worker controlled the page (Cesium's terrain heights, imagery, workers).
  const missing = () =>
    page.evaluate(async () => {
      const ours = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((u) => {
          const p = new URL(u);
          return (
            p.origin === location.origin && (p.pathname.startsWith('/assets/') || p.pathname.startsWith('/cesium/'))
          );
        });
      const out: string[] = [];
      // The worker keeps each file under its path without the query string.
      for (const u of ours) {
        const p = new URL(u);
        if (!(await caches.match(`${p.origin}${p.pathname}`, { ignoreVary: true }))) out.push(p.pathname);
      }
      return out;
    });
  await expect.poll(missing, { message: 'files loaded but not kept for offline use' }).toEqual([]);
  // The sky box and moon textures (fetched late by Cesium), every level of the offline Earth
  // imagery (a reload or zoom offline asks for tiles the first visit did not), the manifest and icons
  // are precached: offline, the globe keeps rendering and the app stays installable.
  const precached = await page.evaluate(async () => {
    const want = [
      '/manifest.webmanifest',
      '/icon.svg',
      '/icon-192.png',
      '/icon-512.png',
      '/cesium/Assets/Textures/SkyBox/tycho2t3_80_px.jpg',
      '/cesium/Assets/Textures/moonSmall.jpg',
      '/cesium/Assets/Textures/NaturalEarthII/2/7/3.jpg',
    ];
    return Promise.all(want.map(async (u) => [u, !!(await caches.match(u, { ignoreVary: true }))]));
  });
  expect(precached.filter(([, hit]) => !hit)).toEqual([]);
  // Query-string variants of one file are one cache entry: the cache cannot grow without bound.
  const copies = await page.evaluate(async () => {
    const file = '/cesium/Assets/Textures/moonSmall.jpg';
    for (const v of ['a', 'b', 'c', 'd']) await fetch(`${file}?v=${v}`);
    let n = 0;
    for (const name of await caches.keys()) {
      const c = await caches.open(name);
      n += (await c.keys()).filter((r) => new URL(r.url).pathname === file).length;
    }
    return n;
  });
  expect(copies).toBe(1);

  await context.setOffline(true);
  // Expected: the fetch below of a file never cached fails, and Chromium logs the failed load.
  watch.expectConsoleErrors(
    /^Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(at http:\/\/127\.0\.0\.1:\d+\/never-cached-/,
  );
  // The network is really gone: what was never cached cannot be fetched.
  expect(
    await page.evaluate(() =>
      fetch(`/never-cached-${Math.random()}`).then(
        () => 'fetched',
        () => 'failed',
      ),
    ),
  ).toBe('failed');
  await page.reload();
  await expect(page.getByTestId('scenario-name')).toHaveText(IRIDIUM);
  await expect.poll(() => simTimeNs(page), { message: 'the engine runs offline' }).toBeGreaterThan(0);
  await expect(page.getByTestId('globe')).toHaveAttribute('data-rendered', 'true');
  // The manifest is served offline too, and names icons that are there.
  const manifest = await page.evaluate(async () => {
    const m = await (await fetch('/manifest.webmanifest')).json();
    const sizes = await Promise.all(m.icons.map(async (i: { src: string }) => (await fetch(i.src)).ok));
    return { name: m.short_name, display: m.display, iconsOk: sizes.every(Boolean), icons: m.icons.length };
  });
  expect(manifest).toEqual({ name: 'SkyQueue', display: 'standalone', iconsOk: true, icons: 3 });
  // Another preset, never opened online, opens offline too (presets are in the bundle).
  await page.getByLabel('Preset').selectOption('pss-b1-known-ef');
  await expect(page.getByTestId('scenario-name')).toContainText('PSS');
  await expect.poll(() => simTimeNs(page)).toBeGreaterThan(0);
  // A lab, never opened online, runs offline too: its steps' runs go through the sweep workers.
  await page.evaluate(() => {
    location.hash = '#l=harq';
  });
  const lab = page.getByTestId('lab');
  await lab.getByRole('textbox', { name: /^Your prediction/ }).fill('0.4');
  await lab.getByRole('button', { name: 'Run and check' }).click();
  await expect(lab.getByTestId('lab-verdict')).toHaveAttribute('data-correct', 'true');
  expect(external).toEqual([]);
  await context.close();
});
