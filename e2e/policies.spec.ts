import { expect as baseExpect, test, type Page } from './support/test';
import { signIn, url } from './support/app';
import { expectAccessible, expectNoSidewaysScroll, expectOneH1 } from './support/accessibility';
import { expectPdfShown, realPdf } from './support/pdf';

/** The sentence every copy of the journey's policy holds, to find in the reader's text layer. */
const SENTENCE = 'Harassment of any kind is not tolerated at work.';

/** A real PDF of three pages saying which copy it is (the reader draws it with pdf.js, the later pages as they near). */
const pdf = (words: string) => realPdf('Prevention of sexual harassment', [SENTENCE, `This is ${words}.`], 3);

/** A loaded machine answers slowly: wait longer for what the user sees. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** A call of the learning API from inside the page, with the page's own session (for the catalogue parts without a screen yet). */
async function learningApi(
  page: Page,
  method: string,
  path: string,
  body?: object,
): Promise<{ status: number; json: Record<string, unknown> }> {
  return page.evaluate(
    async ([m, p, b]) => {
      const token = decodeURIComponent(/(?:^|; )sp_token=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch(`/learning-api${p}`, {
        method: m,
        headers: { authorization: `Bearer ${token}`, ...(b ? { 'content-type': 'application/json' } : {}) },
        body: b ? b : undefined,
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    },
    [method, path, body ? JSON.stringify(body) : ''] as const,
  );
}

async function uploadPdf(page: Page, language: string, words: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: new RegExp(`^Upload the ${language}`) }).click();
  await (await chooser).setFiles({ name: `${language}.pdf`, mimeType: 'application/pdf', buffer: await pdf(words) });
  await expect(page.getByRole('progressbar', { name: new RegExp(`^${language}.* upload$`) })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
}

test.describe('policies', () => {
  test.use({ actionTimeout: 30_000 });

  test('the platform admin publishes a policy in English and Hindi; Acme publishes it; the employee reads and accepts; a new version asks again', async ({
    browser,
  }) => {
    test.setTimeout(600_000);
    const title = `Prevention of sexual harassment ${Date.now().toString(36)}`;
    const open = async (viewport?: { width: number; height: number }) =>
      (await browser.newContext(viewport ? { viewport } : {})).newPage();
    const platform = await open();
    await signIn(platform, 'main', 'platform@demo.test');

    // The catalogue: a jurisdiction and a compliance (through the API: their screens are not built yet), then the policy on its screen.
    const india = (
      (await learningApi(platform, 'GET', '/api/admin/jurisdiction/all')).json.items as { id: string; code: string }[]
    ).find((j) => j.code === 'IN')!;
    const code = `IN-${String.fromCharCode(65 + Math.floor(Math.random() * 26))}${String.fromCharCode(65 + Math.floor(Math.random() * 26))}Q`;
    const jurisdiction = await learningApi(platform, 'POST', '/api/admin/jurisdiction/create', {
      code,
      name: `Test state ${code}`,
      parentId: india.id,
    });
    expect([200, 409]).toContain(jurisdiction.status);

    await platform.goto(url('main', '/platform/policies'));
    await expect(platform.getByRole('heading', { level: 1, name: 'Policies' })).toBeVisible();
    await expectAccessible(platform, 'Platform policies');
    await platform.getByRole('button', { name: 'New policy' }).click();
    const create = platform.getByRole('dialog', { name: 'New policy' });
    await create.getByLabel('Title').fill(title);
    await create.getByLabel('Owner').fill('Priya Legal');
    // Before the date picker's calendar opens (antd's days of other months are pale by design).
    await expectAccessible(platform, 'New policy drawer');
    await create.getByLabel('Review by').fill('2027-06-30');
    // Enter picks the typed date and submits the form.
    await create.getByLabel('Review by').press('Enter');
    await expect(create).toBeHidden();
    const details = platform.getByRole('dialog', { name: title });
    await expect(details).toBeVisible();
    await uploadPdf(platform, 'English', 'version 1 in English');
    await uploadPdf(platform, 'Hindi', 'version 1 in Hindi');
    await expectAccessible(platform, 'Policy details drawer');
    const policyId = (
      (await learningApi(platform, 'GET', '/api/admin/policy/all?search=' + encodeURIComponent(title))).json.items as {
        id: string;
      }[]
    )[0].id;
    const compliance = await learningApi(platform, 'POST', '/api/admin/compliance/create', {
      jurisdictionId: india.id,
      title: 'POSH: policy published and accepted',
      kind: 'POLICY',
      policyIds: [policyId],
    });
    expect(compliance.status).toBe(200);

    // Acme's admin publishes it to everyone.
    const admin = await open();
    await signIn(admin, 'acme', 'admin@acme.test');
    await admin.goto(url('acme', '/policies'));
    await expect(admin.getByRole('heading', { level: 1, name: 'Policies' })).toBeVisible();
    await admin.getByRole('button', { name: `Publish ${title}` }).click();
    const publish = admin.getByRole('dialog', { name: `Publish ${title}` });
    await expectAccessible(admin, 'Publish drawer');
    await publish.getByRole('button', { name: 'Publish to everyone' }).click();
    await expect(publish).toBeHidden();
    await expect(admin.getByRole('row', { name: new RegExp(title) }).first()).toContainText('Everyone');
    await expectAccessible(admin, 'Workspace policies');
    await expectOneH1(admin, 'Workspace policies');

    // The employee, on a phone: "Policies to accept", the reader, Accept.
    const employee = await open({ width: 390, height: 844 });
    await signIn(employee, 'acme', 'employee@acme.test');
    await expect(employee.getByRole('heading', { name: 'Policies to accept' })).toBeVisible();
    await expectAccessible(employee, 'Home with policies to accept');
    await expectNoSidewaysScroll(employee, 'Home with policies to accept');
    await employee.getByRole('link', { name: `Read and accept ${title}` }).click();
    await expect(employee.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // The PDF is drawn in the page (pdf.js), not framed: its words are in the viewer's text layer, its page on a canvas.
    const viewer = employee.getByRole('region', { name: `${title}, version 1` });
    await expectPdfShown(viewer, SENTENCE);
    await expect(viewer.locator('.textLayer').first()).toContainText('This is version 1 in English.');
    await expect(employee.locator('iframe')).toHaveCount(0);
    await expect(employee.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', /^blob:/);
    const accept = employee.getByRole('button', { name: 'I have read and accept this policy' });
    await expect(accept).toBeEnabled();
    await expectAccessible(employee, 'Policy reader');
    await expectNoSidewaysScroll(employee, 'Policy reader');
    await expectOneH1(employee, 'Policy reader');
    await employee.screenshot({ path: test.info().outputPath('policy-reader-390.png'), fullPage: true });
    await accept.click();
    await expect(employee.getByText('You accepted version 1')).toBeVisible();

    // "My policies": the accepted version, its day, and the same viewer to read it again.
    await employee.getByRole('link', { name: 'See all the policies you accepted' }).click();
    await expect(employee.getByRole('heading', { level: 1, name: 'My policies' })).toBeVisible();
    const mine = employee
      .getByRole('list', { name: 'Policies you accepted' })
      .getByRole('listitem')
      .filter({ hasText: title });
    await expect(mine).toContainText('Version 1 · English');
    await expect(mine).toContainText(
      `Accepted ${new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}`,
    );
    await expectAccessible(employee, 'My policies');
    await expectNoSidewaysScroll(employee, 'My policies');
    await expectOneH1(employee, 'My policies');
    await employee.screenshot({ path: test.info().outputPath('my-policies-390.png'), fullPage: true });
    await mine.getByRole('link', { name: 'Read version 1 again' }).click();
    await expect(employee.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectPdfShown(employee.getByRole('region', { name: `${title}, version 1` }), SENTENCE);
    await expect(employee.getByRole('button', { name: 'I have read and accept this policy' })).toHaveCount(0);
    await expectAccessible(employee, 'An accepted policy, read again');
    await expectNoSidewaysScroll(employee, 'An accepted policy, read again');

    // At a desk: "My policies" is in the menu, and the reader fits the wide screen too.
    const desk = await open({ width: 1366, height: 850 });
    const pdfLog: string[] = [];
    desk.on('console', (message) => pdfLog.push(message.text()));
    await signIn(desk, 'acme', 'employee@acme.test');
    await desk.getByRole('navigation', { name: 'Main' }).getByText('My policies').click();
    await expect(desk.getByRole('heading', { level: 1, name: 'My policies' })).toBeVisible();
    await expect(desk.getByRole('listitem').filter({ hasText: title })).toBeVisible();
    await desk.screenshot({ path: test.info().outputPath('my-policies-1366.png'), fullPage: true });
    await desk
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('link', { name: 'Read version 1 again' })
      .click();
    await expectPdfShown(desk.getByRole('region', { name: `${title}, version 1` }), SENTENCE);
    await desk.screenshot({ path: test.info().outputPath('policy-reader-1366.png'), fullPage: false });
    // The later pages are drawn as they come near the screen.
    const third = desk.getByRole('group', { name: 'Page 3 of 3' });
    await third.scrollIntoViewIfNeeded();
    await expect(third.locator('.textLayer')).toContainText('(page 3)');
    // pdf.js ran in its worker, loaded from our origin under the app's Content-Security-Policy (not on the page's thread).
    expect(pdfLog.filter((line) => /fake worker|Content.Security.Policy|Refused/i.test(line))).toEqual([]);
    // A document that cannot be drawn says so, with a retry and the download still beside it.
    await desk.route('**/learning-api/api/policy/accepted/*/*/document', (route) =>
      route.fulfill({ contentType: 'application/pdf', body: '%PDF-1.7 cut short' }),
    );
    await desk.reload();
    await expect(desk.getByText('The document could not be shown')).toBeVisible();
    await expect(desk.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(desk.getByRole('link', { name: 'Download PDF' })).toBeVisible();
    await expectAccessible(desk, 'A policy that cannot be drawn');
    await desk.unroute('**/learning-api/api/policy/accepted/*/*/document');

    // The admin sees the acceptance.
    await admin.reload();
    await admin
      .getByRole('row', { name: new RegExp(title) })
      .first()
      .getByRole('button', { name: 'See acceptance' })
      .click();
    const who = admin.getByRole('dialog', { name: `Who accepted ${title}` });
    await expect(who.getByRole('row', { name: /Esha Employee/ })).toContainText('Accepted');
    await expectAccessible(admin, 'Acceptance table');

    // Someone without a computer: the admin records their acceptance, with the language they read it in and why.
    const record = who.getByRole('button', { name: /^Record acceptance for / }).first();
    const name = ((await record.getAttribute('aria-label')) ?? '').replace('Record acceptance for ', '');
    await record.click();
    const dialog = admin.getByRole('dialog', { name: `Record acceptance for ${name}` });
    await dialog.getByLabel('Reason').fill('Works on the shop floor; signed the paper copy');
    await expectAccessible(admin, 'Record acceptance dialog');
    await dialog.getByRole('button', { name: 'Record acceptance' }).click();
    await expect(dialog).toBeHidden();
    // A name as people type it (the full run's imports bring names such as "=cmd() Five"): matched as text, not a pattern.
    const theirRow = who.getByRole('row').filter({ has: admin.getByRole('cell', { name, exact: true }) });
    await expect(theirRow).toContainText('Accepted');
    await expect(theirRow).toContainText('recorded for them: Works on the shop floor; signed the paper copy');

    // A new material version asks again once its PDF is given.
    await platform.getByRole('button', { name: 'New version' }).click();
    const version = platform.getByRole('dialog', { name: 'New version' });
    await version.getByLabel('What changed').fill('Adds the online complaint channel');
    await version.getByLabel('Next review by').fill('2027-12-31');
    await version.getByLabel('Next review by').press('Enter');
    await expect(version).toBeHidden();
    await expect(
      details.getByText('Version 2 (material: everyone accepts again): Adds the online complaint channel'),
    ).toBeVisible();
    await uploadPdf(platform, 'English', 'version 2 in English');

    await employee.goto(url('acme', '/dashboard'));
    await expect(employee.getByRole('link', { name: `Read and accept ${title}` })).toBeVisible();
    await expect(employee.getByText('New version 2')).toBeVisible();
    // My policies still holds version 1, and says a newer one is out.
    await employee.goto(url('acme', '/policies/mine'));
    await expect(mine).toContainText('Version 2 is now current');
    await expect(mine.getByRole('link', { name: 'Read and accept the new version' })).toBeVisible();
  });
});
