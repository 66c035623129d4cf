import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import { expect as baseExpect, test } from './support/test';
import { api, signIn, url } from './support/app';
import type { Page } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, expectOneH1 } from './support/accessibility';

/** A loaded machine answers slowly: wait longer for what the user sees. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** The parties of the demo's seeded cases (server/seed/case.seed.ts): no return may name them. */
const PARTIES = [
  'isha.reddy9@acme.test',
  'divya.gupta11@acme.test',
  'ananya.das3@acme.test',
  'vikram.nair4@acme.test',
  'arjun.singh6@acme.test',
  'siddharth.menon8@acme.test',
];

/**
 * Acme's workspace-wide committee as it stands: the demo seats Priya Rao presiding, and journeys that run beside this
 * one seat their own committee (seatCommittee), so the presiding officer is read, not assumed.
 */
async function workspaceCommittee(admin: Page): Promise<{ name: string; presiding: { name: string; email: string } }> {
  const list = await api<{
    items: { name: string; branchId: string | null; members: { name: string; email: string; role: string }[] }[];
  }>(admin, 'GET', '/case-api/api/committees');
  const committee = list.items.find((c) => c.branchId === null) ?? list.items[0];
  const presiding = committee.members.find((m) => m.role === 'PRESIDING_OFFICER');
  expect(presiding, 'Acme has a presiding officer').toBeTruthy();
  return { name: committee.name, presiding: presiding! };
}

