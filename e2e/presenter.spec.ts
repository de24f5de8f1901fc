import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Elements of the charts whose box leaves their chart's box (clipped text), as descriptions. */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const fig of document.querySelectorAll<HTMLElement>('.charts figure.chart')) {
      const svg = fig.querySelector('svg')!;
      const sb = svg.getBoundingClientRect();
      for (const t of svg.querySelectorAll<SVGTextElement>('.legend text, .axis-label, .axis text')) {
        const b = t.getBoundingClientRect();
        if (b.width === 0) continue;
        if (b.left < sb.left - 1 || b.right > sb.right + 1 || b.top < sb.top - 1 || b.bottom > sb.bottom + 1)
          out.push(`${fig.getAttribute('aria-label')}: "${t.textContent}"`);
      }
      const cap = fig.querySelector('figcaption')!;
      if (cap.scrollWidth > cap.clientWidth + 1) out.push(`${fig.getAttribute('aria-label')}: title row overflows`);
    }
    return out;
  });
}

/** The smallest font size [px] of the charts' text. */
async function smallestChartText(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.min(
      ...[...document.querySelectorAll('.charts svg text')].map((t) => parseFloat(getComputedStyle(t).fontSize)),
    ),
  );
}

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1600, height: 900 },
]) {
  test(`presenter mode at ${viewport.width}x${viewport.height}: chart text 16 px or more, nothing clipped, events in a strip`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/#p=iridium-ship-london');
    const presenter = page.getByRole('button', { name: 'Presenter' });
    await expect(presenter).toHaveAttribute('aria-pressed', 'false');
    await expect(
      page.getByRole('img', { name: 'One-way delay chart' }).locator('.axis-x .tick').first(),
    ).toBeAttached();
    expect(await smallestChartText(page)).toBeLessThan(16);
    await presenter.click();
    await expect(presenter).toHaveAttribute('aria-pressed', 'true');
    // A link flag: the view carries it.
    await expect.poll(() => new URL(page.url()).hash).toMatch(/&v=/);
    const v = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('v')!;
    expect(JSON.parse(Buffer.from(v, 'base64url').toString('utf8')).presenter).toBe(true);

    await page.getByLabel('Speed (simulated seconds per second)').selectOption('1000');
    const delay = page.getByRole('img', { name: 'One-way delay chart' });
    await expect.poll(() => delay.locator('line.marker').count()).toBeGreaterThan(2);
    // Space, not a click on Pause: a click waits for a still button, and the 1000x globe run
    // redraws it for many seconds.
    await page.keyboard.press(' ');
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    expect(await smallestChartText(page)).toBeGreaterThanOrEqual(16);
    expect(await clipped(page)).toEqual([]);
    // Thick lines, and the delay chart's events below its curve, in their strip.
    // (Read in one go: a redraw may replace the element between a locate and a read.)
    await expect
      .poll(() =>
        page.evaluate(() =>
          parseFloat(getComputedStyle(document.querySelector('.charts path.series-line')!).strokeWidth),
        ),
      )
      .toBeGreaterThanOrEqual(3);
    const m = delay.locator('line.marker').first();
    expect(Number(await m.getAttribute('y2')) - Number(await m.getAttribute('y1'))).toBeLessThan(16);
    // The header's text is large too.
    expect(
      await page.getByTestId('scenario-name').evaluate((e) => parseFloat(getComputedStyle(e).fontSize)),
    ).toBeGreaterThanOrEqual(16);
    await page.screenshot({ path: `reports/screenshots/presenter-${viewport.width}.png` });

    // Every other model in presenter mode: nothing clipped either.
    for (const id of ['mm1-load-0.8', 'voip-leo-codes', 'pss-b1-known-ef']) {
      await page.goto(`/#p=${id}&v=${Buffer.from('{"presenter":true}').toString('base64url')}`);
      await expect(page.getByRole('button', { name: 'Presenter' })).toHaveAttribute('aria-pressed', 'true');
      await expect
        .poll(() => page.locator('.charts svg[data-points]').first().getAttribute('data-points'))
        .not.toBe('0');
      expect(await smallestChartText(page), id).toBeGreaterThanOrEqual(16);
      expect(await clipped(page), id).toEqual([]);
    }

    // M toggles it off again.
    await page.locator('body').press('m');
    await expect(page.getByRole('button', { name: 'Presenter' })).toHaveAttribute('aria-pressed', 'false');
  });
}
