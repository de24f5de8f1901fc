/**
 * The five shipped labs, each as a class meets it: opened from a link at 1280x720 in presenter
 * mode and done with the keyboard only (no click): a prediction at every step, the engine's
 * check, the end. Then a wrong answer and its correction, a teacher's link, progress kept in the
 * browser, the gallery's labs, and a link to a lab that does not exist.
 */
import type { Page } from '@playwright/test';
import { expect, simTimeNs, test } from './fixtures';

test.use({ viewport: { width: 1280, height: 720 } });

/** The view part of a link: presenter mode. */
const PRESENTER = `v=${Buffer.from(JSON.stringify({ presenter: true })).toString('base64url')}`;

/** What the focused element is called (its label, else its text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return a ? (a.getAttribute('aria-label') ?? a.textContent ?? '').trim() : '';
  });

/** Presses Tab until the focused element is called `name` (keyboard only, as a user would). */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if ((await focusedName(page)) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached "${name}" (now on "${await focusedName(page)}")`);
}

/** One step's answer, typed or picked with the keyboard. */
type Answer = { number: string } | { choice: number } | { order: string[] };

async function answer(page: Page, lab: ReturnType<Page['getByTestId']>, a: Answer): Promise<void> {
  if ('number' in a) {
    await expect(page.getByRole('textbox', { name: /^Your prediction/ })).toBeFocused();
    await page.keyboard.type(a.number);
    await page.keyboard.press('Enter');
    return;
  }
  if ('choice' in a) {
    // The first option has the focus; arrows move the choice (and tick it).
    await expect(lab.getByRole('radio').first()).toBeFocused();
    if (a.choice === 0) {
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
    } else for (let i = 0; i < a.choice; i++) await page.keyboard.press('ArrowDown');
    await expect(lab.getByRole('radio').nth(a.choice)).toBeChecked();
  } else {
    // Each item up to its place, from the first place on.
    for (let place = 0; place < a.order.length; place++) {
      const items = () => lab.locator('.lab-order li span').allTextContents();
      while ((await items()).indexOf(a.order[place]) > place) {
        await tabTo(page, `Move ${a.order[place]} up`);
        await page.keyboard.press('Enter');
      }
    }
    await expect.poll(() => lab.locator('.lab-order li span').allTextContents()).toEqual(a.order);
  }
  await tabTo(page, 'Run and check');
  await page.keyboard.press('Enter');
}

/** Each lab's right answers, from the numbers the engine gives (web/src/labs/labRuns.test.ts). */
const LABS: [string, Answer[]][] = [
  ['seam-9kb', [{ number: '85' }, { number: '110' }, { number: '2' }]],
  ['harq', [{ number: '0.4' }, { choice: 1 }, { order: ['ARQ', 'HARQ-II 5/7', 'FEC 5/7'] }]],
  ['codes-pf', [{ order: ['PF', 'CoDeS', 'DT_S', 'RR'] }, { choice: 2 }, { number: '2.7' }]],
  ['pss-credit', [{ number: '5' }, { choice: 1 }, { number: '3700' }]],
  ['dccp-12calls', [{ number: '0.2' }, { order: ['UDP', 'CCID4-SCA', 'CCID4-N', 'CCID4'] }, { number: '2' }]],
];

/**
 * The globe's view each step of a lab opens at (its `camera`; Home, where every run opens, when
 * it names none), as the globe reports it (`data-camera-view`).
 */
const CAMERAS: Record<string, string[]> = { 'seam-9kb': ['route', 'home', 'home'] };

/** The globe camera's height [m], from its data attribute (longitude, latitude, height). */
async function cameraHeight(page: Page): Promise<number> {
  return Number(((await page.getByTestId('globe').getAttribute('data-camera')) ?? '').split(',')[2]);
}

for (const [id, answers] of LABS)
  test(`the lab ${id}, from a link, in presenter mode, by keyboard only`, async ({ page }) => {
    await page.goto(`/#l=${id}&${PRESENTER}`);
    await expect(page.locator('html')).toHaveAttribute('data-presenter', 'true');
    const lab = page.getByTestId('lab');
    const globe = page.getByTestId('globe');
    let framed = 0;
    for (const [i, a] of answers.entries()) {
      await expect(lab).toHaveAttribute('data-step', String(i));
      await expect(lab).toContainText(`Step ${i + 1} of ${answers.length}`);
      const camera = CAMERAS[id]?.[i];
      if (camera) {
        // The step's run on screen (its transfer's start), at the view the step asks for.
        await expect(globe).toHaveAttribute('data-camera-view', camera);
        if (camera === 'follow') await expect(globe).toHaveAttribute('data-following', 'true');
        else await expect(globe).not.toHaveAttribute('data-following', 'true');
        if (camera === 'route') {
          // Framed, the route entirely in view (and, below, closer than Home).
          await expect(globe).toHaveAttribute('data-camera-moving', 'false');
          await expect(globe).toHaveAttribute('data-route-in-view', 'true');
          framed = await cameraHeight(page);
        } else if (camera === 'home' && framed)
          await expect
            .poll(() => cameraHeight(page), { message: 'Home is further out than the route framed' })
            .toBeGreaterThan(framed * 1.2);
      }
      await answer(page, lab, a);
      const verdict = lab.getByTestId('lab-verdict');
      await expect(verdict).toHaveAttribute('data-correct', 'true');
      await expect(verdict).toContainText('Right.');
      // The explanation's blanks are the engine's numbers.
      const explain = lab.getByTestId('lab-explain');
      await expect(explain).toBeVisible();
      expect(await explain.textContent()).not.toMatch(/\{[a-z_]+\}/);
      // Keyboard on what comes next.
      const last = i === answers.length - 1;
      await expect(page.getByRole('button', { name: last ? 'Finish the lab' : 'Next step' })).toBeFocused();
      await page.keyboard.press('Enter');
    }
    await expect(lab.getByTestId('lab-score')).toHaveText(
      `Lab finished: ${answers.length} of ${answers.length} predictions right.`,
    );
  });

