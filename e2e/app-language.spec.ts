import { expect as baseExpect, test, type Page } from './support/test';
import { pickOption, signIn, url } from './support/app';
import { expectAccessible, expectNoSidewaysScroll } from './support/accessibility';
import { realPdf } from './support/pdf';

/** A loaded machine answers slowly: wait longer for what the user sees. */
const expect = baseExpect.configure({ timeout: 30_000 });

const PHONE = { width: 390, height: 844 };
/** A demo employee no other journey signs in as: this one changes the person's language. */
const EMPLOYEE = 'nisha.das27@acme.test';
const COURSE = 'Preventing Sexual Harassment at Work';
const COURSE_HI = 'कार्यस्थल पर यौन उत्पीड़न की रोकथाम';

/** A call of an API from inside the page, with the page's own session (the browser resolves *.localhost). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const token = decodeURIComponent(/(?:^|; )sp_token=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch(p, {
        method: m,
        headers: { authorization: `Bearer ${token}`, ...(b ? { 'content-type': 'application/json' } : {}) },
        body: b ? b : undefined,
      });
      return { status: res.status, json: await res.json() };
    },
    [method, path, body === undefined ? '' : JSON.stringify(body)] as const,
  );
}

async function checkScreen(page: Page, name: string): Promise<void> {
  await expectNoSidewaysScroll(page, name);
  await expectAccessible(page, name);
}

test.describe('the app in the learner’s language', () => {
  test.use({ actionTimeout: 30_000 });

  test('an employee on a phone switches to Hindi: the home, a policy, the player’s buttons and Raise a concern speak Hindi', async ({
    browser,
  }) => {
    test.setTimeout(600_000);
    const title = `Acme conduct ${Date.now().toString(36)}`;

    // ---- Setup by Acme's admin: a policy to accept (its own, an English PDF) and the demo course assigned.
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, 'acme', 'admin@acme.test');
    const courses = await api<{ items: { courseId: string; title: string }[] }>(
      admin,
      'GET',
      '/learning-api/api/course/all',
    );
    const course = courses.json.items.find((c) => c.title === COURSE)!;
    expect(
      (
        await api(admin, 'POST', '/learning-api/api/course/assign-course-to-users', {
          courseId: course.courseId,
          search: EMPLOYEE,
        })
      ).status,
    ).toBe(200);

    await admin.goto(url('acme', '/policies'));
    await admin.getByRole('button', { name: 'Create policy' }).click();
    const create = admin.getByRole('dialog', { name: 'New policy' });
    await create.getByLabel('Title').fill(title);
    await create.getByLabel('Owner').fill('Acme HR');
    await create.getByLabel('Summary of the first version').fill('How we treat each other');
    await create.getByLabel('Review by').fill('2027-06-30');
    await create.getByLabel('Review by').press('Enter');
    await expect(create).toBeHidden();
    const details = admin.getByRole('dialog', { name: title });
    const chooser = admin.waitForEvent('filechooser');
    await details.getByRole('button', { name: /^Upload the English/ }).click();
    await (
      await chooser
    ).setFiles({
      name: 'English.pdf',
      mimeType: 'application/pdf',
      buffer: await realPdf(title, ['Respect at work, every day.']),
    });
    await expect(admin.getByRole('progressbar', { name: /^English.* upload$/ })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    await details.getByRole('button', { name: 'Close' }).click();
    // The drawer's closing slide covers the table until it ends: wait for it to be gone before the next click.
    await expect(details).toBeHidden();
    await admin
      .getByRole('row', { name: new RegExp(title) })
      .getByRole('button', { name: `Publish ${title}` })
      .click();
    const publish = admin.getByRole('dialog', { name: `Publish ${title}` });
    await publish.getByLabel('Everyone in the workspace').check();
    await publish.getByRole('button', { name: 'Publish to everyone' }).click();
    await expect(publish).toBeHidden();

    // ---- The employee, on a phone, chooses Hindi on the profile.
    const page = await (await browser.newContext({ viewport: PHONE })).newPage();
    await signIn(page, 'acme', EMPLOYEE);
    try {
      await page.goto(url('acme', '/profile'));
      await page.getByLabel('Language of the app and your emails').click();
      // Picked once the list has finished sliding in (a click during the slide can miss the option on a busy machine).
      await pickOption(page, 'हिन्दी');
      await expect(page.getByText('आपकी भाषा सहेज ली गई है।')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
      await checkScreen(page, 'Profile with the language chosen, in Hindi (390 px)');

      // Home: the welcome, the training cards and the policies to accept, in Hindi.
      await page.goto(url('acme', '/dashboard'));
      await expect(page.getByRole('heading', { level: 1, name: 'स्वागत है, Nisha' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'मेरा प्रशिक्षण' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'स्वीकार करने के लिए नीतियाँ' })).toBeVisible();
      await checkScreen(page, 'Home in Hindi (390 px)');

      // A policy to read and accept.
      await page.getByRole('link', { name: `${title} पढ़ें और स्वीकार करें` }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText('संस्करण 1')).toBeVisible();
      // The accept button is enabled once the document's first page has rendered (the reader saw it).
      await expect(page.getByRole('button', { name: 'मैंने यह नीति पढ़ ली है और मैं इसे स्वीकार करता/करती हूँ' })).toBeEnabled();
      await expect(page.getByRole('link', { name: 'होम पर वापस जाएँ' })).toBeInViewport();
      await checkScreen(page, 'Policy page in Hindi (390 px)');

      // The player: the course opens in Hindi (the learner's language, which it has) with Hindi buttons.
      await page.goto(url('acme', `/training/${course.courseId}`));
      await expect(page.getByRole('heading', { level: 1, name: COURSE_HI })).toBeVisible();
      await expect(page.getByRole('button', { name: 'अगला' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'पिछला' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'पाठ पूरा हुआ चिह्नित करें' })).toBeVisible();
      await expect(page.getByRole('link', { name: /बाहर निकलें/ })).toBeInViewport();
      await checkScreen(page, 'Player in Hindi (390 px)');

      // Raise a concern: who sees what, and the button, in Hindi.
      await page.goto(url('acme', '/concerns/new'));
      await expect(page.getByRole('heading', { level: 1, name: 'शिकायत दर्ज करें' })).toBeInViewport();
      await expect(page.getByText('इसे कौन देखेगा')).toBeInViewport();
      await expect(page.getByRole('button', { name: /समिति को भेजें$/ })).toBeVisible();
      await checkScreen(page, 'Raise a concern in Hindi (390 px)');
    } finally {
      // The demo account goes back to the workspace's language for whoever signs in next.
      await api(page, 'PUT', '/main-api/api/user', { firstName: 'Nisha', lastName: 'Das', language: null });
    }
  });
});
