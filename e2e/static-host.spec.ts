import { readdirSync } from 'node:fs';
import { expect, simTimeNs, test } from './fixtures';

// The build (dist/) served by scripts/serve-static.mjs, a plain static server, under a sub-path
// (playwright.config.ts starts it on the preview's port + 2): docs/DEPLOY.md's promise that one
// build runs from any static host and any base path.
const port = Number(process.env.SKYQUEUE_E2E_PORT || 4173) + 2;
const BASE = `http://127.0.0.1:${port}/course/skyqueue/`;

test(
  'under a sub-path of a plain static server: presets run, the globe ' +
    'draws, a shared link opens there, the service worker keeps to its path',
  async ({ browser }) => {
    const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const failed: string[] = [];
    const outside: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.protocol.startsWith('http') && !r.url().startsWith(BASE)) outside.push(r.url());
    });
    // A globe preset: Cesium's workers, imagery and the engine's wasm all come from the sub-path.
    await page.goto(`${BASE}#p=iridium-ship-london`);
    await expect(page.getByTestId('scenario-name')).toHaveText('Iridium: Atlantic ship to London (paper 004, Fig. 4)');
    await expect(page.getByTestId('globe')).toHaveAttribute('data-rendered', 'true');
    await expect.poll(() => simTimeNs(page)).toBeGreaterThan(0);
    // The engine's wasm (fetched by the worker, from the build's assets/) is served as
    // application/wasm, which streaming compilation needs.
    const wasm = readdirSync('dist/assets').find((f) => f.endsWith('.wasm'));
    expect(wasm).toBeTruthy();
    const head = await page.request.get(`${BASE}assets/${wasm}`);
    expect(head.headers()['content-type']).toBe('application/wasm');
    expect(head.headers()['cache-control']).toContain('immutable');
    // The page itself is revalidated, so that a new version replaces the old.
    expect((await page.request.get(BASE)).headers()['cache-control']).toBe('no-cache');
    // The service worker registers beside the page, scoped to the sub-path, not the host.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(BASE);

    // Another preset, then its shared link opened in a fresh context, at the same sub-path.
    await page.getByLabel('Preset').selectOption({
      label: 'One G.711 call over DCCP: CCID4 against UDP, CCID4-N and CCID4-SCA (paper 003 Tables II, IV, V, Fig. 2)',
    });
    await expect.poll(() => simTimeNs(page)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Share & export' }).click();
    const link = await page.getByTestId('share-link').inputValue();
    expect(link.startsWith(`${BASE}#`), link).toBe(true);
    const other = await browser.newContext();
    const page2 = await other.newPage();
    await page2.goto(link);
    await expect(page2.getByTestId('scenario-name')).toHaveText(/^One G\.711 call over DCCP/);
    await expect.poll(() => simTimeNs(page2)).toBeGreaterThan(0);
    await other.close();

    expect(failed).toEqual([]);
    expect(outside).toEqual([]);
    await context.close();
  },
);
