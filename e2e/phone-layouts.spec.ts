import { expect as baseExpect, test, type Page } from './support/test';
import { api, pickOption, signIn, url } from './support/app';
import { expectAccessible, expectNoSidewaysScroll } from './support/accessibility';

/** A loaded machine answers slowly: wait longer for what the user sees. */
const expect = baseExpect.configure({ timeout: 30_000 });

const WIDTHS = [360, 390] as const;

/** The screen at each phone width: nothing scrolls sideways, and axe finds nothing serious. */
async function atPhones(page: Page, name: string, visible: () => Promise<void>): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await visible();
    await expectNoSidewaysScroll(page, `${name} (${width} px)`);
    await expectAccessible(page, `${name} (${width} px)`);
  }
}

/** The newest invitation link mailed to `email`, from the development outbox. */
async function inviteLink(page: Page, email: string): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto(url('main', `/dev/outbox?format=json&to=${encodeURIComponent(email)}`));
    const [mail] = JSON.parse((await outbox.locator('body').textContent()) ?? '[]') as { body: string }[];
    const link = /(http:\/\/acme\.localhost:\d+\/invite\/[A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
    if (!link) throw new Error(`no invitation link for ${email}`);
    return link;
  } finally {
    await outbox.close();
  }
}

test.describe('phone layouts', () => {
  test.use({ actionTimeout: 30_000 });

  test('the admin’s people and courses lists are cards on a phone, their actions in view', async ({ browser }) => {
    test.setTimeout(240_000);
    const admin = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signIn(admin, 'acme', 'admin@acme.test');

    await admin.goto(url('acme', '/people'));
    const firstPerson = admin.getByRole('button', { name: /^Edit / }).first();
    await atPhones(admin, 'People as cards', async () => {
      await expect(firstPerson).toBeInViewport();
      // The column titles sit beside each value, not in a header row that runs off the screen.
      await expect(admin.locator('.phone-cards .ant-table-thead')).toBeHidden();
      await expect(admin.locator('.phone-cards td[data-label="Status"]').first()).toBeVisible();
    });

    await admin.goto(url('acme', '/courses'));
    const firstCourse = admin.getByRole('table', { name: 'Courses' }).getByRole('link').first();
    await atPhones(admin, 'Courses as cards', async () => {
      await expect(firstCourse).toBeInViewport();
      await expect(admin.locator('.phone-cards td[data-label="Status"]').first()).toBeVisible();
    });
    await admin.context().close();
  });

  test('an employee on a phone reads their complaint list as cards and picks the case’s parts from one select, in Hindi', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const stamp = Date.now().toString(36);
    const email = `lata.${stamp}@acme-phone.test`;

    // ---- Set-up through the API: Acme's admin invites a new employee (no seeded account is changed).
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, 'acme', 'admin@acme.test');
    const units = await api<{ branchId: string; headquarter?: boolean }[]>(
      admin,
      'GET',
      '/main-api/api/workspace/all-branches1',
    );
    const unit = units.find((u) => u.headquarter) ?? units[0];
    await api(admin, 'POST', `/main-api/api/invite/user/${unit.branchId}`, {
      email,
      firstName: 'Lata',
      lastName: 'Iyer',
    });
    const link = await inviteLink(admin, email);
    await admin.context().close();

    const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(link);
    await page.getByLabel('New password').fill('monsoon teacup violet harbour');
    await page.getByRole('button', { name: 'Set password and continue' }).click();
    await expect(page).toHaveURL(url('acme', '/dashboard'));
    await api(page, 'PUT', '/main-api/api/user', { firstName: 'Lata', lastName: 'Iyer', language: 'HINDI' });
    const filed = await api<{ complaintId: string; caseNumber: string }>(page, 'POST', '/case-api/api/complaints', {
      complainant: { name: 'Lata Iyer', email },
      respondent: { name: 'The shift supervisor' },
      incident: {
        details: 'Comments about my clothes in front of the team.',
        date: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
        witnesses: [],
      },
    });

    // ---- The complaint list: the case is a card whose number is in view.
    await page.goto(url('acme', '/complaints'));
    // The first sign-in's welcome, in Hindi.
    const welcome = page.getByRole('dialog', { name: 'Acme में आपका स्वागत है' });
    await welcome.getByRole('button', { name: 'आगे बढ़ें' }).click();
    await expect(welcome).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'शिकायतें' })).toBeVisible();
    const caseLink = page.getByRole('link', { name: filed.caseNumber });
    await atPhones(page, 'The complaint list as cards', async () => {
      await expect(caseLink).toBeInViewport();
    });

    // ---- The case: its title in Hindi, and one select for its parts instead of tabs that wrap.
    await caseLink.click();
    await expect(page.getByRole('heading', { level: 1, name: `मामला ${filed.caseNumber}` })).toBeVisible();
    const parts = page.getByRole('combobox', { name: 'मामले का भाग' });
    await atPhones(page, 'The case page on a phone', async () => {
      await expect(parts).toBeInViewport();
      await expect(page.getByRole('tab')).toHaveCount(0);
    });
    await parts.click();
    await pickOption(page, /^संदेश$/);
    const message = page.getByRole('textbox', { name: 'समिति को आपका संदेश' });
    await expect(message).toBeInViewport();
    // No message yet ("No messages yet."), in words that can be read, not antd's disabled grey (1.8:1).
    await expect(page.getByText('अभी कोई संदेश नहीं।')).toBeVisible();
    await expectAccessible(page, 'The case’s messages before any (390 px)');
    await message.fill('मैं अगले सप्ताह मिल सकती हूँ।');
    await page.getByRole('button', { name: 'भेजें' }).click();
    await expect(page.getByRole('status')).toContainText('संदेश भेज दिया गया।');
    await expect(page.getByText('मैं अगले सप्ताह मिल सकती हूँ।')).toBeVisible();
    await atPhones(page, 'The case’s messages on a phone', async () => {
      await expect(message).toBeVisible();
    });

    // ---- Wider, the same parts are tabs again.
    await page.setViewportSize({ width: 1366, height: 850 });
    await expect(page.getByRole('tab', { name: 'पक्षकार' })).toBeVisible();
    await page.context().close();
  });
});
