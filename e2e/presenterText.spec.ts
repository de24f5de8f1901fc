/**
 * Presenter mode as the back row sees it: at 1280x720, for every preset (and in Sweep & compare),
 * every text is at least 16 px (also what a scroll brings into view), no two visible texts
 * overlap, no chart text is cut by its chart's edge, and the header shows the preset's whole
 * name. The globe's labels are HTML over the canvas (GlobeController.placeLabels), so they are
 * measured like any other text. No exceptions are allowed.
 */
import type { Page } from '@playwright/test';
import { expect, frames, test } from './fixtures';

interface TextBox {
  text: string;
  size: number;
  x: number;
  y: number;
  w: number;
  h: number;
  /** The nearest ancestor that identifies it (for the failure message). */
  where: string;
  /** Which text it is a line of (a text's lines are boxes of their own). */
  node: number;
  /** Part of it cut off by its chart's edge (SVG text only: a scrolling panel cuts text too). */
  cut: boolean;
}

/**
 * Every rendered text of the page: DOM text nodes (one box per line), SVG text, and the value
 * shown by a select or an input. Boxes are clipped by their scrolling or clipping ancestors and
 * by the window; `offscreen` are those the clipping left nothing of (still held to 16 px: a
 * scroll brings them into view).
 */
async function texts(page: Page): Promise<{ shown: TextBox[]; offscreen: TextBox[] }> {
  return page.evaluate(() => {
    // Computed per element once: a page has thousands of text nodes under a few hundred elements.
    const styles = new Map<Element, CSSStyleDeclaration>();
    const style = (e: Element) => {
      let s = styles.get(e);
      if (!s) styles.set(e, (s = getComputedStyle(e)));
      return s;
    };
    /** Per element: its clipping box (ancestors' overflow and the window), or null when hidden. */
    const clips = new Map<Element, { l: number; t: number; r: number; b: number } | null>();
    const clipOf = (e: Element | null): { l: number; t: number; r: number; b: number } | null => {
      if (!e) return { l: 0, t: 0, r: window.innerWidth, b: window.innerHeight };
      if (clips.has(e)) return clips.get(e)!;
      const up = clipOf(e.parentElement);
      let c = up;
      const s = style(e);
      // Visually hidden text for screen readers (1 px, clipped): not on screen.
      if (s.clip.startsWith('rect(0')) c = null;
      else if (up && (s.overflowX !== 'visible' || s.overflowY !== 'visible')) {
        const r = e.getBoundingClientRect();
        c = { ...up };
        if (s.overflowX !== 'visible') {
          c.l = Math.max(c.l, r.left);
          c.r = Math.min(c.r, r.right);
        }
        if (s.overflowY !== 'visible') {
          c.t = Math.max(c.t, r.top);
          c.b = Math.min(c.b, r.bottom);
        }
      }
      clips.set(e, c);
      return c;
    };
    const where = (e: Element) => {
      const parts: string[] = [];
      for (let x: Element | null = e; x && parts.length < 3; x = x.parentElement) {
        const id = x.getAttribute('aria-label') ?? x.getAttribute('data-testid') ?? x.getAttribute('class');
        parts.push(`${x.tagName.toLowerCase()}${id ? `[${id.slice(0, 40)}]` : ''}`);
      }
      return parts.join(' < ');
    };
    const shown: TextBox[] = [];
    const offscreen: TextBox[] = [];
    const outside = (a: DOMRect, c: DOMRect) =>
      a.left < c.left - 1 || a.right > c.right + 1 || a.top < c.top - 1 || a.bottom > c.bottom + 1;
    let node = 0;
    const add = (e: Element, text: string, rect: DOMRect) => {
      if (rect.width < 1 || rect.height < 1) return;
      const s = style(e);
      if (s.visibility !== 'visible') return;
      if (!e.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return;
      const k = clipOf(e);
      if (k === null) {
        // Under a screen-reader-only ancestor, or scrolled out by one: decide which.
        for (let x: Element | null = e; x; x = x.parentElement) if (style(x).clip.startsWith('rect(0')) return;
      }
      const l = k ? Math.max(rect.left, k.l) : rect.left;
      const t = k ? Math.max(rect.top, k.t) : rect.top;
      const r = k ? Math.min(rect.right, k.r) : rect.right;
      const b = k ? Math.min(rect.bottom, k.b) : rect.bottom;
      const on = k !== null && r - l > 1 && b - t > 1;
      const box = {
        text: text.trim().slice(0, 60),
        size: parseFloat(s.fontSize),
        x: on ? l : rect.left,
        y: on ? t : rect.top,
        w: on ? r - l : rect.width,
        h: on ? b - t : rect.height,
        where: where(e),
        node,
        cut: on && e instanceof SVGGraphicsElement && outside(rect, e.ownerSVGElement!.getBoundingClientRect()),
      };
      (on ? shown : offscreen).push(box);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || !n.textContent?.trim()) continue;
      if (parent.closest('option, script, style, svg, select, [hidden]')) continue;
      range.selectNodeContents(n);
      node++;
      for (const r of range.getClientRects()) add(parent, n.textContent, r);
    }
    for (const t of document.querySelectorAll('svg text')) {
      if (!t.textContent?.trim()) continue;
      const spans = [...t.querySelectorAll('tspan')].filter((sp) => sp.textContent?.trim());
      node++;
      if (spans.length) for (const sp of spans) add(sp, sp.textContent!, sp.getBoundingClientRect());
      else add(t, t.textContent, t.getBoundingClientRect());
    }
    for (const f of document.querySelectorAll<HTMLSelectElement | HTMLInputElement>('select, input')) {
      if (f instanceof HTMLInputElement && ['range', 'checkbox', 'radio', 'hidden', 'color', 'file'].includes(f.type))
        continue;
      const text = f instanceof HTMLSelectElement ? (f.selectedOptions[0]?.text ?? '') : f.value || f.placeholder;
      node++;
      if (text.trim()) add(f, text, f.getBoundingClientRect());
    }
    return { shown, offscreen };
  });
}

