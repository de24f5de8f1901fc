import { readFileSync } from 'node:fs';
import { expect, linkFor, test } from './fixtures';

// Markup that would run if any text of a scenario were put into the page as HTML.
const HTML = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold</b>';

test('HTML in a shared link’s name and description is shown as text and never runs', async ({ page }) => {
  await page.goto('/');
  const scenario = JSON.parse(readFileSync('examples/mm1-load-0.8.json', 'utf8')) as Record<string, unknown>;
  scenario.name = `Queue ${HTML}`;
  scenario.description = `About ${HTML}`;
  const hash = await linkFor(page, scenario);
  await page.goto('/' + hash);
  await expect(page.getByTestId('scenario-name')).toContainText(`Queue ${HTML}`);
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  // The editor shows the JSON text, quotes escaped.
  await expect(page.getByText('About <img src=x onerror=', { exact: false }).first()).toBeVisible();
  expect(await page.locator('img[src="x"], b:text-is("bold")').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('HTML in a shared link’s site name comes back in the refusal as text and never runs', async ({ page }) => {
  await page.goto('/');
  const scenario = JSON.parse(readFileSync('examples/iridium-ship-london.json', 'utf8')) as {
    constellation: Record<string, unknown>;
  };
  scenario.constellation.from = HTML;
  const hash = await linkFor(page, scenario);
  await page.goto('/' + hash);
  // The engine refuses the site and names it: the message quotes the markup as text.
  await expect(page.getByRole('alert').filter({ hasText: 'unknown site' }).first()).toContainText(
    'constellation.from: unknown site `<img src=x onerror=',
  );
  expect(await page.locator('img[src="x"], b:text-is("bold")').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});
