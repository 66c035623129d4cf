import { expect, test, type Locator, type Page } from './support/test';
import { expectAccessible, expectNoSidewaysScroll } from './support/accessibility';
import { signIn, url } from './support/app';

/** A call of the API from inside the page with the page's own session (the browser resolves *.localhost). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const token = (await page.context().cookies(url('acme'))).find((c) => c.name === 'sp_token')!.value;
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

/** The newest message of the development outbox to `email`. */
async function lastMail(page: Page, email: string): Promise<{ subject: string | null; body: string } | undefined> {
  const tab = await page.context().newPage();
  try {
    await tab.goto(url('main', `/dev/outbox?format=json&to=${encodeURIComponent(email)}`));
    return (
      JSON.parse((await tab.locator('body').textContent()) ?? '[]') as { subject: string | null; body: string }[]
    )[0];
  } finally {
    await tab.close();
  }
}

/** Picks an option of an antd select, again if a click on a list re-aligned under load chose nothing. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const select = scope.getByLabel(label, { exact: true });
  await expect(async () => {
    await select.click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
    await expect(scope).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('an admin gives a course a rule for Pune HR; an invited person of Pune HR claims the invitation and finds it in My training; bulk assign by file', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const title = `Auto-assign journey ${stamp}`;
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'acme', 'admin@acme.test');

  // A published course of its own (a copy of the demo course), so the journey starts from nobody assigned.
  const courses = await api<{ items: { courseId: string; title: string }[] }>(
    admin,
    'GET',
    '/learning-api/api/course/all?pageSize=100',
  );
  const demo = courses.json.items.find((c) => c.title === 'Preventing Sexual Harassment at Work')!;
  const clone = await api<{ courseId: string }>(admin, 'POST', '/learning-api/api/course/clone', {
    courseId: demo.courseId,
    title,
  });
  expect(clone.status).toBe(200);
  const courseId = clone.json.courseId;
  expect((await api(admin, 'POST', `/learning-api/api/course/publish/${courseId}`, {})).status).toBe(200);

  // The rule, through the course's Auto-assign tab.
  // Inside the app (a full page load takes most of a minute when the machine is loaded).
  await admin.getByRole('navigation', { name: 'Main' }).getByText('Courses').click();
  await admin.getByLabel('Search courses by title').fill(stamp);
  await admin.getByLabel('Search courses by title').press('Enter');
  await admin.getByRole('link', { name: title, exact: true }).click();
  await expect(admin.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: 60_000 });
  await admin.getByRole('tab', { name: 'Auto-assign' }).click();
  await expect(admin.getByText('This course has no auto-assignment rule.')).toBeVisible();
  const ruleForm = admin.locator('form#auto-assign');
  await choose(admin, ruleForm, 'Business unit', 'Acme Pune');
  await choose(admin, ruleForm, 'Department', 'Human Resources');
  // Each end of the joining range has its name: the field's label, and the second end its own.
  await expect(ruleForm.getByLabel('Joining date')).toHaveAttribute('placeholder', 'Joined from');
  await expect(ruleForm.getByLabel('Joined until')).toHaveAttribute('placeholder', 'Joined until');
  await expectAccessible(admin, 'Auto-assign tab');
  await admin.getByRole('button', { name: 'Save rule' }).click();
  const saved = admin.getByRole('status').filter({ hasText: 'Rule saved' });
  await expect(saved).toContainText(/Rule saved: \d+ (person|people) newly assigned, 0 already had the course/);
  await expect(admin.getByText(/Rule on; last run/)).toBeVisible();

  // An invited person of Pune HR (invited through the API: inviting is another journey's screen).
  const units = await api<{ branchId: string; branchName: string }[]>(
    admin,
    'GET',
    '/main-api/api/workspace/all-branches1',
  );
  const pune = units.json.find((u) => u.branchName === 'Acme Pune')!;
  const departments = await api<{ departmentId: string; departmentName: string }[]>(
    admin,
    'POST',
    '/main-api/api/department/list',
    { branchId: pune.branchId },
  );
  const hr = departments.json.find((d) => d.departmentName === 'Human Resources')!;
  const email = `hr.joiner.${stamp}@acme-auto.test`;
  const invited = await api(admin, 'POST', `/main-api/api/invite/user/${pune.branchId}`, {
    email,
    firstName: 'Hema',
    lastName: 'Joiner',
    departmentId: hr.departmentId,
  });
  expect(invited.status).toBe(200);
  const mail = await lastMail(admin, email);
  const link = /(http:\/\/acme\.localhost:\d+\/invite\/[A-Za-z0-9_-]+)/.exec(mail!.body)![1];

  // On a phone: claims the invitation and finds the course in My training.
  const joinerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const joiner = await joinerContext.newPage();
  await joiner.goto(link);
  await joiner.getByLabel('New password').fill('monsoon teacup violet harbour');
  await joiner.getByRole('button', { name: 'Set password and continue' }).click();
  await expect(joiner).toHaveURL(url('acme', '/dashboard'));
  const welcome = joiner.getByRole('dialog', { name: 'Welcome to Acme' });
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: 'Continue' }).click();
  await expect(welcome).toBeHidden();
  // Home shows "My training" with the course the rule gave them.
  await expect(joiner.getByRole('heading', { name: 'My training', level: 2 })).toBeVisible({ timeout: 60_000 });
  await expect(joiner.getByText(title).first()).toBeVisible();
  await expect(joiner.locator('h1')).toHaveCount(1);
  await expectNoSidewaysScroll(joiner, 'Dashboard of an auto-assigned joiner (390 px)');
  await expectAccessible(joiner, 'Dashboard of an auto-assigned joiner (390 px)');

  // The admin sees them among the course's members.
  await admin.getByRole('tab', { name: /Members/ }).click();
  await admin.getByLabel('Search members').fill(email);
  await admin.getByLabel('Search members').press('Enter');
  await expect(admin.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: email })).toBeVisible();

  // Bulk assign: a file of people and the course, on the course list; the report says what happened to each row.
  await admin.getByRole('link', { name: 'All courses' }).click();
  await admin.getByRole('button', { name: 'Bulk assign' }).click();
  const drawer = admin.getByRole('dialog', { name: 'Bulk assign courses' });
  await expect(drawer).toBeVisible();
  const csv = ['Name,Email', 'Esha,employee@acme.test', 'Nobody,nobody@nowhere.test', 'Broken,not-an-email'].join('\n');
  await drawer
    .locator('input[type=file]')
    .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(drawer.getByText('people.csv')).toBeVisible();
  await choose(admin, drawer, 'Courses', title);
  await admin.keyboard.press('Escape');
  await expectAccessible(admin, 'Bulk assign drawer');
  await drawer.getByRole('button', { name: 'Assign' }).click();
  const report = drawer.getByRole('table', { name: 'Report per row' });
  await expect(report.getByRole('row').filter({ hasText: 'employee@acme.test' })).toContainText(
    /Assigned|Already assigned/,
  );
  await expect(report.getByRole('row').filter({ hasText: 'nobody@nowhere.test' })).toContainText('Unknown email');
  await expect(report.getByRole('row').filter({ hasText: 'not-an-email' })).toContainText('Not an email address');
  await expect(drawer.getByRole('status', { name: 'Bulk assignment progress' })).toContainText('Unknown email: 1');
  await expectAccessible(admin, 'Bulk assign report');

  // On a phone, the bulk drawer fits.
  await admin.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(admin, 'Bulk assign report on a phone');

  // Tidy: the rule goes (nobody loses the course).
  expect(
    (await api<{ cleared: number }>(admin, 'POST', '/learning-api/api/course/auto/reset', { courseIds: [courseId] }))
      .json,
  ).toEqual({ cleared: 1 });
});
