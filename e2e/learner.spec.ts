import { expect, test, type Page } from './support/test';
import { readFile } from 'node:fs/promises';
import { expectAccessible, expectNoSidewaysScroll } from './support/accessibility';
import { signIn, url } from './support/app';

/** A call of the API from inside the page with the page's own session (the browser resolves *.localhost). */
async function api<T>(
  page: Page,
  site: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const token = (await page.context().cookies(url(site))).find((c) => c.name === 'sp_token')!.value;
  return page.evaluate(
    async ([t, m, p, b]) => {
      const res = await fetch(p, {
        method: m,
        headers: { authorization: `Bearer ${t}`, ...(b === undefined ? {} : { 'content-type': 'application/json' }) },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, json: await res.json() };
    },
    [token, method, path, body] as const,
  );
}

/** One h1, nothing wider than the phone, and axe finds nothing serious. */
async function checkScreen(page: Page, name: string): Promise<void> {
  await expect(page.locator('h1')).toHaveCount(1);
  await expectNoSidewaysScroll(page, name);
  await expectAccessible(page, name);
}

const COURSE = 'Preventing Sexual Harassment at Work';
const COURSE_HI = 'कार्यस्थल पर यौन उत्पीड़न की रोकथाम';
const PHONE = { width: 390, height: 844 };

test('an employee takes the demo course in Hindi on a phone, fails the quiz once, passes, and proves it with a certificate', async ({
  browser,
}) => {
  test.setTimeout(600_000);

  // The admin assigns the demo course to the employee (the assignment screens are another journey's).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'acme', 'admin@acme.test');
  const courses = await api<{ items: { courseId: string; title: string }[] }>(
    admin,
    'acme',
    'GET',
    '/learning-api/api/course/all',
  );
  const course = courses.json.items.find((c) => c.title === COURSE)!;
  const assigned = await api(admin, 'acme', 'POST', '/learning-api/api/course/assign-course-to-users', {
    courseId: course.courseId,
    search: 'employee@acme.test',
  });
  expect(assigned.status).toBe(200);
  await adminContext.close();

  const context = await browser.newContext({ viewport: PHONE, acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, 'acme', 'employee@acme.test');

  // Home: "My training" with the course, not started, and one button to start it.
  await expect(page.getByRole('heading', { name: 'My training', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: COURSE, level: 3 })).toBeVisible();
  // The demo course's card: other journeys of the same run assign this employee other courses (auto-assign's bulk file).
  const demoCard = page.locator('.training-card').filter({ has: page.getByText(COURSE, { exact: true }) });
  await expect(demoCard.getByText('Not started')).toBeVisible();
  await checkScreen(page, 'Dashboard with My training (390 px)');

  // The menu has My training too.
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'My training' }).click();
  await expect(page).toHaveURL(/\/training$/);
  await expect(page.getByRole('heading', { name: 'My training', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(demoCard.getByText('Next: lesson “Understanding sexual harassment”')).toBeVisible();
  await checkScreen(page, 'My training (390 px)');
  await page.getByRole('button', { name: `Start: ${COURSE}` }).click();

  // The player opens in the primary language; the learner picks Hindi.
  await expect(page.getByRole('heading', { name: COURSE, level: 1 })).toBeVisible();
  await page.getByLabel('Language').selectOption({ label: 'Hindi (हिन्दी)' });
  await expect(page.getByRole('heading', { name: COURSE_HI, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lesson 1: यौन उत्पीड़न को समझना' })).toBeVisible();
  await checkScreen(page, 'Player, lesson in Hindi (390 px)');

  // Marking the lesson done too early says what is missing.
  await expect(page.getByText('To finish this lesson')).toBeVisible();
  await page.getByRole('button', { name: 'Mark lesson done' }).click();
  await expect(page.getByRole('alert')).toContainText('Watch the video');

  // The transcript serves those who cannot watch: read, it counts as watched. The way on is in sight under the
  // video, not folded inside the transcript.
  const readIt = page.getByRole('button', { name: 'I have read the transcript' });
  await readIt.scrollIntoViewIfNeeded();
  await expect(readIt).toBeInViewport();
  await expect(page.getByText('Cannot watch it? Open the transcript above, read it, then confirm.')).toBeInViewport();
  await page.getByText('Transcript', { exact: true }).click();
  await readIt.click();
  await expect(page.getByText('Watched', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Mark lesson done' }).click();
  await expect(page.getByRole('heading', { name: 'Quiz: अपनी समझ जाँचें' })).toBeVisible();
  await expect(page.getByLabel('Course progress: 50%')).toBeVisible();

  // Closing the tab and coming back resumes at the quiz, in Hindi.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Quiz: अपनी समझ जाँचें' })).toBeVisible();
  await expect(page.getByRole('heading', { name: COURSE_HI, level: 1 })).toBeVisible();

  // First attempt: one wrong answer of three (66.6 %), under the pass mark of 70.
  await page.getByLabel('काम की गुणवत्ता पर प्रतिक्रिया').check();
  // The quiz's choices survive a reload until the attempt is sent.
  await page.reload();
  await expect(page.getByLabel('काम की गुणवत्ता पर प्रतिक्रिया')).toBeChecked();
  await page.getByLabel('आंतरिक समिति').check();
  await page.getByLabel('हाँ', { exact: true }).check();
  await checkScreen(page, 'Player, quiz (390 px)');
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByText(/Not passed: you scored 66\.6%, and 70% is needed/)).toBeVisible();
  await expect(page.getByText('2 attempts left.', { exact: false })).toBeVisible();
  await expect(page.getByText('Wrong', { exact: true })).toHaveCount(1);
  // The learner's own choices read at full strength on a tinted band, not as pale disabled radios.
  const chosen = page.locator('.lb-choice').filter({ has: page.locator('input:checked') });
  await expect(chosen).toHaveCount(3);
  await expect(chosen.first()).toHaveCSS('font-weight', '600');
  await expect(chosen.first()).toHaveCSS('color', 'rgba(0, 0, 0, 0.88)');
  await expect(chosen.first()).toHaveCSS('background-color', 'rgb(232, 240, 253)');
  // This quiz shows the right answers only after passing.
  await expect(page.getByText(/Correct answer:/)).toHaveCount(0);
  await checkScreen(page, 'Player, quiz failed (390 px)');

  // Second attempt: all right.
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.getByLabel('यौन रंग वाली टिप्पणियाँ').check();
  await page.getByLabel('आंतरिक समिति').check();
  await page.getByLabel('हाँ', { exact: true }).check();
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByText('Passed: you scored 100%')).toBeVisible();
  await expect(page.getByLabel('Course progress: 100%')).toBeVisible();

  // Completion and the certificate.
  await page.getByRole('button', { name: 'See your certificate' }).click();
  await expect(page.getByRole('heading', { name: 'Course completed' })).toBeVisible();
  await checkScreen(page, 'Player, completed (390 px)');
  await page.setViewportSize({ width: 1366, height: 850 });
  await expect(page.getByRole('navigation', { name: 'Course outline' })).toBeVisible();
  await checkScreen(page, 'Player, completed (1366 px)');
  await page.setViewportSize(PHONE);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download certificate' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const code = (await page.getByRole('link', { name: /^[A-Z0-9-]{6,40}$/ }).textContent())!.trim();

  // My training shows it completed.
  await page.goto(url('acme', '/training'));
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
  await expect(
    page
      .getByRole('button', { name: `Review: ${COURSE_HI}` })
      .or(page.getByRole('button', { name: `Review: ${COURSE}` })),
  ).toBeVisible();
  await context.close();

  // Anyone holding the certificate checks it on the workspace's address, without signing in.
  const stranger = await browser.newContext({ viewport: PHONE });
  const check = await stranger.newPage();
  await check.goto(url('acme', `/verify/${code}`));
  await expect(check.getByText('Valid certificate')).toBeVisible();
  await expect(check.getByText('Esha Employee')).toBeVisible();
  await expect(check.getByText(COURSE_HI).or(check.getByText(COURSE))).toBeVisible();
  await expect(check.getByText(code, { exact: true })).toBeVisible();
  await checkScreen(check, 'Certificate check (390 px)');
  await check.setViewportSize({ width: 1366, height: 850 });
  await checkScreen(check, 'Certificate check (1366 px)');
  await check.setViewportSize(PHONE);
  await check.goto(url('acme', '/verify/ACME-0000-0000'));
  await expect(check.getByText('No certificate has this code')).toBeVisible();
  await checkScreen(check, 'Certificate check, unknown code (390 px)');
  await stranger.close();
});
