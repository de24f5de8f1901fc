/**
 * The shortcuts docs/USING.md promises (Keyboard: "↑/↓ speed, R reset, G gallery, S share")
 * that share.spec.ts's shortcut test does not already press.
 */
import { expect, frames, simTimeNs, test } from './fixtures';

test('↑ and ↓ change the speed one step, R resets the run, G opens the gallery and S the share dialog', async ({
  page,
}) => {
  await page.goto('/');
  await expect.poll(() => simTimeNs(page)).toBeGreaterThan(0);
  const speed = page.getByLabel('Speed (simulated seconds per second)');
  const start = await speed.inputValue();
  await page.locator('body').click({ position: { x: 5, y: 300 } });

  await page.keyboard.press('ArrowUp');
  await expect(speed).not.toHaveValue(start);
  const faster = await speed.inputValue();
  await page.keyboard.press('ArrowDown');
  await expect(speed).toHaveValue(start);
  expect(Number(faster === 'max' ? Infinity : faster)).toBeGreaterThan(Number(start === 'max' ? Infinity : start));

  // R: back to t = 0 (paused or replaying from the start: never further than before).
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  const before = await simTimeNs(page);
  expect(before).toBeGreaterThan(0);
  await page.keyboard.press('r');
  await expect.poll(() => simTimeNs(page)).toBeLessThan(before);

  await page.keyboard.press('g');
  const gallery = page.getByRole('dialog', { name: 'Presets gallery' });
  await expect(gallery).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(gallery).toHaveCount(0);

  await page.keyboard.press('s');
  const share = page.getByRole('dialog', { name: /Share/ });
  await expect(share).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(share).toHaveCount(0);
});

test('Space plays and pauses after a click on a button (not pressing it again), but not in a select', async ({
  page,
}) => {
  await page.goto('/#p=mm1-load-0.8');
  await expect.poll(() => simTimeNs(page)).toBeGreaterThan(0);
  const play = page.getByRole('button', { name: 'Play' });
  const pause = page.getByRole('button', { name: 'Pause' });

  // Step pauses; Space with the focus still on Step plays instead of stepping again.
  await page.getByRole('button', { name: 'Step +1 s' }).click();
  await expect(play).toBeVisible();
  await page.keyboard.press(' ');
  await expect(pause).toBeVisible();
  // After the theme button: Space pauses, and the theme stays.
  await page.getByRole('button', { name: 'Light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.keyboard.press(' ');
  await expect(play).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  // After a click on the Pause button itself: one toggle, not two.
  await play.click();
  await expect(pause).toBeVisible();
  await pause.click();
  await expect(play).toBeVisible();
  await page.keyboard.press(' ');
  await expect(pause).toBeVisible();

  // In the speed menu, Space belongs to the menu.
  await page.getByLabel('Speed (simulated seconds per second)').focus();
  await page.keyboard.press(' ');
  await frames(page, 5);
  await expect(pause).toBeVisible();
});

test('Esc closes the scenario editor with the cursor inside it; typing a space there does not pause', async ({
  page,
}) => {
  await page.goto('/#p=mm1-load-0.8');
  await expect.poll(() => simTimeNs(page)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  const editor = page.getByRole('textbox', { name: 'Scenario JSON' });
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: 'Scenario editor' })).toHaveCount(0);
  await expect(editor).toHaveCount(0);
});

test('during a constellation run Tab leaves the event log and reaches Pin, the charts, their event boxes and playback', async ({
  page,
}) => {
  await page.goto('/#p=iridium-ship-london');
  await page.getByLabel('Speed (simulated seconds per second)').selectOption('1000');
  const log = page.getByTestId('event-log');
  await expect.poll(() => log.locator('li').count()).toBeGreaterThan(4);
  // Back to 100x: the log still grows while Tab goes round (a handover every few seconds).
  await page.getByLabel('Speed (simulated seconds per second)').selectOption('100');
  // Where each Tab lands, noted by the page as the Tab's key goes up (one round trip per Tab is
  // slow while the globe runs).
  await page.evaluate(() => {
    const w = window as unknown as { tabbedTo: string[] };
    w.tabbedTo = [];
    document.addEventListener('keyup', (k) => {
      if (k.key !== 'Tab') return;
      const e = document.activeElement as HTMLElement | null;
      if (!e) return void w.tabbedTo.push('');
      const where = e.closest('[data-testid="event-log"]') ? 'log:' : '';
      const kind = e instanceof HTMLInputElement ? `${e.type}:` : '';
      w.tabbedTo.push(`${where}${kind}${e.getAttribute('aria-label') ?? e.textContent?.trim() ?? ''}`);
    });
  });
  const tabbedTo = () => page.evaluate(() => (window as unknown as { tabbedTo: string[] }).tabbedTo);
  // Into the log from the constellation panel's last control, as a keyboard user arrives: Tab
  // (at most 40 times) until Reset. Three at a time: past Reset lie only the speed and the
  // progress bar, so the page keeps the focus.
  await page.getByLabel('To site').focus();
  let reached: string[] = [];
  while (reached.length < 40 && !reached.includes('Reset')) {
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    const had = reached.length;
    await expect.poll(async () => (await tabbedTo()).length).toBe(had + 3);
    reached = await tabbedTo();
  }
  reached = reached.slice(0, 40);
  if (reached.includes('Reset')) reached = reached.slice(0, reached.indexOf('Reset') + 1);
  // The log is one stop, not one per event.
  expect(reached.filter((r) => r.startsWith('log:')).length).toBe(1);
  expect(reached).toContain('Pin this run');
  expect(reached).toContain('Save One-way delay as PNG');
  expect(reached.some((r) => r.startsWith('checkbox:'))).toBe(true);
  expect(reached.some((r) => r === 'Pause' || r === 'Play')).toBe(true);
  expect(reached).toContain('Step +1 s');
  expect(reached).toContain('Reset');
  // ↓ in the log moves to the next time, not the speed. The log holds still: paused by Space
  // (a click waits for a still button, and the running globe redraws it for many seconds), from
  // no control (the Tabs may have gone on to the speed menu, where Space is the menu's).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  const speed = await page.getByLabel('Speed (simulated seconds per second)').inputValue();
  await log.locator('button[tabindex="0"]').focus();
  await page.keyboard.press('Home');
  await expect(log.locator('button').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(log.locator('button').nth(1)).toBeFocused();
  await expect(page.getByLabel('Speed (simulated seconds per second)')).toHaveValue(speed);
});

test("the globe shows its imagery's credit and no Cesium ion logo; nothing in it is a tab stop without a name", async ({
  page,
}) => {
  await page.goto('/#p=iridium-ship-london');
  const globe = page.getByTestId('globe');
  await expect(globe).toHaveAttribute('data-rendered', 'true');
  await expect(globe.locator('.cesium-widget-credits')).toContainText('Natural Earth II');
  await expect(globe.locator('img[src*="ion-credit"], a[href*="cesium.com"]')).toHaveCount(0);
  const unnamed = await globe.evaluate((g) =>
    [...g.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')]
      .filter((e) => e.tabIndex >= 0 && e.offsetParent !== null)
      .filter((e) => !(e.getAttribute('aria-label') || e.textContent?.trim() || e.getAttribute('title')))
      .map((e) => e.outerHTML.slice(0, 120)),
  );
  expect(unnamed).toEqual([]);
});
