import { expect, test, type Page } from './support/test';
import { signIn, url } from './support/app';
import { expectAccessible, expectNoSidewaysScroll } from './support/accessibility';
import { expectPdfShown, realPdf } from './support/pdf';

/** A call to the API from inside the page, with the page's own session token. */
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

/** Picks a workspace in a searchable picker by typing part of its name. */
async function pickWorkspace(page: Page, label: string, name: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByLabel(label, { exact: true }).fill(name);
  await page
    .locator('.ant-select-dropdown:visible')
    .getByTitle(new RegExp(`^${name}`))
    .click();
}

// Lakshmi Iyer (HQ, not in the Pune/HR group the courses journey assigns) is this journey's own person.
const PERSON = 'lakshmi.iyer31@acme.test';

test('the platform admin runs the platform tools, and an Acme employee reads the manual', async ({ browser }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'main', 'platform@demo.test');

  // The platform admin lands in the console; its menu leads to the tools. Feature flags: create one, listed with its value and no workspace.
  await page.getByRole('navigation', { name: 'Platform' }).getByText('Feature flags').click();
  await expect(page).toHaveURL(/\/platform\/flags$/);
  await expect(page.getByRole('heading', { name: 'Feature flags' })).toBeVisible();
  await expectAccessible(page, 'Feature flags');
  await expect(page.getByRole('row', { name: /maintenance/ })).toBeVisible();
  await page.getByRole('button', { name: 'New flag' }).click();
  const create = page.getByRole('dialog', { name: 'New feature flag' });
  await create.getByLabel('Key').fill(`journey-${run}`);
  await create.getByLabel('Value').fill('beta');
  await create.getByRole('button', { name: 'Create flag' }).click();
  await expect(page.getByText(`Flag "journey-${run}" created. It is on for no workspace yet.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`journey-${run}`) })).toContainText('beta');
  await expect(page.getByRole('row', { name: new RegExp(`journey-${run}`) })).toContainText('None');

  // Edit its value and save: the dialog closes, the page stays (it used to crash once saved), the row shows the new value.
  await page.getByRole('button', { name: `Edit flag journey-${run}` }).click();
  const editOwn = page.getByRole('dialog', { name: `Flag journey-${run}` });
  await editOwn.getByLabel('Value').fill('gamma');
  await editOwn.getByRole('button', { name: 'Save flag' }).click();
  await expect(page.getByText(`Flag "journey-${run}" saved.`)).toBeVisible();
  await expect(editOwn).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Feature flags' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`journey-${run}`) })).toContainText('gamma');

  // Delete it, after a confirmation; the built-in flags offer no delete.
  await expect(page.getByRole('button', { name: 'Delete flag maintenance' })).toHaveCount(0);
  await page.getByRole('button', { name: `Delete flag journey-${run}` }).click();
  const confirmDelete = page.getByRole('dialog', { name: `Delete flag journey-${run}?` });
  await expect(confirmDelete).toContainText('This cannot be undone.');
  await confirmDelete.getByRole('button', { name: 'Delete flag' }).click();
  await expect(page.getByText(`Flag "journey-${run}" deleted.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`journey-${run}`) })).toHaveCount(0);

  // Maintenance asks first and says what it does; cancelled, nothing changes (Acme stays open for the other journeys).
  await page.getByRole('button', { name: 'Edit flag maintenance' }).click();
  const edit = page.getByRole('dialog', { name: 'Flag maintenance' });
  await edit.getByLabel('Enabled workspaces').click();
  await edit.getByLabel('Enabled workspaces').fill('Acme');
  await page.locator('.ant-select-dropdown:visible').getByTitle('Acme (acme.localhost)').click();
  // The multi-select stays open after a choice: leave it for the next field.
  await edit.getByLabel('Value').click();
  await edit.getByRole('button', { name: 'Save flag' }).click();
  const confirm = page.getByRole('dialog', { name: /Turn maintenance mode on for acme.localhost/ });
  await expect(confirm).toContainText('closes the workspace to everyone');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  const maintenance = (
    await api<{ key: string; enabledWorkspaces: unknown[] }[]>(page, 'main', 'GET', '/main-api/api/feature-flags')
  ).json.find((f) => f.key === 'maintenance')!;
  // Acme is not closed. (The maintenance journey, running beside this one, may have its own workspace in the list.)
  expect(maintenance.enabledWorkspaces).not.toContainEqual({ workspaceUrl: 'acme.localhost' });

  // The user manual, as Markdown, for every workspace.
  await page.goto(url('main', '/platform/manual'));
  await expect(page.getByRole('heading', { name: 'User manual' })).toBeVisible();
  await expectAccessible(page, 'User manual');
  await page.waitForLoadState('networkidle');
  await page
    .getByLabel('Manual text (Markdown)')
    .fill(`# Welcome to SafePlace ${run}\n\nStart with **your courses**.\n\n<b id="raw">raw html</b>\n`);
  await page.getByRole('button', { name: 'Publish manual' }).click();
  // The demo publishes a manual for every workspace, so publishing asks first to replace it. (Clicking the confirmation
  // when it is there, rather than asking whether it is there at one instant, which an opening pop-up can miss.)
  await page.getByRole('button', { name: 'Replace' }).click();
  await expect(page.getByText('Published for every workspace.')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Welcome to SafePlace ${run}` })).toBeVisible();

  // An Acme employee reads it at /manual, from the menu; raw HTML is not rendered.
  const employee = await (await browser.newContext()).newPage();
  await signIn(employee, 'acme', 'employee@acme.test');
  await employee.getByRole('navigation', { name: 'Main' }).getByText('User manual').click();
  await expect(employee).toHaveURL(/\/manual$/);
  await expect(employee.getByRole('heading', { name: `Welcome to SafePlace ${run}` })).toBeVisible();
  await expect(employee.getByText('your courses')).toBeVisible();
  await expect(employee.locator('#raw')).toHaveCount(0);

  // The sign-up allow-list: add one address to Acme's list.
  await page.goto(url('main', '/platform/allow-list'));
  await pickWorkspace(page, 'Workspace', 'Acme');
  await page.getByLabel('Email or @domain').fill(`journey-${run}@example.com`);
  await page.getByRole('button', { name: 'Add to list' }).click();
  await expect(page.getByText(`journey-${run}@example.com may now sign up to Acme.`)).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Allow-list entries' })
      .getByRole('row', { name: new RegExp(`journey-${run}@example.com`) }),
  ).toBeVisible();

  // A course for the person (as Acme's admin would assign it), to see on their record.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'acme', 'admin@acme.test');
  const courses = await api<{ items: { courseId: string; title: string }[] }>(
    admin,
    'acme',
    'GET',
    '/learning-api/api/course/all',
  );
  const course = courses.json.items.find((c) => c.title === 'Preventing Sexual Harassment at Work')!;
  const acmeId = (
    await api<{ workspaceId: string }>(page, 'main', 'GET', '/main-api/api/workspace/company-profile/acme.localhost')
  ).json.workspaceId;
  const person = await api<{ user: { userId: string } }>(
    page,
    'main',
    'POST',
    '/main-api/api/admin/user/course/policy/details',
    { workspaceId: acmeId, email: PERSON },
  );
  expect(
    (
      await api(admin, 'acme', 'POST', '/learning-api/api/course/assign-course-to-users', {
        courseId: course.courseId,
        userIds: [person.json.user.userId],
      })
    ).status,
  ).toBe(200);

  // Users: find the person by email, fix the name, see the course record.
  await page.goto(url('main', '/platform/users'));
  await pickWorkspace(page, 'Workspace', 'Acme');
  await page.getByLabel('User email').fill(PERSON);
  await page.getByRole('button', { name: 'Find user' }).click();
  await expect(page.getByLabel('First name')).toHaveValue(/Lakshmi/);
  await page.getByLabel('Last name').fill(`Iyer ${run}`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Lakshmi Iyer ${run} was saved.`)).toBeVisible();
  const record = page.getByRole('table', { name: 'Courses of the user' });
  await expect(record.getByRole('row', { name: /Preventing Sexual Harassment at Work/ })).toContainText('Assigned');
  await expect(record.getByRole('row', { name: /Preventing Sexual Harassment at Work/ })).toContainText('0%');
  // Their policies: none yet, or (when another journey of the run published one to Acme) each with its acceptance.
  await expect(
    page.getByText(/^(No policy is published to this person yet|Not accepted yet|Accepted version \d+.*)$/).first(),
  ).toBeVisible();
});