/** Pairs of boxes that share more than a sliver (1.5 px each way). */
function overlaps(boxes: TextBox[]): string[] {
  const out: string[] = [];
  const slack = 1.5;
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      if (a.node === b.node) continue;
      const ox = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
      const oy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
      if (ox > slack && oy > slack) out.push(`"${a.text}" (${a.where}) overlaps "${b.text}" (${b.where})`);
    }
  return out;
}

const fmt = (b: TextBox) => `"${b.text}" ${b.size}px at ${Math.round(b.x)},${Math.round(b.y)} (${b.where})`;

test('presenter mode at 1280x720: every preset, every text 16 px or more, none overlapping, the whole title', async ({
  page,
}) => {
  // About 3 s a preset (a globe's take longest).
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  const options = await page
    .getByRole('combobox', { name: 'Preset' })
    .locator('option')
    .evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent!]).filter(([v]) => v));
  const ids = options.map(([v]) => v);
  const names = new Map(options.map(([v, n]) => [v, n]));
  expect(ids.length).toBeGreaterThan(10);
  // At 10x: the first rows arrive within a second, and a run at max speed does not hold the page.
  const view = Buffer.from('{"presenter":true,"speed":10}').toString('base64url');
  const problems: string[] = [];
  for (const id of ids) {
    await page.goto(`/#p=${id}&v=${view}`);
    await expect(page.getByRole('button', { name: 'Presenter' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('combobox', { name: 'Preset' })).toHaveValue(id);
    // Paused right after it starts: the first rows drawn, the CPU left alone.
    await expect(page.locator('.charts svg[data-points]').first()).not.toHaveAttribute('data-points', '0');
    const pause = page.getByRole('button', { name: 'Pause', exact: true });
    // Space, not a click: a click waits for a still button, and a busy run redraws it.
    if (await pause.isVisible()) await page.keyboard.press(' ');
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await frames(page, 3);
    const { shown, offscreen } = await texts(page);
    for (const b of [...shown, ...offscreen]) if (b.size < 16) problems.push(`${id}: ${fmt(b)} below 16 px`);
    for (const o of overlaps(shown)) problems.push(`${id}: ${o}`);
    // The header: the preset's whole name as the title, neither cut nor run over, in two lines
    // at most.
    const title = await page.getByTestId('scenario-name').evaluate((e) => ({
      text: e.textContent,
      cut: e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > window.innerWidth,
      lines: Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)),
    }));
    if (title.text !== names.get(id)) problems.push(`${id}: the header says "${title.text}"`);
    if (title.cut) problems.push(`${id}: the header's title is cut`);
    if (title.lines > 2) problems.push(`${id}: the header's title takes ${title.lines} lines`);
    for (const b of shown) if (b.cut) problems.push(`${id}: ${fmt(b)} cut by its chart's edge`);
  }
  expect(problems).toEqual([]);
});

