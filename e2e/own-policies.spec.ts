import { expect as baseExpect, test, type Page } from './support/test';
import { signIn, url } from './support/app';
import { expectAccessible, expectNoSidewaysScroll, expectOneH1 } from './support/accessibility';
import { expectPdfShown, realPdf } from './support/pdf';

/** A real PDF saying which copy it is (the reader draws it with pdf.js). */
const pdf = (words: string) => realPdf('Acme house rules', [`This is ${words}.`]);

/** A loaded machine answers slowly: wait longer for what the user sees. */
const expect = baseExpect.configure({ timeout: 30_000 });

async function uploadPdf(page: Page, language: string, words: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: new RegExp(`^Upload the ${language}`) }).click();
  await (await chooser).setFiles({ name: `${language}.pdf`, mimeType: 'application/pdf', buffer: await pdf(words) });
  await expect(page.getByRole('progressbar', { name: new RegExp(`^${language}.* upload$`) })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
}

test.describe('own policies', () => {
  test.use({ actionTimeout: 30_000 });

  test('Acme’s admin creates its own policy with an English PDF and publishes it; the employee reads and accepts it', async ({
    browser,
  }) => {
    test.setTimeout(600_000);
    const title = `Acme travel safety ${Date.now().toString(36)}`;
    const open = async (viewport?: { width: number; height: number }) =>
      (await browser.newContext(viewport ? { viewport } : {})).newPage();

    const admin = await open();
    await signIn(admin, 'acme', 'admin@acme.test');
    await admin.goto(url('acme', '/policies'));
    await expect(admin.getByRole('heading', { level: 1, name: 'Policies' })).toBeVisible();
    await expect(admin.getByText('Your own policies')).toBeVisible();
    await admin.getByRole('button', { name: 'Create policy' }).click();
    const create = admin.getByRole('dialog', { name: 'New policy' });
    await create.getByLabel('Title').fill(title);
    await create.getByLabel('Owner').fill('Acme HR');
    await create.getByLabel('Summary of the first version').fill('Safe travel for work trips');
    await expectAccessible(admin, 'Create own policy drawer');
    await create.getByLabel('Review by').fill('2027-06-30');
    await create.getByLabel('Review by').press('Enter');
    await expect(create).toBeHidden();

    const details = admin.getByRole('dialog', { name: title });
    await expect(details).toBeVisible();
    await expect(
      details.getByText('Version 1 (material: everyone accepts again): Safe travel for work trips'),
    ).toBeVisible();
    await uploadPdf(admin, 'English', 'travel safety in English');
    await expectAccessible(admin, 'Own policy drawer');
    // A review that changes nothing (CA-12): recorded with the next date; the version stays 1.
    await details.getByRole('button', { name: 'Reviewed, no change' }).click();
    const review = admin.getByRole('dialog', { name: 'Reviewed, no change' });
    await review.getByLabel('Note (optional)').fill('Read again with HR');
    await expectAccessible(admin, 'Reviewed, no change drawer');
    await review.getByLabel('Next review by').fill('2028-06-30');
    await review.getByLabel('Next review by').press('Enter');
    await expect(review).toBeHidden();
    await expect(details.getByRole('list', { name: 'Reviews' })).toContainText(
      'reviewed, no change to version 1 (Read again with HR); next review by 30 Jun 2028',
    );
    await expect(details.getByText('Version 1 · owner Acme HR · review by 30 Jun 2028')).toBeVisible();
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();

    // Ready to publish, tagged as the workspace's own.
    const offer = admin
      .getByRole('row', { name: new RegExp(title) })
      .filter({ has: admin.getByRole('button', { name: `Publish ${title}` }) });
    await expect(offer).toContainText('Your own');
    await offer.getByRole('button', { name: `Publish ${title}` }).click();
    const publish = admin.getByRole('dialog', { name: `Publish ${title}` });
    // Everyone, or chosen business units.
    await publish.getByLabel('Chosen business units').check();
    await expect(publish.getByLabel('Business units', { exact: true })).toBeVisible();
    await expectAccessible(admin, 'Publish drawer with business units');
    await publish.getByLabel('Everyone in the workspace').check();
    await publish.getByRole('button', { name: 'Publish to everyone' }).click();
    await expect(publish).toBeHidden();
    await expect(admin.getByRole('row', { name: new RegExp(title) }).filter({ hasText: 'Everyone' })).toBeVisible();
    // One table: the policy is one row, its status, publication and acceptance in its columns.
    await expect(admin.getByRole('row', { name: new RegExp(title) })).toHaveCount(1);
    await expect(admin.getByRole('row', { name: new RegExp(title) })).toContainText('Published');
    await admin.getByText('Your own policies').click();
    await expect(admin.getByRole('row', { name: new RegExp(title) })).toContainText('Your own');
    await admin.getByLabel('Search policies').fill(title);
    await expect(admin.getByRole('row', { name: new RegExp(title) })).toHaveCount(1);
    await expectAccessible(admin, 'Workspace policies with an own policy');
    await expectOneH1(admin, 'Workspace policies with an own policy');

    // The admin's screen on a phone.
    await admin.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(admin, 'Workspace policies on a phone');

    // The employee, on a phone, accepts it exactly as a catalogue policy.
    const employee = await open({ width: 390, height: 844 });
    await signIn(employee, 'acme', 'employee@acme.test');
    await employee.getByRole('link', { name: `Read and accept ${title}` }).click();
    await expect(employee.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectPdfShown(
      employee.getByRole('region', { name: `${title}, version 1` }),
      'This is travel safety in English.',
    );
    await expectAccessible(employee, 'Own policy reader');
    await expectNoSidewaysScroll(employee, 'Own policy reader');
    await employee.getByRole('button', { name: 'I have read and accept this policy' }).click();
    await expect(employee.getByText('You accepted version 1')).toBeVisible();

    await admin.setViewportSize({ width: 1280, height: 800 });
    await admin.reload();
    await admin
      .getByRole('row', { name: new RegExp(title) })
      .filter({ hasText: 'Everyone' })
      .getByRole('button', { name: 'See acceptance' })
      .click();
    const who = admin.getByRole('dialog', { name: `Who accepted ${title}` });
    await expect(who.getByRole('row', { name: /Esha Employee/ })).toContainText('Accepted');
  });
});
