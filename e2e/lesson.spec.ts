import type { Page } from '@playwright/test';
import { expect, simTimeNs, test } from './fixtures';

/** Presses Tab until the focused element's accessible text matches `name` (at most `most` times). */
async function tabTo(page: Page, name: RegExp, most = 80): Promise<void> {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    const label = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : '';
    });
    if (name.test(label)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

/** Opens a preset from the gallery by keyboard: G, type in the search, Tab to Open, Enter. */
async function openByKeyboard(page: Page, search: string, title: string): Promise<void> {
  await page.keyboard.press('g');
  const box = page.getByLabel('Search the presets');
  if (!(await box.evaluate((el) => el === document.activeElement))) await tabTo(page, /^Search the presets$/);
  await page.keyboard.type(search);
  await tabTo(page, /^Open$/);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('scenario-name')).toHaveText(title);
}

test('a lesson by keyboard only, in presenter mode at 1280x720: the 9 kB transfer event by event, its diagram, a story, a lost segment', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/');
  await expect(page.getByTestId('scenario-name')).not.toBeEmpty();
  await page.keyboard.press('m');
  await expect(page.locator(':root')).toHaveAttribute('data-presenter', 'true');

  await openByKeyboard(
    page,
    '9 kB file as the seam arrives',
    'TCP over Iridium: a 9 kB file as the seam arrives (paper 004 Figs. 7-8)',
  );
  // Space pauses, R resets (paused at zero), N steps one packet event at a time, B goes back.
  await page.keyboard.press('Space');
  await page.keyboard.press('r');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  const event = page.getByTestId('wire-event');
  await page.keyboard.press('n');
  await expect(event).toContainText('Event #0 at t = 1.960000 s: Atlantic ship sends segment 0');
  for (let i = 0; i < 10; i++) await page.keyboard.press('n');
  await expect(event).toHaveAttribute('data-n', '10');
  await expect(event).toContainText('after waiting 5.632 ms behind 1 packet');
  await page.keyboard.press('b');
  await expect(event).toHaveAttribute('data-n', '9');
  // Play to the end: the diagram shows the ACKs' 1-hop and 8-hop routes.
  await page.keyboard.press('Space');
  await expect(page.getByTestId('events')).toContainText('finished');
  const diagram = page.getByTestId('sequence-diagram');
  await expect(diagram.locator('.seq-arrow[data-ack="true"][data-hops="1"]').first()).toBeAttached();
  await expect(diagram.locator('.seq-arrow[data-ack="true"][data-hops="8"]').first()).toBeAttached();
  // Tab to an ACK over the pole, Enter: its story, and the run goes to its moment (a replay),
  // with the packets on the globe.
  await tabTo(page, /^Story of the ACK asking for segment \d+, 8 ISL hops/, 200);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('packet-story')).toContainText('over 8 inter-satellite links');
  await expect.poll(() => simTimeNs(page)).toBeLessThan(3e9);
  await expect
    .poll(async () => (await page.getByTestId('globe').getAttribute('data-packets')) ?? '0,0')
    .not.toBe('0,0');
  await page.screenshot({ path: 'reports/screenshots/lesson-presenter.png' });

  // Why did this packet die: the 15 MB transfer's first loss (L), then its segment's resend.
  await openByKeyboard(
    page,
    'hawaii 15 MB',
    'TCP over Iridium: 15 MB while the seam moves away (paper 004 Table 4, Figs. 7-8)',
  );
  await page.keyboard.press('Space');
  await page.keyboard.press('r');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  await page.keyboard.press('l');
  await expect(event).toContainText("is lost at Hawaii gateway: the link's buffer was full.");
  await tabTo(page, /^Follow segment \d+ to its resend/, 200);
  await page.keyboard.press('Enter');
  await expect(event).toContainText('again (packet #');
  await expect(page.getByTestId('packet-story').locator('.story-why')).toContainText(
    'A retransmission: the ACKs showed it lost (SACK or three duplicate ACKs). Earlier: packet #',
  );
});
