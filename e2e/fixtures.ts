import { test as base, expect, type Page } from '@playwright/test';

/** Requests that tried to leave the machine (aborted), and console errors, per test. */
export interface Watch {
  external: string[];
  consoleErrors: string[];
}

const isLocal = (url: string) => {
  if (url.startsWith('data:') || url.startsWith('blob:')) return true;
  try {
    const h = new URL(url).hostname;
    return h === '127.0.0.1' || h === 'localhost' || h === '[::1]' || h === '::1';
  } catch {
    return false;
  }
};

/**
 * Every test gets a page whose non-loopback requests are aborted and recorded, and whose
 * console errors are recorded; both lists must be empty at the end of the test.
 */
export const test = base.extend<{ watch: Watch }>({
  watch: async ({ context, page }, use) => {
    const watch: Watch = { external: [], consoleErrors: [] };
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (isLocal(url)) return route.continue();
      watch.external.push(url);
      return route.abort();
    });
    page.on('console', (m) => {
      if (m.type() === 'error') watch.consoleErrors.push(m.text());
    });
    page.on('pageerror', (e) => watch.consoleErrors.push(`pageerror: ${e.message}`));
    await use(watch);
    expect(watch.external, 'requests that left localhost').toEqual([]);
    expect(watch.consoleErrors, 'console errors').toEqual([]);
  },
});

export { expect };

/** Simulated time shown by the playback bar [ns]. */
export async function simTimeNs(page: Page): Promise<number> {
  return Number(await page.getByTestId('sim-time').getAttribute('data-now-ns'));
}

/**
 * Distinct colours in a screenshot of `selector`, counted in the page itself (the PNG is
 * decoded by the browser), in 8-level-per-channel bins.
 */
export async function distinctColours(page: Page, selector: string): Promise<{ colours: number; nonBlack: number }> {
  const png = await page.locator(selector).screenshot();
  return page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    const bins = new Set<number>();
    let nonBlack = 0;
    for (let i = 0; i < d.length; i += 4) {
      bins.add(((d[i] >> 5) << 6) | ((d[i + 1] >> 5) << 3) | (d[i + 2] >> 5));
      if (d[i] + d[i + 1] + d[i + 2] > 60) nonBlack++;
    }
    return { colours: bins.size, nonBlack: nonBlack / (d.length / 4) };
  }, png.toString('base64'));
}
