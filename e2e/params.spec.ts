import { expect, frames, setEditorText, test } from './fixtures';

test(
  'the parameter panel: grouped fields with units and ranges, ' +
    'inline errors from the UI and the engine, restart on apply',
  async ({ page }) => {
    await page.goto('/#p=mm1-load-0.8');
    await expect(page.getByTestId('scenario-name')).toHaveText('M/M/1 queue at load 0.8');
    await page.getByRole('button', { name: 'Parameters' }).click();
    const panel = page.getByRole('complementary', { name: 'Parameters' });
    await expect(panel.getByRole('group', { name: 'Queue' })).toBeVisible();
    // Other models' groups are not shown.
    await expect(panel.getByRole('group', { name: 'Voice traffic' })).toHaveCount(0);

    // Units, the range and the tooltip.
    const flows = panel.locator('[data-path="traffic.flows"]');
    await expect(flows).toContainText('1 to 10000, whole');
    await expect(panel.getByLabel('Arrival rate λ [packets/s]')).toHaveAttribute('title', /Total arrival rate/);

    // A value out of range: highlighted, with the engine's message, and nothing can be applied.
    await panel.getByLabel('Flows').fill('0');
    await expect(flows.getByRole('alert')).toHaveText('0 is below the minimum 1 (allowed: 1 to 10000)');
    await expect(panel.getByLabel('Flows')).toHaveAttribute('aria-invalid', 'true');
    const apply = panel.getByRole('button', { name: /Restart with/ });
    await expect(apply).toBeDisabled();
    await panel.getByLabel('Flows').fill('6');
    await expect(flows.getByRole('alert')).toHaveCount(0);

    // A rule joining two fields comes from the engine (warm-up below the duration).
    await panel.getByLabel('Warm-up [s]').fill('500');
    await expect(panel.locator('[data-path="warmup_s"]').getByRole('alert')).toHaveText(
      '500 must be below duration_s (100)',
    );
    await panel.getByLabel('Warm-up [s]').fill('2');
    await expect(panel.locator('[data-path="warmup_s"]').getByRole('alert')).toHaveCount(0);

    // Unlimited waiting room above saturation (λ ≥ μ) is allowed, to show the instability, while
    // the backlog it builds fits in a run; a day of it does not, and the engine says so.
    await expect(panel).toHaveAttribute('data-checking', 'false');
    const checks = Number(await panel.getAttribute('data-checks'));
    await panel.getByLabel('Service rate μ [packets/s]').fill('700');
    // The engine has answered for this draft.
    await expect.poll(async () => Number(await panel.getAttribute('data-checks'))).toBeGreaterThan(checks);
    await expect(panel).toHaveAttribute('data-checking', 'false');
    await expect(panel.locator('[data-path="queue.capacity_pkts"]').getByRole('alert')).toHaveCount(0);
    await panel.getByLabel('Duration [s]').fill('86400');
    await expect(panel.locator('[data-path="queue.capacity_pkts"]').getByRole('alert')).toContainText(
      'builds a backlog of about',
    );
    await panel.getByLabel('Duration [s]').fill('100');
    await panel.getByLabel('Waiting room K [packets]').fill('20');
    await expect(panel.locator('[data-path="queue.capacity_pkts"]').getByRole('alert')).toHaveCount(0);

    // Changed fields say that they restart the run; applying does.
    await expect(flows).toContainText('changed: restarts the run');
    await expect(apply).toHaveText('Restart with 4 changes');
    await apply.click();
    // The title names the preset and says what was changed from it.
    await expect(page.getByTestId('scenario-name')).toHaveText(/^M\/M\/1 queue at load 0\.8, changed: /);
    // The run restarted with the new values: the link carries them and the summary shows K.
    await expect.poll(() => new URL(page.url()).hash).toMatch(/^#s=/);
    await expect(panel.getByRole('button', { name: 'No changes' })).toBeDisabled();
    await expect(panel.getByLabel('Waiting room K [packets]')).toHaveValue('20');

    // Switching the model shows its groups.
    await panel.getByLabel('Model').selectOption('diffserv');
    await expect(panel.getByRole('group', { name: 'Scheduler (PSS or DWRR)' })).toBeVisible();
    await panel.getByRole('button', { name: 'Discard' }).click();
    await expect(panel.getByRole('group', { name: 'Queue' })).toBeVisible();

    // The view group hides a chart at once, and the link keeps it.
    const firstChart = page.locator('.chart figcaption').first();
    const title = (await firstChart.textContent())!.replace(/\s*(PNG|SVG|last 5 s).*/s, '').trim();
    await panel.getByLabel(`Show “${title}”`).uncheck();
    await expect(page.locator('.chart figcaption', { hasText: title })).toHaveCount(0);
    const link = page.url();
    await page.goto('about:blank');
    await page.goto(link);
    await expect(page.getByTestId('scenario-name')).toHaveText(/^M\/M\/1 queue at load 0\.8, changed: /);
    await expect(page.locator('.chart')).not.toHaveCount(0);
    await expect(page.locator('.chart figcaption', { hasText: title })).toHaveCount(0);
  },
);

test('engine start-up says what it is doing, can be cancelled, and starts again on request', async ({
  page,
  context,
}) => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await context.route(/skyqueue_wasm_bg.*\.wasm$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto('/#p=md1-load-0.8');
  // The module is requested and held back: the header says so, with a Cancel.
  await expect(page.getByTestId('scenario-name')).toHaveText(/^starting the engine: downloading 0 kB…$/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('scenario-name')).toHaveText('engine start cancelled');
  release();
  await page.getByRole('button', { name: 'Start the engine' }).click();
  await expect(page.getByTestId('scenario-name')).toHaveText('M/D/1 queue at load 0.8');
  await expect(page.getByRole('button', { name: 'Start the engine' })).toHaveCount(0);
});

test('a scenario with wrong types and bad ranges lists every bad field at once, in plain words', async ({ page }) => {
  await page.goto('/#p=mm1-load-0.8');
  await expect(page.getByTestId('scenario-name')).toHaveText('M/M/1 queue at load 0.8');
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  await setEditorText(
    page,
    JSON.stringify(
      { version: 2, model: 'queue', seed: 'one', duration_s: -3, traffic: { flows: 0, rate_pps: 'fast' } },
      null,
      2,
    ),
  );
  // The code editor: line numbers, and the engine's checks as you type, each bad field underlined
  // and listed with its line, before anything is run.
  const editor = page.getByRole('region', { name: 'Scenario editor' });
  await expect(editor.locator('.cm-lineNumbers .cm-gutterElement', { hasText: /^9$/ })).toBeVisible();
  const problems = page.getByTestId('editor-problems');
  await expect(problems.getByRole('listitem')).toHaveCount(4);
  await expect(problems).toContainText('line 4 seed: must be a whole number, not the text "one"');
  await expect(problems).toContainText('line 7 traffic.flows: 0 is below the minimum 1');
  await expect(problems).toContainText('line 8 traffic.rate_pps: must be a number, not the text "fast"');
  await expect(editor.locator('.cm-lintRange-error')).toHaveCount(4);
  await expect(editor.locator('.cm-lintRange-error').first()).toHaveText('"one"');
  // A click on a problem's line puts the cursor there.
  await problems.getByRole('button', { name: 'line 8' }).click();
  await expect(editor.locator('.cm-lineNumbers .cm-activeLineGutter')).toHaveText('8');
  // JSON that does not parse is reported as such, with nothing else.
  await setEditorText(page, '{"version": 2,, }');
  await expect(problems.getByRole('listitem')).toHaveCount(1);
  await expect(problems).toContainText('Not valid JSON');
  await setEditorText(
    page,
    JSON.stringify({
      version: 2,
      model: 'queue',
      seed: 'one',
      duration_s: -3,
      traffic: { flows: 0, rate_pps: 'fast' },
    }),
  );
  await page.getByRole('button', { name: 'Run this scenario' }).click();
  const banner = page.getByTestId('error-banner');
  await expect(banner).toContainText('seed: must be a whole number, not the text "one"');
  await expect(banner).toContainText('traffic.rate_pps: must be a number, not the text "fast"');
  await expect(banner).toContainText('duration_s: -3');
  await expect(banner).toContainText('traffic.flows: 0 is below the minimum 1');
  await expect(banner).not.toContainText('invalid type');
  // The run goes on with the previous scenario.
  await expect(page.getByTestId('scenario-name')).toHaveText('M/M/1 queue at load 0.8');
});

test('an unlimited queue above saturation runs, and the text says it has no steady state', async ({ page }) => {
  await page.goto('/#p=mm1-load-0.8');
  await expect(page.getByTestId('scenario-name')).toHaveText('M/M/1 queue at load 0.8');
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  await setEditorText(
    page,
    JSON.stringify({ version: 2, model: 'queue', name: 'Overloaded, unlimited', traffic: { rate_pps: 1200 } }),
  );
  await page.getByRole('button', { name: 'Run this scenario' }).click();
  await expect(page.getByTestId('scenario-name')).toHaveText('Overloaded, unlimited');
  await page.getByRole('button', { name: 'Close editor' }).click();
  await expect(page.locator('.description')).toContainText('no steady state');
  await expect(page.getByTestId('error-banner')).toHaveCount(0);
});

test('text typed in the editor while the first scenario is still loading is kept', async ({ page }) => {
  await page.goto('/#p=mm1-load-0.8');
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  const typed = JSON.stringify({ version: 2, model: 'queue', name: 'Typed early' });
  await setEditorText(page, typed);
  await expect(page.getByTestId('scenario-name')).toHaveText('M/M/1 queue at load 0.8');
  // The frames after the load, in which a load that overwrote the draft would show.
  await frames(page, 30);
  await expect(page.getByLabel('Scenario JSON')).toHaveText(typed);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('scenario-name')).toHaveText('Typed early');
  // What runs comes back with its defaults filled in.
  await expect(page.getByLabel('Scenario JSON')).toContainText('"service_rate_pps"');
});

