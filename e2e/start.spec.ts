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
  // The card leaves the text it points at readable, once that text has arrived (the lesson's
  // text comes after the card, and the card moves when its target changes size).
  const highlight = page.locator('.tour-highlight');
  await expect(highlight).toHaveAttribute('data-tour', 'description');
  await expect
    .poll(async () => (await highlight.textContent()) ?? '', { message: "the lesson's text arrived" })
    .toContain('A ship in the Atlantic sends 9 kB to London');
  await expect(page.getByTestId('live-text')).not.toBeEmpty();
  await expect
    .poll(
      async () => {
        const target = await highlight.boundingBox();
        const cardBox = await tour.boundingBox();
        if (!target || !cardBox) return 'the card or its target off screen';
        const overlap =
          cardBox.x < target.x + target.width &&
          target.x < cardBox.x + cardBox.width &&
          cardBox.y < target.y + target.height &&
          target.y < cardBox.y + cardBox.height;
        return overlap ? 'the tour card over the text it points at' : 'clear';
      },
      { message: 'the card clear of the text it points at' },
    )
    .toBe('clear');
});

test('the seam lesson\'s card 2 waits for the seam, says "look now" only over a run still going, and replays to it once the run is over', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Start here' })
    .getByRole('button', { name: /The seam/ })
    .click();
  const tour = page.getByRole('dialog', { name: 'Tour' });
  await expect(tour).toHaveAttribute('data-step', '0');
  const events = page.getByTestId('events');
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour).toHaveAttribute('data-step', '1');
  await expect(tour).toHaveAttribute('data-target', 'globe');
  // Card 2 is about the seam separation, 2 s in: the run waits, paused at its start, unfinished.
  const moment = tour.getByTestId('tour-moment');
  await expect(moment).toHaveAttribute('data-reached', 'false');
  await expect(moment).toContainText('This step is about the seam separation, at t = 2 s');
  await expect(moment).toContainText('Waiting for it');
  await expect(moment).not.toContainText('look now');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeEnabled();
  expect(await simTimeNs(page)).toBeLessThan(2e9);
  await expect(events).not.toContainText('finished');

  // Played there: "look now" over a run paused at the seam, far from its end (12 s).
  await tour.getByTestId('tour-play-there').click();
  await expect(moment).toHaveAttribute('data-reached', 'true');
  await expect(moment).toContainText('The run has reached the seam separation');
  await expect(moment).toContainText('look now');
  await expect(moment).toHaveAttribute('data-finished', 'false');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeEnabled();
  await expect(events).not.toContainText('finished');
  expect(await simTimeNs(page)).toBeGreaterThanOrEqual(1.9e9);
  expect(await simTimeNs(page)).toBeLessThan(12e9);

  // The run played to its end: the card no longer says "look now" (the seam is long gone from
  // the screen); it offers to replay to the seam, which pauses there again.
  await page.getByLabel('Speed (simulated seconds per second)').selectOption('1000');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(events).toContainText('finished');
  await expect(moment).toHaveAttribute('data-finished', 'true');
  await expect(moment).not.toContainText('look now');
  await expect(moment).toContainText('The run has finished; the seam separation came at t = 2 s');
  await tour.getByTestId('tour-replay').click();
  await expect(events).not.toContainText('finished');
  await expect(moment).toHaveAttribute('data-finished', 'false');
  await expect(moment).toHaveAttribute('data-reached', 'true');
  await expect(moment).toContainText('look now');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeEnabled();
  expect(await simTimeNs(page)).toBeGreaterThanOrEqual(1.5e9);
  expect(await simTimeNs(page)).toBeLessThan(3e9);
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