test('a wrong prediction shows the correction, beside the prediction on the chart and a number line', async ({
  page,
}) => {
  await page.goto('/#l=pss-credit');
  const lab = page.getByTestId('lab');
  await answer(page, lab, { number: '12' });
  const verdict = lab.getByTestId('lab-verdict');
  await expect(verdict).toHaveAttribute('data-correct', 'false');
  await expect(verdict).toContainText(/Not this time\. You predicted 12\.00 Mb\/s; the engine gives 4\.\d\d Mb\/s/);
  await expect(lab.getByRole('img', { name: "Your prediction beside the engine's number" })).toContainText('you 12.00');
  await expect(lab.getByTestId('lab-explain')).toContainText('eq. 7');
  // The step's chart draws the prediction and the engine's number.
  const chart = page.locator('figure.chart').filter({ hasText: 'AF rate' });
  await expect(chart).toContainText('your prediction');
  await expect(chart).toContainText('the engine');
  // The step's dot says it was not right.
  await expect(lab.getByRole('button', { name: '1', exact: true })).toHaveClass(/wrong/);
  // Opened without h=1, the lab offers both links and its text.
  await lab.getByText('Share this lab').click();
  await expect(lab.getByRole('textbox', { name: /^Link/ })).toHaveValue(/#l=pss-credit$/);
  await expect(lab.getByRole('textbox', { name: /^For a class/ })).toHaveValue(/#l=pss-credit&h=1$/);
  await lab.getByText('Write a lab').click();
  await expect(lab.getByRole('button', { name: 'Edit this lab' })).toBeVisible();
});

test("a teacher's link holds each explanation until the step is answered; progress stays in the browser", async ({
  page,
}) => {
  await page.goto('/#l=harq&h=1');
  const lab = page.getByTestId('lab');
  await expect(lab).toContainText('Step 1 of 3');
  await expect(lab.getByRole('button', { name: 'Show the answer without predicting' })).toHaveCount(0);
  await expect(lab.getByTestId('lab-explain')).toHaveCount(0);
  // A student's Share offers only the class's link again (h=1 kept), never the one that shows
  // each explanation before its step is answered.
  await lab.getByText('Share this lab').click();
  await expect(lab.getByRole('textbox', { name: /^For a class/ })).toHaveValue(/#l=harq&h=1$/);
  await expect(lab.getByRole('textbox')).toHaveCount(2); // the class's link and the prediction
  await expect(lab.getByRole('textbox', { name: /^Link/ })).toHaveCount(0);
  // The lab's text (every explanation) is out of reach: no editor, no step added from the run.
  await expect(lab.getByText('Write a lab')).toHaveCount(0);
  await expect(lab.getByRole('button', { name: 'Edit this lab' })).toHaveCount(0);
  await expect(lab.getByRole('button', { name: 'Add the run on screen as a step' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Lab editor' })).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('The price is time');

  await lab.getByRole('textbox', { name: /^Your prediction/ }).fill('0.4');
  await lab.getByRole('button', { name: 'Run and check' }).click();
  await expect(lab.getByTestId('lab-explain')).toBeVisible();
  await lab.getByRole('button', { name: 'Next step' }).click();
  await expect(lab).toContainText('Step 2 of 3');

  // Reopened in this browser: the lab is where it was left.
  await page.reload();
  await expect(page.getByTestId('lab')).toContainText('Step 2 of 3');
  await expect(page.getByTestId('lab').getByRole('button', { name: '1', exact: true })).toHaveClass(/right/);
});

test('the gallery lists the labs by topic and opens one; a link to a missing lab says so', async ({ page }) => {
  await page.goto('/#p=mm1-load-0.8');
  await expect(page.getByRole('button', { name: 'Gallery' })).toBeVisible();
  await page.keyboard.press('g');
  const gallery = page.getByRole('dialog', { name: 'Presets gallery' });
  await expect(gallery.getByRole('searchbox')).toBeFocused();
  await expect(gallery.getByTestId('gallery-labs').locator('article')).toHaveCount(5);
  await expect(gallery.getByRole('heading', { name: 'Labs by topic' })).toBeVisible();
  // By paper: each paper's entry has its lab; a search by the paper's author finds the lab.
  const index = gallery.getByRole('navigation', { name: 'Gallery index' });
  await expect(index.getByRole('button', { name: '1 lab of Paper 001 — Finzi et al.' })).toBeVisible();
  await page.keyboard.type('Boubaker');
  await expect(gallery.getByTestId('gallery-labs').locator('article')).toHaveCount(1);
  await expect(gallery.getByTestId('gallery-lab-seam-9kb')).toBeVisible();
  const byPaper = index.getByRole('button', { name: '1 lab of Paper 004 — Boubaker et al.' });
  await byPaper.focus();
  await page.keyboard.press('Enter');
  await expect(gallery.getByTestId('gallery-lab-seam-9kb')).toBeFocused();
  await gallery.getByRole('searchbox').fill('');
  await gallery.getByRole('searchbox').focus();
  await page.keyboard.type('DCCP');
  await expect(gallery.getByTestId('gallery-labs').locator('article')).toHaveCount(1);
  await gallery.getByRole('button', { name: 'Start the lab Twelve calls over DCCP' }).click();
  await expect(gallery).toHaveCount(0);
  await expect(page.getByTestId('lab')).toContainText('Lab: Twelve calls over DCCP');
  await expect(page).toHaveURL(/#.*l=dccp-12calls/);
  await page.getByRole('button', { name: 'Close the lab' }).click();
  await expect(page.getByTestId('lab')).toHaveCount(0);
  await expect(page).not.toHaveURL(/l=dccp-12calls/);

  await page.goto('/#l=no-such-lab');
  await expect(page.getByText('link: there is no lab `no-such-lab` (see the gallery for the labs)')).toBeVisible();
});

test('a teacher makes a lab of the run on screen, sees its problems by step and field, and shares it', async ({
  page,
  browser,
}) => {
  await page.goto('/#p=pss-b1-known-ef');
  await expect(page.getByRole('button', { name: 'Gallery' })).toBeVisible();
  // A field changed in the Parameters panel: the step made of the run sets it.
  await page.getByRole('button', { name: 'Parameters', exact: true }).click();
  const params = page.getByRole('complementary', { name: 'Parameters' });
  await params.getByLabel('AF/CS0 sharing', { exact: true }).selectOption('dwrr');
  await params.getByRole('button', { name: 'Restart with 1 change' }).click();
  await expect(page.getByTestId('scenario-name')).toContainText('changed: AF/CS0 sharing');
  // The restarted run has measured something (a step reads one of its numbers).
  await expect.poll(() => simTimeNs(page)).toBeGreaterThan(0);
  // A chart hidden there: the step shows only the charts on screen.
  await params.getByRole('checkbox', { name: /^Show “EF queue/ }).uncheck();
  await expect(page.getByRole('figure', { name: /^EF queue/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Parameters', exact: true }).click();
  await page.keyboard.press('s');
  await page.getByRole('button', { name: 'Make a lab of this run' }).click();
  const editor = page.getByRole('region', { name: 'Lab editor' });
  const text = editor.getByRole('textbox', { name: 'Lab' });
  await expect(text).toContainText('"preset": "pss-b1-known-ef"');
  await expect(text).toContainText(/"set": \{\s*"diffserv\.sharing": "dwrr"\s*\}/);
  await expect(text).toContainText(/"charts": \[\s*"EF rate/);
  await expect(text).not.toContainText('"EF queue');
  const lab = (tolerance: number) =>
    JSON.stringify({
      lab: 1,
      title: 'AF under PSS',
      topic: 'Schedulers',
      line: 'One question.',
      steps: [
        {
          title: 'AF',
          preset: 'pss-b1-known-ef',
          values: { af: { of: 'diffserv.rates_mbps.1', unit: 'Mb/s' } },
          question: 'What rate does AF get?',
          answer: { number: { value: 'af', tolerance } },
          explain: 'AF got {af}.',
        },
      ],
    });
  await text.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(lab(-1));
  await expect(editor.getByTestId('editor-problems')).toContainText(
    'step 1, answer.number.tolerance: expected a number of 0 or more',
  );
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(lab(0.5));
  await expect(editor.getByTestId('editor-problems')).toHaveCount(0);
  await editor.getByRole('button', { name: 'Open this lab' }).click();
  const panel = page.getByTestId('lab');
  await expect(panel).toContainText('Lab: AF under PSS');
  await expect(panel).toContainText('What rate does AF get?');
  await expect(page).toHaveURL(/[#&]L=/);

  // The link opens the same lab elsewhere.
  const other = await browser.newPage();
  await other.goto(page.url());
  await expect(other.getByTestId('lab')).toContainText('Lab: AF under PSS');
  await other.getByRole('textbox', { name: /^Your prediction/ }).fill('5');
  await other.getByRole('button', { name: 'Run and check' }).click();
  await expect(other.getByTestId('lab-verdict')).toHaveAttribute('data-correct', 'true');
  await other.close();
});