test('presenter mode at 1280x720: Sweep & compare, its curves drawn, every text 16 px or more, none overlapping', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/#p=voip-leo-codes&v=${Buffer.from('{"presenter":true}').toString('base64url')}`);
  await expect(page.getByRole('button', { name: 'Presenter' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Sweep & compare' }).click();
  await page.getByLabel('Duration per run').fill('3');
  await page.getByLabel('Sweep values').fill('25, 75, 125');
  await page.getByRole('button', { name: 'Run sweep' }).click();
  const results = page.getByTestId('sweep-results');
  await expect(results).toBeVisible();
  const charts = results.locator('figure.chart');
  const problems: string[] = [];
  // Chart by chart, each scrolled into view (the panel scrolls).
  for (let i = 0; i < (await charts.count()); i++) {
    await charts.nth(i).scrollIntoViewIfNeeded();
    const { shown, offscreen } = await texts(page);
    for (const b of [...shown, ...offscreen]) if (b.size < 16) problems.push(`${fmt(b)} below 16 px`);
    problems.push(...overlaps(shown));
    for (const b of shown) if (b.cut) problems.push(`${fmt(b)} cut by its chart's edge`);
  }
  expect([...new Set(problems)]).toEqual([]);
});

test('presenter mode: Parameters fits its fields at 16 px, the camera buttons clear the imagery credit, a lab reads at 16 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const presenter = `v=${Buffer.from('{"presenter":true}').toString('base64url')}`;
  await page.goto(`/#p=iridium-ship-london&${presenter}`);
  await expect(page.locator('html')).toHaveAttribute('data-presenter', 'true');
  await page.getByRole('button', { name: 'Parameters', exact: true }).click();
  const panel = page.getByRole('complementary', { name: 'Parameters' });
  await expect(panel).toBeVisible();
  const edge = (await panel.boundingBox())!;
  // Every field and button of the Run group inside the panel (the seed's New button was cut).
  for (const el of await panel
    .locator('.param-input')
    .first()
    .locator('xpath=../..')
    .locator('input, select, textarea, button')
    .all()) {
    const b = await el.boundingBox();
    if (!b || b.width === 0) continue;
    expect(b.x + b.width, await el.evaluate((e) => e.outerHTML.slice(0, 60))).toBeLessThanOrEqual(edge.x + edge.width);
  }
  const newSeed = panel.getByRole('button', { name: 'New', exact: true });
  const nb = (await newSeed.boundingBox())!;
  expect(nb.x + nb.width).toBeLessThanOrEqual(edge.x + edge.width);
  const px = (l: ReturnType<Page['locator']>) => l.evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  expect(await px(panel.getByRole('heading', { name: 'Parameters' }))).toBeGreaterThanOrEqual(18);
  expect(await px(panel.locator('.file-load').first())).toBeGreaterThanOrEqual(16);
  // The camera buttons and the imagery credit do not overlap (once the globe has drawn both).
  const creditBox = page.locator('.globe .cesium-widget-credits');
  const toolsBox = page.locator('.globe-tools');
  await expect
    .poll(async () => (await creditBox.boundingBox())?.width ?? 0, { message: 'the imagery credit is drawn' })
    .toBeGreaterThan(0);
  await expect
    .poll(async () => (await toolsBox.boundingBox())?.width ?? 0, { message: 'the camera buttons are drawn' })
    .toBeGreaterThan(0);
  const credit = (await creditBox.boundingBox())!;
  const tools = (await toolsBox.boundingBox())!;
  expect(
    credit.y + credit.height <= tools.y ||
      tools.y + tools.height <= credit.y ||
      credit.x + credit.width <= tools.x ||
      tools.x + tools.width <= credit.x,
    `camera buttons ${JSON.stringify(tools)} over the imagery credit ${JSON.stringify(credit)}`,
  ).toBe(true);

  // A lab's question, prediction and buttons.
  await page.goto(`/#l=codes-pf&${presenter}`);
  const lab = page.getByTestId('lab');
  await expect(lab).toBeVisible();
  const smallest = await lab.evaluate((l) =>
    Math.min(
      ...[...l.querySelectorAll('h2, p, button, legend, span, label')]
        .filter((e) => (e as HTMLElement).offsetParent !== null && e.textContent?.trim())
        .map((e) => parseFloat(getComputedStyle(e).fontSize)),
    ),
  );
  expect(smallest).toBeGreaterThanOrEqual(16);
});
