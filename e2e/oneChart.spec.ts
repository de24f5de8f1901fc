/**
 * Presenter mode's one chart at a time (docs/USING.md, the help dialog): a toggle above the
 * charts, "chart 2 of 4", and the keys a presentation clicker sends (PageUp/PageDown, ←/→)
 * paging through the charts only while it is on.
 */
import { expect, simTimeNs, test } from './fixtures';

test('one chart at a time: the toggle, "chart k of n", PageDown/PageUp and ←/→ page, → steps when it is off', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/#p=mm1-load-0.8&v=${Buffer.from('{"presenter":true}').toString('base64url')}`);
  const figures = page.locator('.charts figure.chart');
  await expect(figures.first()).toBeVisible();
  await expect(page.locator('.charts svg[data-points]').first()).not.toHaveAttribute('data-points', '0');
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  const n = await figures.count();
  expect(n).toBeGreaterThan(2);
  const titles = await figures.evaluateAll((fs) => fs.map((f) => f.getAttribute('aria-label')));

  // Off: → steps one simulated second, PageDown pages nothing.
  const before = await simTimeNs(page);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => simTimeNs(page)).toBeGreaterThan(before);
  await page.keyboard.press('PageDown');
  await expect(figures).toHaveCount(n);

  const toggle = page.getByRole('button', { name: 'One chart' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const where = page.getByTestId('chart-page');
  await expect(where).toHaveText(`chart 1 of ${n}`);
  await expect(figures).toHaveCount(1);
  await expect(figures.first()).toHaveAttribute('aria-label', titles[0]!);
  // The one chart takes the room of them all.
  const tall = await figures.first().evaluate((f) => f.getBoundingClientRect().height);
  expect(tall).toBeGreaterThan(400);

  // The clicker's keys, with the focus left on the toggle just clicked.
  const t = await simTimeNs(page);
  await page.keyboard.press('PageDown');
  await expect(where).toHaveText(`chart 2 of ${n}`);
  await expect(figures.first()).toHaveAttribute('aria-label', titles[1]!);
  await page.keyboard.press('ArrowRight');
  await expect(where).toHaveText(`chart 3 of ${n}`);
  expect(await simTimeNs(page), '→ pages instead of stepping').toBe(t);
  await page.keyboard.press('PageUp');
  await expect(where).toHaveText(`chart 2 of ${n}`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(where).toHaveText(`chart ${n} of ${n}`);
  await expect(figures.first()).toHaveAttribute('aria-label', titles[n - 1]!);
  // The buttons page too.
  await page.getByRole('button', { name: 'Next chart' }).click();
  await expect(where).toHaveText(`chart 1 of ${n}`);
  // Space still plays and pauses; the shortcuts list the keys.
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('PageUp / PageDown');
  await page.keyboard.press('Escape');

  // Out of presenter mode every chart is back, and the keys are the usual ones.
  await page.keyboard.press('m');
  await expect(page.getByRole('button', { name: 'Presenter' })).toHaveAttribute('aria-pressed', 'false');
  await expect(figures).toHaveCount(n);
  await expect(toggle).toHaveCount(0);
  const t2 = await simTimeNs(page);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => simTimeNs(page)).toBeGreaterThan(t2);
  // Back in presenter mode, the one chart view is as it was left.
  await page.keyboard.press('m');
  await expect(where).toHaveText(`chart 1 of ${n}`);
});

test('paging one chart at a time brings the chart on screen, also below Inside the wire', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/#p=tcp-iridium-9kb-seam&v=${Buffer.from('{"presenter":true}').toString('base64url')}`);
  const figures = page.locator('.charts figure.chart');
  await expect(figures.first()).toBeVisible();
  await page.getByRole('button', { name: 'One chart' }).click();
  const where = page.getByTestId('chart-page');
  for (const k of [2, 3]) {
    await page.keyboard.press('PageDown');
    await expect(where).toHaveText(new RegExp(`^chart ${k} of`));
    // The chart's title row and most of its plot are inside the window.
    await expect
      .poll(() =>
        figures.first().evaluate((f) => {
          const r = f.getBoundingClientRect();
          return r.top >= 0 && r.top < window.innerHeight - 200;
        }),
      )
      .toBe(true);
  }
});
