import { expect, test } from './fixtures';

test("the gallery's index jumps to a model and a paper, and its search filters the presets", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#p=mm1-load-0.8');
  await expect(page.getByTestId('scenario-name')).not.toHaveText('');
  await page.keyboard.press('g');
  const gallery = page.getByRole('dialog', { name: 'Presets gallery' });
  const index = gallery.getByRole('navigation', { name: 'Gallery index' });
  await expect(index).toBeVisible();
  const all = await gallery.locator('article').count();
  // The presets' cards (the labs have theirs above them).
  const presetCards = gallery.locator('article:not([data-testid^="gallery-lab-"])');
  const presets = await presetCards.count();

  // By model: the heading comes to the top of the dialog and takes the focus.
  await index.getByRole('button', { name: /^Voice over DCCP/ }).click();
  const heading = gallery.getByTestId('gallery-group-voip-dccp').locator('.gallery-heading');
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect(gallery.getByTestId('gallery-group-queue').locator('.gallery-heading')).not.toBeInViewport();
  // The search box and Close stay on screen while the presets scroll.
  await expect(gallery.getByLabel('Search the presets')).toBeInViewport();

  // By paper: the paper's first preset.
  await index.getByRole('button', { name: /^Paper 002 — Kuhn et al\./ }).click();
  const first = gallery.getByTestId('gallery-link-harq-lab');
  await expect(first).toBeFocused();
  await expect(first).toBeInViewport();
  await page.screenshot({ path: 'reports/screenshots/gallery-index.png' });

  // Search: title, description or paper, every word typed.
  const search = gallery.getByLabel('Search the presets');
  await search.fill('hawaii 15 MB');
  await expect(gallery.locator('article')).toHaveCount(1);
  await expect(gallery.getByTestId('gallery-tcp-iridium-15mb-seam-leaves')).toBeVisible();
  await expect(gallery.getByRole('status')).toHaveText(`1 of ${presets} presets and 0 of ${all - presets} labs match.`);
  await search.fill('Boubaker');
  await expect.poll(() => gallery.locator('article').count()).toBeGreaterThan(3);
  await search.fill('quantum teleportation');
  await expect(gallery.locator('article')).toHaveCount(0);
  await expect(gallery.getByRole('status')).toContainText('No preset or lab matches “quantum teleportation”');
  // Typing in the box is not a shortcut (g, s, m, t, p): the dialog is still the gallery.
  await expect(gallery).toBeVisible();
  await search.fill('');
  await expect(gallery.locator('article')).toHaveCount(all);
  await page.keyboard.press('Escape');
  await expect(gallery).toHaveCount(0);
});