test.describe('statutory returns', () => {
  test.use({ actionTimeout: 30_000 });

  test('the presiding officer gives what the return needs, generates the POSH annual return for the seeded year and opens it; the admin sees it done', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const year = String(new Date().getUTCFullYear());
    const setup = await (await browser.newContext()).newPage();
    await signIn(setup, 'acme', 'admin@acme.test');
    const committee = await workspaceCommittee(setup);
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 850 } })).newPage();
    await signIn(page, 'acme', committee.presiding.email);
    await page.goto(url('acme', '/compliance/returns'));
    await expect(page.getByRole('heading', { level: 1, name: 'Statutory returns' })).toBeVisible();
    await expectOneH1(page, 'returns');

    // Step 1: what no case can give.
    await page.getByLabel('Employer’s address').fill('1 MG Road, Bengaluru 560001');
    await page
      .getByLabel('The District Officer (name and address)')
      .fill('The District Officer, Bengaluru Urban, Kandaya Bhavan');
    await expectAccessible(page, 'returns: inputs');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 2: the seeded cases were filed this year.
    await page.getByLabel('Year').fill(year);
    await page.getByRole('button', { name: 'Show the figures' }).click();
    // The seeded year's three cases (one disposed of), and whatever other journeys filed this year beside them.
    const figures = page.getByRole('table').filter({ hasText: 'Complaints received in the year' });
    const receivedRow = figures.getByRole('row', { name: /Complaints received in the year \d+/ });
    await expect(receivedRow).toBeVisible();
    const received = Number(/(\d+)\s*$/.exec((await receivedRow.innerText()).trim())?.[1]);
    expect(received).toBeGreaterThanOrEqual(3);
    await expect(figures.getByRole('row', { name: /Complaints disposed of in the year [1-9]\d*/ })).toBeVisible();

    await page.getByRole('button', { name: 'Generate PDF' }).click();
    const open = page.getByRole('link', { name: `Open posh-annual-return-${year}.pdf` });
    await expect(open).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), open.click()]);
    const bytes = await readFile(await download.path());
    const text = (await new PDFParse({ data: new Uint8Array(bytes) }).getText()).text;
    expect(text).toContain('Annual report of the Internal Committee');
    expect(text).toContain(committee.name);
    expect(text).toContain('The District Officer, Bengaluru Urban');
    expect(text).toContain(`Complaints received in the year: ${received}`);
    for (const party of PARTIES) expect(text).not.toContain(party);
    expect(text).not.toMatch(/C-000\d/);

    // The list says who made it.
    const made = page
      .getByRole('region', { name: 'Returns made' })
      .or(page.locator('section', { has: page.getByRole('heading', { name: 'Returns made' }) }));
    await expect(
      made.getByRole('row', {
        name: new RegExp(`POSH annual return \\(IN-13\\), ${year}.*${committee.presiding.name.split(' ')[0]}`),
      }),
    ).toBeVisible();
    await expectAccessible(page, 'returns: generated');
    await page.screenshot({ path: test.info().outputPath('returns-1366.png'), fullPage: true });

    const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signIn(phone, 'acme', committee.presiding.email);
    await phone.goto(url('acme', '/compliance/returns'));
    await expect(phone.getByRole('heading', { level: 1, name: 'Statutory returns' })).toBeVisible();
    await expect(phone.getByText(`POSH annual return (IN-13), ${year}`)).toBeVisible();
    await expectNoSidewaysScroll(phone, 'returns at 390 px');
    await expectAccessible(phone, 'returns at 390 px');
    await phone.screenshot({ path: test.info().outputPath('returns-390.png'), fullPage: true });

    // The admin's compliance page: every India rule with its status, and the returns due.
    const admin = await (await browser.newContext({ viewport: { width: 1366, height: 850 } })).newPage();
    await signIn(admin, 'acme', 'admin@acme.test');
    await admin.goto(url('acme', '/compliance'));
    const rules = admin.getByRole('table', { name: 'Legal rules' });
    // Every rule of India, IN-01 to IN-17 (another journey may declare Canada for Acme too: its rules come beside).
    await expect(rules.getByRole('row', { name: /\bIN-\d\d\b/ })).toHaveCount(17);
    await expect(rules.getByRole('row', { name: /IN-12/ })).toContainText(/Not met|At risk/);
    await expect(rules.getByRole('row', { name: /IN-15/ })).toContainText('₹');
    await expect(admin.getByText('POSH annual return (IN-13)').first()).toBeVisible();
    await expectAccessible(admin, 'compliance with the legal rules');
    await admin.screenshot({ path: test.info().outputPath('compliance-rules-1366.png'), fullPage: true });

    const adminPhone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signIn(adminPhone, 'acme', 'admin@acme.test');
    await adminPhone.goto(url('acme', '/compliance'));
    await expect(
      adminPhone.getByRole('table', { name: 'Legal rules' }).getByRole('row', { name: /IN-13/ }),
    ).toBeVisible();
    await expectNoSidewaysScroll(adminPhone, 'compliance at 390 px');
    await adminPhone.screenshot({ path: test.info().outputPath('compliance-rules-390.png'), fullPage: true });
  });

  test('the admin records a workshop and publishes the notice; an employee reads it under "Your rights at work"', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const admin = await (await browser.newContext({ viewport: { width: 1366, height: 850 } })).newPage();
    await signIn(admin, 'acme', 'admin@acme.test');
    await admin.goto(url('acme', '/compliance/duties'));
    await expect(admin.getByRole('heading', { level: 1, name: 'Employer’s duties' })).toBeVisible();
    await expect(admin.getByText('Nothing recorded yet: record the workshops you held.')).toBeVisible();
    await expectAccessible(admin, 'duties: empty');

    await admin.getByRole('button', { name: 'Record a workshop' }).click();
    const drawer = admin.getByRole('dialog', { name: 'Record a workshop' });
    await drawer.getByLabel('Title').fill('Respect at work');
    await drawer.getByLabel('Held on').fill(new Date().toISOString().slice(0, 10));
    await drawer.getByLabel('For whom').fill('All staff at headquarters');
    await drawer.getByLabel('How many attended').fill('42');
    await expectAccessible(admin, 'duties: record a workshop');
    await drawer.getByRole('button', { name: 'Record it' }).click();
    await expect(drawer).toBeHidden();
    await expect(admin.getByRole('row', { name: /Respect at work.*42 people/ })).toBeVisible();

    // The notice is not published without where to get help with a police complaint.
    await admin.getByLabel('Show the notice to every member').click();
    await admin.getByRole('button', { name: 'Save the notice' }).click();
    await expect(
      admin.getByText('Say where staff get help with a police complaint before publishing the notice').first(),
    ).toBeVisible();
    await admin
      .getByLabel('Where staff get help with a police complaint')
      .fill('HR (Asha, extension 204) goes with you to the police station and arranges leave.');
    await admin.getByRole('button', { name: 'Save the notice' }).click();
    await expect(
      admin.getByText('Say where staff get help with a police complaint before publishing the notice'),
    ).toHaveCount(0);
    await admin.screenshot({ path: test.info().outputPath('duties-1366.png'), fullPage: true });

    const adminPhone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signIn(adminPhone, 'acme', 'admin@acme.test');
    await adminPhone.goto(url('acme', '/compliance/duties'));
    await expect(adminPhone.getByRole('row', { name: /Respect at work/ })).toBeVisible();
    await expectNoSidewaysScroll(adminPhone, 'duties at 390 px');
    await expectAccessible(adminPhone, 'duties at 390 px');
    await adminPhone.screenshot({ path: test.info().outputPath('duties-390.png'), fullPage: true });

    const desk = await (await browser.newContext({ viewport: { width: 1366, height: 850 } })).newPage();
    await signIn(desk, 'acme', 'employee@acme.test');
    await desk.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your rights at work' }).click();
    const committee = await workspaceCommittee(admin);
    await expect(desk.getByText(committee.presiding.email).first()).toBeVisible();

    const staff = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await signIn(staff, 'acme', 'employee@acme.test');
    await staff.goto(url('acme', '/notice'));
    await expect(
      staff.getByRole('heading', { level: 1, name: 'Sexual harassment at work: your rights and where to go' }),
    ).toBeVisible();
    await expect(staff.getByText(committee.presiding.name).first()).toBeVisible();
    await expect(staff.getByText(committee.presiding.email).first()).toBeVisible();
    await expect(staff.getByText('goes with you to the police station')).toBeVisible();
    await expect(staff.getByText(/₹50,000/)).toBeVisible();
    await expectOneH1(staff, 'notice');
    await expectNoSidewaysScroll(staff, 'notice at 390 px');
    await expectAccessible(staff, 'notice at 390 px');
    await staff.screenshot({ path: test.info().outputPath('notice-390.png'), fullPage: true });
  });
});
