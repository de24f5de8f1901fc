import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

/** Requests that tried to leave the machine (aborted), and console errors, per test. */
export interface Watch {
  external: string[];
  /** Console errors and uncaught page errors, each with where it came from when known. */
  consoleErrors: string[];
  /**
   * From now on, console errors matching `pattern` are expected and not recorded. An exception
   * to the rule, so say why next to the call.
   */
  expectConsoleErrors(pattern: RegExp): void;
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
 * Every test, without asking: in every browser context it uses (the default one and any it opens
 * with `browser.newContext`), non-loopback requests are aborted and recorded, and every page's
 * console errors are recorded; both lists must be empty at the end of the test. Specs import
 * `test` from here (web/src/e2eSpecs.test.ts checks), never from '@playwright/test'.
 */
export const test = base.extend<{ watch: Watch }>({
  watch: [
    async ({ browser, context }, use) => {
      const expected: RegExp[] = [];
      const watch: Watch = {
        external: [],
        consoleErrors: [],
        expectConsoleErrors: (pattern) => void expected.push(pattern),
      };
      const record = (line: string) => {
        if (!expected.some((re) => re.test(line))) watch.consoleErrors.push(line);
      };
      const watchPage = (page: Page) => {
        page.on('console', (m) => {
          // A failed load names its resource only in the location.
          if (m.type() === 'error') record(m.location().url ? `${m.text()} (at ${m.location().url})` : m.text());
        });
        page.on('pageerror', (e) => record(`pageerror: ${e.message}`));
      };
      const routed: Promise<unknown>[] = [];
      const watchContext = (ctx: BrowserContext) => {
        // Registered as the context is created, before the test can open a page in it; a
        // context left unwatched fails the test.
        const route = ctx.route('**/*', (r) => {
          const url = r.request().url();
          if (isLocal(url)) return r.continue();
          watch.external.push(url);
          return r.abort();
        });
        routed.push(route.catch((e: unknown) => watch.external.push(`(the watch could not be set: ${String(e)})`)));
        ctx.on('page', watchPage);
        ctx.pages().forEach(watchPage);
      };
      watchContext(context);
      browser.on('context', watchContext);
      try {
        await Promise.all(routed);
        await use(watch);
      } finally {
        browser.off('context', watchContext);
      }
      expect(watch.external, 'requests that left localhost').toEqual([]);
      expect(watch.consoleErrors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits for `n` frames the page has drawn. A check that something does NOT happen (the clock
 * stays paused, a card stays closed) gives the app these frames to go wrong in: a count of the
 * page's own frames, not a span of wall time, so a busy machine draws them later but no fewer.
 */
export async function frames(page: Page, n: number): Promise<void> {
  await page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        let left = count;
        const tick = () => (--left <= 0 ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    n,
  );
}

/**
 * Waits until the page has no CSS transition or animation running (a panel sliding in, a theme
 * fading), then for two more frames: the page as a user sees it once it has stopped moving.
 */
export async function settled(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length), {
      message: 'animations and transitions finished',
    })
    .toBe(0);
  await frames(page, 2);
}

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

/**
 * Replaces the scenario editor's text as a user does: click in it, Ctrl+A (the editor selects the
 * whole document, also the lines it has not drawn), then type. Playwright's `fill` selects only
 * what the code editor has drawn, so a long scenario would keep its undrawn tail.
 */
export async function setEditorText(page: Page, text: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: 'Scenario JSON' });
  await editor.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
  await expect(editor).toHaveText(text.replace(/\n/g, ''));
}

/** A `#s=` link for a scenario (deflate-raw, base64url), built in the page. */
export async function linkFor(page: Page, scenario: object): Promise<string> {
  return page.evaluate(async (text) => {
    const cs = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    const out = new Uint8Array(await new Response(cs).arrayBuffer());
    return (
      '#s=' +
      btoa(String.fromCharCode(...out))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    );
  }, JSON.stringify(scenario));
}
