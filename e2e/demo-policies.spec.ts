import { expect as baseExpect, test } from './support/test';
import { signIn, url } from './support/app';
import { expectAccessible, expectNoSidewaysScroll, expectOneH1 } from './support/accessibility';
import { expectPdfShown } from './support/pdf';

const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * The demo's policies as `npm start` seeds them (server/seed/policies.seed.ts): the demo employee has the Code of
 * Conduct left to read and accept, and the POSH policy in "My policies"; the admin sees both partly accepted. Read
 * only: the seeded accounts' acceptances stay as the README says.
 */
test('the demo employee reads the Code of Conduct left to accept on a phone, and finds the POSH policy accepted', async ({
  browser,
}) => {
  const employee = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(employee, 'acme', 'employee@acme.test');
  await expect(employee.getByRole('heading', { name: 'Policies to accept' })).toBeVisible();
  const read = employee.getByRole('link', { name: 'Read and accept Code of Conduct' });
  await read.scrollIntoViewIfNeeded();
  await expect(read).toBeInViewport();
  await expectAccessible(employee, 'Home with the demo policy to accept');
  await read.click();

  // The seeded PDF, drawn in the page: its words in the text layer, its first page inked.
  await expect(employee.getByRole('heading', { level: 1, name: 'Code of Conduct' })).toBeVisible();
  await expectPdfShown(
    employee.getByRole('region', { name: 'Code of Conduct, version 1' }),
    'We treat each other with respect, every day and everywhere we work.',
  );
  await expect(employee.getByRole('button', { name: 'I have read and accept this policy' })).toBeEnabled();
  await expectAccessible(employee, 'The demo Code of Conduct');
  await expectNoSidewaysScroll(employee, 'The demo Code of Conduct');
  await expectOneH1(employee, 'The demo Code of Conduct');

  // "My policies": the POSH policy the demo employee accepted, read again in the same viewer.
  await employee.goto(url('acme', '/policies/mine'));
  const posh = employee
    .getByRole('list', { name: 'Policies you accepted' })
    .getByRole('listitem')
    .filter({ hasText: 'Prevention of Sexual Harassment (POSH) Policy' });
  await expect(posh).toContainText('Version 1 · English');
  await expect(posh).toContainText(/Accepted \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expectAccessible(employee, 'My policies with the demo POSH policy');
  await posh.getByRole('link', { name: 'Read version 1 again' }).click();
  await expectPdfShown(
    employee.getByRole('region', { name: 'Prevention of Sexual Harassment (POSH) Policy, version 1' }),
    'We do not tolerate sexual harassment at work, on work travel or online.',
  );
});

test("the admin sees the demo's two policies published and partly accepted", async ({ page }) => {
  await signIn(page, 'acme', 'admin@acme.test');
  await page.goto(url('acme', '/policies'));
  for (const title of ['Prevention of Sexual Harassment (POSH) Policy', 'Code of Conduct']) {
    const row = page.getByRole('row', { name: new RegExp(title.replace(/[()]/g, '\\$&')) }).first();
    await expect(row).toContainText('Published');
    // "N of M" accepted, with N short of M: partly accepted.
    const [, accepted, inScope] = /(\d+) of (\d+)/.exec((await row.innerText()) ?? '') ?? [];
    expect(Number(accepted)).toBeGreaterThan(0);
    expect(Number(accepted)).toBeLessThan(Number(inScope));
  }
  await expectAccessible(page, 'Workspace policies with the demo policies');
});
