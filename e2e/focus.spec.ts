/**
 * Where the keyboard is: every dialog and panel takes the focus when it opens, keeps it while it
 * is open (a dialog keeps Tab inside), and gives it back to what opened it when it closes (Esc,
 * its Close button, or the gallery's Open); and typing in any text field fires no shortcut.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, frames, test } from './fixtures';

test.use({ viewport: { width: 1280, height: 720 } });

const inside = (el: Locator) => el.evaluate((e) => e.contains(document.activeElement));

async function ready(page: Page, hash: string): Promise<void> {
  await page.goto(`/${hash}`);
  await expect(page.getByRole('button', { name: 'Gallery' })).toBeVisible();
  await expect(page.getByTestId('sim-time')).toBeVisible();
}

const DIALOGS: [string, string, string][] = [
  // [header button, dialog name, its shortcut]
  ['Gallery', 'Presets gallery', 'g'],
  ['Share & export', 'Share and export', 's'],
  ['Keyboard shortcuts', 'Keyboard shortcuts', '?'],
];

for (const [button, name, key] of DIALOGS)
  test(`${name}: takes the focus, keeps Tab inside, gives it back on Esc and on Close`, async ({ page }) => {
    await ready(page, '#p=mm1-load-0.8');
    const opener = page.getByRole('button', { name: button, exact: true });
    const dialog = page.getByRole('dialog', { name });
    // Opened with Enter on its button: the focus goes in, Tab and Shift+Tab stay in.
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect.poll(() => inside(dialog)).toBe(true);
    for (let i = 0; i < 40; i++) await page.keyboard.press('Tab');
    expect(await inside(dialog)).toBe(true);
    for (let i = 0; i < 7; i++) await page.keyboard.press('Shift+Tab');
    expect(await inside(dialog)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    // Opened again, closed with its Close button: back to the opener.
    await page.keyboard.press('Enter');
    await expect.poll(() => inside(dialog)).toBe(true);
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();
    // Opened with its shortcut from the page: the focus goes in too.
    await page.locator('body').click({ position: { x: 5, y: 400 } });
    await page.keyboard.press(key);
    await expect.poll(() => inside(dialog)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

test('the gallery: its search has the focus, and after Open the focus is back on Gallery', async ({ page }) => {
  await ready(page, '#p=mm1-load-0.8');
  const opener = page.getByRole('button', { name: 'Gallery', exact: true });
  await opener.focus();
  await page.keyboard.press('Enter');
  const gallery = page.getByRole('dialog', { name: 'Presets gallery' });
  await expect(gallery.getByRole('searchbox')).toBeFocused();
  // Typing goes to the search, not to the shortcuts (S share, M presenter, space pause).
  await page.keyboard.type('9 kB seam');
  await expect(gallery.getByRole('searchbox')).toHaveValue('9 kB seam');
  await expect(page.getByRole('dialog', { name: 'Share and export' })).toHaveCount(0);
  await gallery.getByTestId('gallery-tcp-iridium-9kb-seam').getByRole('button', { name: 'Open', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(gallery).toHaveCount(0);
  await expect(opener).toBeFocused();
});

const PANELS: [string, (page: Page) => Locator][] = [
  ['Parameters', (page) => page.getByRole('complementary', { name: 'Parameters' })],
  ['Edit scenario', (page) => page.getByRole('region', { name: 'Scenario editor' })],
  ['Sweep & compare', (page) => page.getByRole('region', { name: 'Sweep and compare' })],
  ['Tour', (page) => page.getByTestId('tour')],
];

for (const [button, panelOf] of PANELS)
  test(`${button}: the panel takes the focus, keeps it, and gives it back on Esc`, async ({ page }) => {
    await ready(page, '#p=mm1-load-0.8');
    const opener = page.getByRole('button', { name: button, exact: true });
    const panel = panelOf(page);
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await expect.poll(() => inside(panel)).toBe(true);
    // Still there once the page has drawn a while (a re-render does not drop it).
    await frames(page, 30);
    expect(await inside(panel)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(opener).toBeFocused();
  });

test('a lab takes the focus when it opens and at each step, and gives it back when closed', async ({ page }) => {
  await ready(page, '#p=mm1-load-0.8');
  const opener = page.getByRole('button', { name: 'Gallery', exact: true });
  await opener.focus();
  await page.keyboard.press('Enter');
  const gallery = page.getByRole('dialog', { name: 'Presets gallery' });
  await gallery.getByRole('button', { name: "Start the lab PSS's credit" }).focus();
  await page.keyboard.press('Enter');
  const lab = page.getByTestId('lab');
  await expect(lab.getByRole('textbox', { name: /^Your prediction/ })).toBeFocused();
  await lab.getByRole('button', { name: 'Close the lab' }).focus();
  await page.keyboard.press('Enter');
  await expect(lab).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('Start here takes the focus when it opens and keeps it; Esc hides it', async ({ page }) => {
  // A first visit (no link): the card is offered, its first lesson has the keyboard.
  await page.goto('/');
  const card = page.getByTestId('start-here');
  await expect(card).toBeVisible();
  await expect(card.locator('button.lesson').first()).toBeFocused();
  // Still there once the run behind it has loaded and drawn a while.
  await expect(page.getByTestId('sim-time')).toBeVisible();
  await frames(page, 30);
  expect(await inside(card)).toBe(true);
  await page.keyboard.press('Tab');
  await expect(card.locator('button.lesson').nth(1)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(card).toHaveCount(0);
});

test("the lab editor from Share's Make a lab of this run: takes the focus, keeps it, gives it back", async ({
  page,
}) => {
  await ready(page, '#p=pss-b1-known-ef');
  const share = page.getByRole('button', { name: 'Share & export', exact: true });
  await share.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Share and export' });
  await dialog.getByRole('button', { name: 'Make a lab of this run' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  const editor = page.getByRole('region', { name: 'Lab editor' });
  await expect(editor).toBeVisible();
  await expect.poll(() => inside(editor)).toBe(true);
  await frames(page, 30);
  expect(await inside(editor)).toBe(true);
  // Esc: the editor closes, the keyboard is back on what opened it (Share & export).
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);
  await expect(page.getByTestId('lab')).toContainText('Lab: My lab');
  await expect(share).toBeFocused();
});

test("the lab editor from the lab's Edit this lab: takes the focus, keeps it, gives it back on Esc and on Close", async ({
  page,
}) => {
  await page.goto('/#l=harq');
  const panel = page.getByTestId('lab');
  await expect(panel.getByRole('textbox', { name: /^Your prediction/ })).toBeFocused();
  const write = panel.locator('summary', { hasText: 'Write a lab' });
  await write.focus();
  await page.keyboard.press('Enter');
  const edit = panel.getByRole('button', { name: 'Edit this lab' });
  await edit.focus();
  await page.keyboard.press('Enter');
  const editor = page.getByRole('region', { name: 'Lab editor' });
  await expect(editor).toBeVisible();
  await expect.poll(() => inside(editor)).toBe(true);
  await frames(page, 30);
  expect(await inside(editor)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);
  await expect(edit).toBeFocused();
  // Opened again, closed with its Close button: back on Edit this lab.
  await page.keyboard.press('Enter');
  await expect.poll(() => inside(editor)).toBe(true);
  await editor.getByRole('button', { name: 'Close editor' }).focus();
  await page.keyboard.press('Enter');
  await expect(editor).toHaveCount(0);
  await expect(edit).toBeFocused();
});

/** Pauses the run once it plays (Space would play it again: a change the check would see). */
async function pause(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
}