test(
  'fields used only under a condition appear with it: on/off ' +
    'periods with on/off arrivals, the service rate without a link rate',
  async ({ page }) => {
    await page.goto('/#p=voip-onoff-droptail-ns3');
    await expect(page.getByTestId('scenario-name')).toHaveText(
      "200 VoIP calls into one drop-tail port (ns-3's workload Q)",
    );
    await page.getByRole('button', { name: 'Parameters' }).click();
    const panel = page.getByRole('complementary', { name: 'Parameters' });
    await expect(panel.getByLabel('Mean on period [s]')).toHaveValue('0.5');
    await expect(panel.getByLabel('Link rate [bit/s]')).toHaveValue('9400000');
    // On/off arrivals over a link: no Poisson rate, no service rate to mislead.
    await expect(panel.getByLabel('Arrival rate λ [packets/s]')).toHaveCount(0);
    await expect(panel.getByLabel('Service rate μ [packets/s]')).toHaveCount(0);
    await panel.getByLabel('Arrivals').selectOption('poisson');
    await expect(panel.getByLabel('Arrival rate λ [packets/s]')).toBeVisible();
    await expect(panel.getByLabel('Mean on period [s]')).toHaveCount(0);
    // Emptying the link rate (null: no link) brings the service rate back.
    await panel.getByLabel('Link rate [bit/s]').fill('');
    await expect(panel.getByLabel('Service rate μ [packets/s]')).toBeVisible();
  },
);

test('at 1280x720 the wheel at the end of Parameters (or any panel) does not scroll the page: the header stays', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#p=mm1-load-0.8');
  await page.getByRole('button', { name: 'Parameters' }).click();
  const panel = page.getByRole('complementary', { name: 'Parameters' });
  await expect(panel).toBeVisible();
  const headerTop = () => page.locator('.app-header').evaluate((h) => h.getBoundingClientRect().top);
  for (const [x, y] of [
    [1050, 400], // the Parameters panel
    [240, 400], // the description
    [700, 400], // the charts
  ]) {
    await page.mouse.move(x, y);
    for (let i = 0; i < 15; i++) await page.mouse.wheel(0, 800);
    await frames(page, 5);
    expect(await headerTop(), `after the wheel at (${x}, ${y})`).toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  }
  // The panel's own footer is on screen (its fields scroll between the note and it).
  const footer = await panel.locator('footer').boundingBox();
  expect(footer!.y + footer!.height).toBeLessThanOrEqual(720 - 40);
});