test('the elevateip confirmation warns that no ranges shut everyone out, and the IP ranges editor checks each range', async ({
  page,
}) => {
  await signIn(page, 'main', 'platform@demo.test');
  await page.goto(url('main', '/platform/flags'));
  await page.getByRole('button', { name: 'Edit flag elevateip' }).click();
  const edit = page.getByRole('dialog', { name: 'Flag elevateip' });
  await edit.getByLabel('Enabled workspaces').click();
  await edit.getByLabel('Enabled workspaces').fill('Globex');
  await page.locator('.ant-select-dropdown:visible').getByTitle('Globex (globex.localhost)').click();
  await edit.getByLabel('Value').click();
  await edit.getByRole('button', { name: 'Save flag' }).click();
  const confirm = page.getByRole('dialog', { name: /Turn elevated-ip mode on for globex.localhost/ });
  await expect(confirm).toContainText('with no ranges set, nobody at all can reach the workspace');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // The ranges editor, reached by address; a bad range is named before anything is sent.
  await page.goto(url('main', '/platform/flags/ip-ranges/globex.localhost'));
  await expect(page.getByRole('heading', { name: 'IP ranges of Globex' })).toBeVisible();
  await expectAccessible(page, 'IP ranges of Globex');
  await page.getByRole('button', { name: 'Add range' }).click();
  await page.getByLabel('Range 1', { exact: true }).fill('10.0.0.0/33');
  await page.getByRole('button', { name: 'Save ranges' }).click();
  await expect(page.getByText('Not an IP address or CIDR range')).toBeVisible();
  await page.getByRole('button', { name: 'Remove range 1' }).click();
  await expect(page.getByText('No ranges: with elevateip on, nobody can reach this workspace.')).toBeVisible();
});