/** Keys that are shortcuts outside a text field. */
const SHORTCUT_KEYS = 'gspm?tlrnb ';

/** Types the shortcut keys into `field` and checks that none fired. */
async function typeNoShortcut(page: Page, field: Locator): Promise<void> {
  await field.focus();
  await expect(field).toBeFocused();
  const before = await page.evaluate(() => ({
    presenter: document.documentElement.dataset.presenter,
    theme: document.documentElement.dataset.theme,
    dialogs: document.querySelectorAll('.overlay, .tour-card').length,
    params: document.querySelectorAll('aside.params').length,
    playing: [...document.querySelectorAll('footer button')].some((b) => b.textContent?.includes('Pause')),
  }));
  await page.keyboard.type(SHORTCUT_KEYS);
  await frames(page, 10);
  const after = await page.evaluate(() => ({
    presenter: document.documentElement.dataset.presenter,
    theme: document.documentElement.dataset.theme,
    dialogs: document.querySelectorAll('.overlay, .tour-card').length,
    params: document.querySelectorAll('aside.params').length,
    playing: [...document.querySelectorAll('footer button')].some((b) => b.textContent?.includes('Pause')),
  }));
  expect(after, `typing in ${await field.evaluate((e) => e.outerHTML.slice(0, 80))}`).toEqual(before);
  await expect(field).toBeFocused();
}

test('typing in any text field fires no shortcut', async ({ page }) => {
  // A preset that can be swept, so Sweep & compare has its fields.
  await ready(page, '#p=pss-b1-known-ef');
  await pause(page);
  // The gallery's search.
  await page.keyboard.press('g');
  const gallery = page.getByRole('dialog', { name: 'Presets gallery' });
  await typeNoShortcut(page, gallery.getByRole('searchbox'));
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(gallery).toHaveCount(0);
  // Share's link.
  await page.keyboard.press('s');
  const share = page.getByRole('dialog', { name: 'Share and export' });
  await typeNoShortcut(page, share.getByRole('textbox').first());
  await page.keyboard.press('Escape');
  await expect(share).toHaveCount(0);
  // A parameter.
  await page.getByRole('button', { name: 'Parameters', exact: true }).click();
  const params = page.getByRole('complementary', { name: 'Parameters' });
  await typeNoShortcut(page, params.getByRole('textbox').first());
  await params.getByRole('button', { name: /Close/ }).first().click();
  // The scenario editor.
  await page.getByRole('button', { name: 'Edit scenario', exact: true }).click();
  await typeNoShortcut(page, page.getByRole('textbox', { name: 'Scenario JSON' }));
  await page.keyboard.press('Escape');
  // Sweep & compare's values.
  await page.getByRole('button', { name: 'Sweep & compare', exact: true }).click();
  const sweep = page.getByRole('region', { name: 'Sweep and compare' });
  await typeNoShortcut(page, sweep.getByRole('textbox', { name: 'Sweep values' }));
  await page.keyboard.press('Escape');
  // A lab's prediction.
  await page.goto('/#l=harq');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  await typeNoShortcut(page, page.getByTestId('lab').getByRole('textbox', { name: /^Your prediction/ }));
});
