/**
 * The shortcuts docs/USING.md promises (Keyboard: "↑/↓ speed, R reset, G gallery, S share")
 * that share.spec.ts's shortcut test does not already press.
 */
import { expect, simTimeNs, test } from './fixtures';

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