test('a PDF manual for Globex alone: Globex reads it drawn in the page and can download it', async ({ browser }) => {
  test.setTimeout(180_000); // two browsers and an upload: 51 s of the default 60 in CI's full run
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'main', 'platform@demo.test');
  await page.goto(url('main', '/platform/manual'));
  await page.waitForLoadState('networkidle');
  await pickWorkspace(page, 'Published for', 'Globex');
  await expect(page.getByText('Published for Globex', { exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'PDF file' }).check();
  const pdf = await realPdf('Globex handbook', ['Welcome to Globex: start with your courses.']);
  // Not a PDF first: the server checks the first bytes and says so.
  await page
    .getByLabel('Manual PDF')
    .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ not a pdf') });
  await page.getByRole('button', { name: 'Publish manual' }).click();
  const replace = page.getByRole('button', { name: 'Replace' });
  if (await replace.isVisible().catch(() => false)) await replace.click();
  await expect(page.getByText('Not a PDF (it does not start with %PDF-)')).toBeVisible();
  await page
    .getByLabel('Manual PDF')
    .setInputFiles({ name: 'Globex handbook.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Publish manual' }).click();
  if (await replace.isVisible().catch(() => false)) await replace.click();
  await expect(page.getByText('Published for Globex.')).toBeVisible();

  const member = await (await browser.newContext()).newPage();
  await signIn(member, 'globex', 'admin@globex.test');
  await member.goto(url('globex', '/manual'));
  await expect(member.getByText('Globex handbook.pdf')).toBeVisible();
  // Drawn by pdf.js in the page (no frame), its words in the text layer.
  await expectPdfShown(
    member.getByRole('region', { name: 'User manual' }),
    'Welcome to Globex: start with your courses.',
  );
  await expect(member.locator('iframe')).toHaveCount(0);
  await expectAccessible(member, 'User manual as a PDF');
  await member.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(member, 'User manual as a PDF on a phone');
  // Drawn again for the narrower screen: the canvas holds as many pixels as it shows (sharp, and no wider than the page).
  const canvas = member.getByRole('group', { name: 'Page 1 of 1' }).locator('canvas');
  await expect
    .poll(() =>
      canvas.evaluate(
        (c: HTMLCanvasElement) =>
          Math.abs(c.width - c.getBoundingClientRect().width * devicePixelRatio) <= 2 &&
          c.getBoundingClientRect().width <= 390,
      ),
    )
    .toBe(true);
  await member.screenshot({ path: test.info().outputPath('manual-390.png'), fullPage: true });
  const href = await member.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  expect(href).toMatch(/^\/main-api\/api\/user-manual\/file\//);
  const file = await member.evaluate(async (h) => {
    const res = await fetch(h!);
    return { status: res.status, type: res.headers.get('content-type'), start: (await res.text()).slice(0, 5) };
  }, href);
  expect(file).toEqual({ status: 200, type: 'application/pdf', start: '%PDF-' });
});
