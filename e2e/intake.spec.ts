import { expect as baseExpect, test, type Page } from './support/test';
import { api, ownWorkspace, publishWorkflow, seatCommittee, signIn, url } from './support/app';
import { atPhoneWidth, expectAccessible, expectOneH1 } from './support/accessibility';

// The machine this runs on may be shared and loaded: give each step room.
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('an anonymous reporter files on /report and keeps the key; the presiding officer writes to them; they follow up with the key and reply', async ({
  browser,
}) => {
  test.setTimeout(600_000);

  // ---- Setup through the API, as the admin: a published workflow and the Internal Committee.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  // An Indian workspace of its own, whose committee and default workflow no other journey changes.
  const own = await ownWorkspace(admin, { name: 'Intake', jurisdictionCode: 'IN', employees: 4 });
  const site = own.site;
  await signIn(admin, site, own.admin.email);
  await publishWorkflow(admin, 'Intake', [{ kind: 'MEETING', name: 'Preliminary hearing' }]);
  const [presiding, member1, member2, external] = own.employees;
  const body = {
    name: 'Internal Committee',
    termStart: '2026-01-01',
    termEnd: '2028-12-31',
    members: [
      { userId: presiding.userId, role: 'PRESIDING_OFFICER', gender: 'WOMAN', senior: true },
      { userId: member1.userId, role: 'EMPLOYEE_MEMBER', gender: 'WOMAN' },
      { userId: member2.userId, role: 'EMPLOYEE_MEMBER', gender: 'MAN' },
      { userId: external.userId, role: 'EXTERNAL_MEMBER', gender: 'MAN' },
    ],
  };
  await seatCommittee(admin, body);
  await adminContext.close();

  // ---- The reporter: no account, a browser of their own.
  const reporterContext = await browser.newContext();
  const reporter = await reporterContext.newPage();
  await reporter.goto(url(site, '/report'));
  await expect(reporter.getByRole('heading', { level: 1, name: 'Report a concern in confidence' })).toBeVisible();
  await expectAccessible(reporter, 'Report page');
  await expectOneH1(reporter, 'Report page');
  await atPhoneWidth(reporter, 'Report page');
  await reporter.getByRole('button', { name: 'Make a report' }).click();
  await expect(reporter.getByText('Who will see this')).toBeVisible();
  await expectAccessible(reporter, 'Report form');
  await atPhoneWidth(reporter, 'Report form');
  await reporter.getByLabel('Their name').fill('The night shift supervisor');
  await reporter
    .getByLabel('What happened', { exact: true })
    .fill('Comments about my body every night shift, in front of others.');
  await reporter
    .getByLabel('When it happened (the last time, if more than once)')
    .fill(new Date(Date.now() - 4 * 86_400_000).toISOString().slice(0, 10));
  await reporter.getByRole('button', { name: 'Send my report' }).click();
  await expect(reporter.getByText(/Your report was received as case C-\d{4}\./)).toBeVisible();
  const caseNumber = /C-\d{4}/.exec(
    (await reporter.getByText(/Your report was received as case/).textContent()) ?? '',
  )![0];
  const key = ((await reporter.getByTestId('receipt-key').textContent()) ?? '').trim();
  expect(key).toMatch(/^\d{4}( \d{4}){4}$/);
  await expectAccessible(reporter, 'Receipt key');
  await atPhoneWidth(reporter, 'Receipt key');
  // A wrong key typed back is refused on the field.
  await reporter.getByLabel('Type your receipt key again').fill('1111 2222 3333 4444 5555');
  await reporter.getByRole('button', { name: 'I have kept my key' }).click();
  await expect(reporter.getByText('That is not your receipt key', { exact: true })).toBeVisible();
  await reporter.getByLabel('Type your receipt key again').fill(key.replace(/ /g, ''));
  await reporter.getByRole('button', { name: 'I have kept my key' }).click();
  await expect(reporter.getByRole('heading', { level: 1, name: `Your report ${caseNumber}` })).toBeVisible();
  await expect(reporter.getByText('No message yet.')).toBeVisible();
  // The key is shown once: it is gone from the page.
  await expect(reporter.getByText(key)).toHaveCount(0);
  await reporterContext.close();

  // ---- The presiding officer sees the case as any other, the reporter "Anonymous", and writes to them.
  const poContext = await browser.newContext();
  const po = await poContext.newPage();
  await signIn(po, site, presiding.email);
  await po.goto(url(site, '/complaints'));
  await po.getByRole('link', { name: caseNumber }).click();
  await expect(po.getByRole('heading', { level: 1, name: `Case ${caseNumber}` })).toBeVisible();
  await po.getByRole('tab', { name: 'Parties' }).click();
  await expect(po.getByText('Anonymous', { exact: true })).toBeVisible();
  await po.getByRole('tab', { name: 'Messages' }).click();
  await po.getByLabel('Message: with the complainant').fill('Thank you for telling us. Which nights did this happen?');
  await po.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(po.getByRole('region', { name: 'With the complainant' })).toContainText('Which nights did this happen?');

  // ---- The reporter comes back with the key, reads it and replies.
  const againContext = await browser.newContext();
  const again = await againContext.newPage();
  await again.goto(url(site, '/report'));
  await again.getByRole('button', { name: 'Follow up on my report' }).click();
  await again.getByLabel('Receipt key').fill(key);
  await expectAccessible(again, 'Follow up');
  await again.getByRole('button', { name: 'Open my report' }).click();
  await expect(again.getByRole('heading', { level: 1, name: `Your report ${caseNumber}` })).toBeVisible();
  const messages = again.getByRole('region', { name: 'Messages' });
  await expect(messages).toContainText('Internal Committee');
  await expect(messages).toContainText('Which nights did this happen?');
  await again.getByLabel('Your answer to the committee').fill('Monday and Thursday nights, around 2 am.');
  await again.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(messages).toContainText('Monday and Thursday nights, around 2 am.');
  // The reporter asks for interim relief and conciliation through the receipt, as a signed-in complainant would.
  await again.getByRole('button', { name: 'Ask for interim relief' }).click();
  await again.getByLabel('Relief asked').click();
  await again.locator('.ant-select-item-option', { hasText: 'Transfer the respondent' }).first().click();
  await again.getByLabel('Why it is needed').fill('He is on my night shifts.');
  await again.getByRole('button', { name: 'Send the request' }).click();
  const requests = again.getByRole('region', { name: 'Your requests' });
  await expect(requests).toContainText('Interim relief asked: transfer respondent');
  await again.getByRole('button', { name: 'Ask for conciliation' }).click();
  await again.getByRole('button', { name: 'Send the request for conciliation' }).click();
  await expect(requests).toContainText('The complainant asked for conciliation');
  await expectAccessible(again, 'Reporter case');
  await expectOneH1(again, 'Reporter case');
  await atPhoneWidth(again, 'Reporter case');

  // The committee reads the answer, from "The reporter".
  await po.reload();
  await po.getByRole('tab', { name: 'Messages' }).click();
  await expect(po.getByRole('region', { name: 'With the complainant' })).toContainText(
    'Monday and Thursday nights, around 2 am.',
  );
  await expect(po.getByRole('region', { name: 'With the complainant' })).toContainText('The reporter');
  await expect(po.getByRole('region', { name: 'Case events' })).toContainText(
    'Interim relief asked: transfer respondent',
  );
  await expect(po.getByRole('region', { name: 'Case events' })).toContainText('The reporter');

  await Promise.all([poContext.close(), againContext.close()]);
});
