import { expect as baseExpect, test, type Page } from './support/test';
import { signIn, url } from './support/app';
import { expectAccessible, expectNoSidewaysScroll, expectOneH1 } from './support/accessibility';

/** A loaded machine answers slowly: wait longer for what the user sees. */
const expect = baseExpect.configure({ timeout: 30_000 });
const COURSE = 'Preventing Sexual Harassment at Work';

/** A call of the learning API from inside the page, with the page's own session. */
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

/** A catalogue policy with an English PDF, through the platform's own calls (the policies journey drives those screens). */
async function policyWithPdf(page: Page, title: string): Promise<string> {
  const created = await learningApi(page, 'POST', '/api/admin/policy/create', {
    title,
    ownerName: 'Priya Legal',
    reviewDueOn: '2027-06-30',
  });
  expect(created.status).toBe(200);
  const id = created.json.id as string;
  const bytes = `%PDF-1.7\n% ${title}\n1 0 obj\n<< /Type /Catalog >>\nendobj\n${' '.repeat(2000)}%%EOF\n`;
  const ticket = await learningApi(page, 'POST', `/api/admin/policy/generate-upload-url/${id}/ENGLISH`, {
    fileName: 'policy.pdf',
    size: bytes.length,
  });
  expect(ticket.status).toBe(200);
  const put = await page.evaluate(
    async ([u, m, b, h]) => (await fetch(u, { method: m, body: b, headers: h as Record<string, string> })).status,
    [
      ticket.json.uploadUrl as string,
      (ticket.json.method as string) ?? 'PUT',
      bytes,
      (ticket.json.headers as object) ?? {},
    ] as const,
  );
  expect(put).toBeLessThan(300);
  expect((await learningApi(page, 'POST', `/api/admin/policy/confirm-upload/${id}/ENGLISH`)).status).toBe(200);
  return id;
}

