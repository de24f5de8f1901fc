/**
 * The first minute: a page opened with no scenario in its link offers three lessons ("Start
 * here"), a shared link does not, and no globe area flashes before a model without one.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, frames, simTimeNs, test } from './fixtures';

test('a first visit offers three lessons; one click opens its preset with the tour, and the card goes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Start here' });
  await expect(card).toBeVisible();
  const lessons = card.getByRole('listitem').getByRole('button');
  await expect(lessons).toHaveCount(3);
  await expect(lessons.nth(0)).toContainText('The seam');
  await expect(lessons.nth(1)).toContainText('A queue');
  await expect(lessons.nth(2)).toContainText('TCP across the pole');
  // Legible at 1280x720: on screen whole, text 14 px or more (16 in presenter mode, below).
  const box = (await card.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(680);
  const smallest = () =>
    card.evaluate((c) =>
      Math.min(...[...c.querySelectorAll('h2, p, strong, span')].map((e) => parseFloat(getComputedStyle(e).fontSize))),
    );
  expect(await smallest()).toBeGreaterThanOrEqual(14);
  await page.screenshot({ path: 'reports/screenshots/start-here.png' });
  const axe = await new AxeBuilder({ page }).include('.start-here').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.keyboard.press('m');
  await expect(page.getByRole('button', { name: 'Presenter' })).toHaveAttribute('aria-pressed', 'true');
  expect(await smallest()).toBeGreaterThanOrEqual(16);
  await page.keyboard.press('m');

  // From the keyboard: Tab to the first lesson, Enter.
  await lessons.nth(0).focus();
  await page.keyboard.press('Enter');
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('scenario-name')).toContainText('9 kB');
  const tour = page.getByRole('dialog', { name: 'Tour' });
  await expect(tour).toBeVisible();
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#p=tcp-iridium-9kb-seam/);
  // The lesson's run waits for its cards: paused at the start, and the card says how to play it.
  await expect(tour.getByTestId('tour-waits')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  expect(await simTimeNs(page)).toBe(0);
  await expect(tour.getByRole('button', { name: 'Next' })).toBeFocused();
  // The card leaves the text it points at readable.
  const target = await page.locator('.tour-highlight').boundingBox();
  const cardBox = await tour.boundingBox();
  expect(target && cardBox, 'the card and its target on screen').toBeTruthy();
  const overlap =
    cardBox!.x < target!.x + target!.width &&
    target!.x < cardBox!.x + cardBox!.width &&
    cardBox!.y < target!.y + target!.height &&
    target!.y < cardBox!.y + cardBox!.height;
  expect(overlap, 'the tour card over the text it points at').toBe(false);
});

test('the card closes with × or Esc, and a shared link never shows it', async ({ page }) => {
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Start here' });
  await card.getByRole('button', { name: 'Hide Start here' }).click();
  await expect(card).toHaveCount(0);

  await page.goto('about:blank');
  await page.goto('/');
  await expect(card).toBeVisible();
  // The scenario editor takes the card's place; Esc closes the editor first, then the card.
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  await expect(card).toHaveCount(0);
  await page.locator('body').press('Escape');
  await expect(page.getByRole('region', { name: 'Scenario editor' })).toHaveCount(0);
  await expect(card).toBeVisible();
  await page.locator('body').press('Escape');
  await expect(card).toHaveCount(0);

  for (const link of ['/#p=mm1-load-0.8', '/#p=iridium-ship-london']) {
    await page.goto('about:blank');
    await page.goto(link);
    await expect(page.getByTestId('scenario-name')).not.toHaveText('');
    await frames(page, 30);
    await expect(card, link).toHaveCount(0);
  }
});

test('no globe area (nor its camera buttons) shows, even for a moment, before a model without one', async ({
  page,
}) => {
  // Every frame from the first: was the globe's area or its toolbar ever on screen?
  await page.addInitScript(() => {
    const w = window as unknown as { globeSeen: boolean };
    w.globeSeen = false;
    const look = () => {
      const wrap = document.querySelector<HTMLElement>('.globe-wrap');
      if ((wrap && !wrap.hidden && wrap.offsetHeight > 0) || document.querySelector('.globe-tools')) w.globeSeen = true;
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto('/');
  await expect(page.getByTestId('scenario-name')).toContainText('M/M/1');
  await frames(page, 30);
  expect(await page.evaluate(() => (window as unknown as { globeSeen: boolean }).globeSeen)).toBe(false);

  // A link to a constellation has its globe from the start (no layout jump either).
  await page.goto('/#p=iridium-ship-london');
  await expect(page.getByTestId('globe')).toBeVisible();
});