async function pick(page: Page, label: string, option: RegExp | string, scope = page.locator('body')) {
  await scope.getByLabel(label).click();
  await scope.getByLabel(label).fill(typeof option === 'string' ? option : '');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

test.describe('compliance', () => {
  test.use({ actionTimeout: 30_000 });

  test('the platform admin adds a jurisdiction and its compliances; Acme declares it and reads what is met and what is missing', async ({
    browser,
  }) => {
    test.setTimeout(600_000);
    const tag = Array.from({ length: 3 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
    const code = `IN-${tag}`;
    const state = `Test Pradesh ${tag}`;
    const open = async (viewport?: { width: number; height: number }) =>
      (await browser.newContext(viewport ? { viewport } : {})).newPage();

    // The platform admin adds a state of India on the jurisdictions screen.
    const platform = await open();
    await signIn(platform, 'main', 'platform@demo.test');
    await platform.goto(url('main', '/platform/jurisdictions'));
    await expect(platform.getByRole('heading', { level: 1, name: 'Jurisdictions' })).toBeVisible();
    await expect(platform.getByRole('row', { name: /India/ }).first()).toBeVisible();
    await expectAccessible(platform, 'Jurisdictions');
    await expectOneH1(platform, 'Jurisdictions');
    await platform.getByRole('button', { name: 'New jurisdiction' }).click();
    const drawer = platform.getByRole('dialog', { name: 'New jurisdiction' });
    await drawer.getByLabel('Name').fill(state);
    await drawer.getByLabel('Code').fill(code);
    await pick(platform, 'Country', 'India', drawer);
    await expectAccessible(platform, 'New jurisdiction drawer');
    await drawer.getByRole('button', { name: 'Add jurisdiction' }).click();
    await expect(drawer).toBeHidden();
    await platform
      .getByRole('row', { name: /India/ })
      .first()
      .getByRole('button', { name: /expand row/i })
      .click();
    await expect(platform.getByRole('row', { name: new RegExp(state) })).toBeVisible();

    // Its training compliance on the compliances screen.
    await platform.goto(url('main', '/platform/compliances'));
    await expect(platform.getByRole('heading', { level: 1, name: 'Compliances' })).toBeVisible();
    await expectAccessible(platform, 'Compliances');
    await platform.getByRole('button', { name: 'New compliance' }).click();
    const form = platform.getByRole('dialog', { name: 'New compliance' });
    await form.getByLabel('Title').fill(`Train every employee (${tag})`);
    await pick(platform, 'Jurisdiction', state, form);
    await form.getByLabel('Courses that meet it').fill(COURSE);
    await form.getByLabel('Courses that meet it').press('Enter');
    await expectAccessible(platform, 'New compliance drawer');
    await form.getByRole('button', { name: 'Add compliance' }).click();
    await expect(form).toBeHidden();
    await expect(platform.getByRole('row', { name: new RegExp(`Train every employee \\(${tag}\\)`) })).toContainText(
      state,
    );
    await platform.getByRole('tab', { name: 'Categories' }).click();
    await expect(platform.getByRole('button', { name: 'New category' })).toBeVisible();
    await expectAccessible(platform, 'Compliance categories');

    // Its policy, committee and report obligations through the same calls, and a catalogue policy with a PDF.
    const jurisdictionId = (
      (await learningApi(platform, 'GET', '/api/admin/jurisdiction/all')).json.items as { id: string; code: string }[]
    ).find((j) => j.code === code)!.id;
    const policyTitle = `Anti-harassment policy ${tag}`;
    const policyId = await policyWithPdf(platform, policyTitle);
    for (const body of [
      { title: `Publish the policy (${tag})`, kind: 'POLICY', policyIds: [policyId] },
      { title: `Constitute the Internal Committee (${tag})`, kind: 'COMMITTEE' },
      { title: `File the annual report (${tag})`, kind: 'REPORT' },
    ]) {
      expect(
        (await learningApi(platform, 'POST', '/api/admin/compliance/create', { jurisdictionId, ...body })).status,
      ).toBe(200);
    }

    // Acme's admin opens Compliance from the menu: nothing declared yet, so the page says what to do.
    const acme = await open();
    await signIn(acme, 'acme', 'admin@acme.test');
    await acme.getByRole('link', { name: 'Compliance' }).first().click();
    await expect(acme.getByRole('heading', { level: 1, name: 'Compliance' })).toBeVisible();
    await acme.getByRole('button', { name: 'Choose jurisdictions' }).first().click();
    await pick(acme, 'Jurisdictions you operate in', state);
    await acme.keyboard.press('Escape');
    await acme.getByRole('button', { name: 'Save jurisdictions' }).click();
    const section = acme.getByRole('region', { name: `${state} (${code})` });
    await expect(section).toBeVisible();

    // Before anything is published: the policy is missing; the report is not yet tracked.
    await expect(section.getByRole('listitem', { name: new RegExp(`Publish the policy \\(${tag}\\)`) })).toContainText(
      'The policy is not published',
    );
    await expect(
      section.getByRole('listitem', { name: new RegExp(`File the annual report \\(${tag}\\)`) }),
    ).toContainText('Not yet tracked');

    // Acme publishes the catalogue policy; the page then counts acceptances awaited.
    expect(
      (
        await learningApi(acme, 'POST', '/api/policy/publish', {
          cataloguePolicyId: policyId,
          scope: 'WORKSPACE',
          daysToAccept: 14,
        })
      ).status,
    ).toBe(200);
    await acme.reload();
    const policyRow = section.getByRole('listitem', { name: new RegExp(`Publish the policy \\(${tag}\\)`) });
    await expect(policyRow).toContainText(/0 of \d+ acceptances \(0 %\)/);
    await expect(policyRow).toContainText(/acceptances? (is|are) awaited/);
    const training = section.getByRole('listitem', { name: new RegExp(`Train every employee \\(${tag}\\)`) });
    await expect(training).toContainText(COURSE);
    await expect(training.getByRole('progressbar', { name: /assigned/ })).toBeVisible();
    await expect(training.getByRole('progressbar', { name: /completed/ })).toBeVisible();
    const committee = section.getByRole('listitem', {
      name: new RegExp(`Constitute the Internal Committee \\(${tag}\\)`),
    });
    await expect(committee).toContainText(/No Internal Committee is constituted|members, term|term ended/);
    await expectAccessible(acme, 'Compliance');
    await expectOneH1(acme, 'Compliance');
    await acme.setViewportSize({ width: 1366, height: 850 });
    await acme.screenshot({ path: test.info().outputPath('compliance-1366.png'), fullPage: true });

    // On a phone.
    const phone = await open({ width: 390, height: 844 });
    await signIn(phone, 'acme', 'admin@acme.test');
    await phone.goto(url('acme', '/compliance'));
    await expect(phone.getByRole('region', { name: `${state} (${code})` })).toBeVisible();
    await expectNoSidewaysScroll(phone, 'Compliance at 390 px');
    await phone.screenshot({ path: test.info().outputPath('compliance-390.png'), fullPage: true });
    await expectAccessible(phone, 'Compliance at 390 px');
    const phonePlatform = await open({ width: 390, height: 844 });
    await signIn(phonePlatform, 'main', 'platform@demo.test');
    for (const [path, name] of [
      ['/platform/jurisdictions', 'Jurisdictions'],
      ['/platform/compliances', 'Compliances'],
    ] as const) {
      await phonePlatform.goto(url('main', path));
      await expect(phonePlatform.getByRole('heading', { level: 1, name })).toBeVisible();
      await expectNoSidewaysScroll(phonePlatform, `${name} at 390 px`);
    }
  });

  test('a Canadian workspace sees each person’s CA-11 training due date', async ({ browser }) => {
    test.setTimeout(300_000);
    const page = await (await browser.newContext()).newPage();
    await signIn(page, 'acme', 'admin@acme.test');
    const { json } = await learningApi(page, 'GET', '/api/compliance/jurisdictions');
    const ontario = (json.choices as { id: string; code: string }[]).find((j) => j.code === 'CA-ON')!.id;
    const declared = (json.declared as { id: string }[]).map((j) => j.id);
    expect(
      (await learningApi(page, 'PUT', '/api/compliance/jurisdictions', { jurisdictionIds: [...declared, ontario] }))
        .status,
    ).toBe(200);
    await page.goto(url('acme', '/compliance'));
    await page.getByRole('link', { name: 'See when each person’s training falls due' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Training cadence (Canada)' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toContainText(/Overdue|Due|Up to date/);
    await expectAccessible(page, 'Training cadence');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, 'Training cadence at 390 px');
  });
});
