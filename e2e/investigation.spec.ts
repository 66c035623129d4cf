import { expect as baseExpect, test, type Browser, type Page } from './support/test';
import { api, PASSWORD, pickOption, signIn, url } from './support/app';
import { atPhoneWidth, expectAccessible, expectOneH1 } from './support/accessibility';

// Canada's investigation (docs/case.md "Canada's investigation"; CA-05, CA-06): in a Canadian workspace of its own,
// the admin puts an investigator on the roster, the designated recipient proposes them and records both parties'
// agreement, the investigator reads the incident and writes a report (refused while it names the respondent), and
// the recipient reads the report. On the case page the recipient records the occurrence's categories for the annual
// report (CA-10), which the principal party reads. The investigator downloads the evidence while appointed, makes the
// report final, and the principal party reads it on her case page (CA-06).
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** The invitation's code mailed to `email`, from the development outbox. */
async function inviteCode(page: Page, email: string): Promise<string> {
  const outbox = await page.context().newPage();
  try {
    await outbox.goto(url('main', `/dev/outbox?format=json&to=${encodeURIComponent(email)}`));
    const [mail] = JSON.parse((await outbox.locator('body').textContent()) ?? '[]') as { body: string }[];
    return /\/invite\/([A-Za-z0-9_-]{20,100})/.exec(mail.body)![1];
  } finally {
    await outbox.close();
  }
}

/** Claims the invitation with the demo password (set-up through the API), then signs in as a person does. */
async function claimAndSignIn(browser: Browser, site: string, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(url(site, '/signin'));
  const code = await inviteCode(page, email);
  const status = await page.evaluate(
    async ([c, p]) =>
      (
        await fetch(`/main-api/api/invite/claim/${c}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userNewPassword: p }),
        })
      ).status,
    [code, PASSWORD] as const,
  );
  expect(status).toBe(200);
  await page.context().clearCookies();
  await signIn(page, site, email);
  const welcome = page.getByRole('dialog', { name: /^Welcome to / });
  if (await welcome.isVisible()) {
    await welcome.getByRole('button', { name: 'Continue' }).click();
    await expect(welcome).toBeHidden();
  }
  return page;
}

test('a Canadian case goes to an investigator from the roster, who writes a report the committee reads', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const site = `inv${stamp}`;
  const adminEmail = `ada.${stamp}@inv.test`;

  const platform = await (await browser.newContext()).newPage();
  await signIn(platform, 'main', 'platform@demo.test');
  await api(platform, 'POST', '/main-api/api/admin/workspace/create', {
    companyName: `Northwind ${stamp}`,
    workspaceUrl: `${site}.localhost`,
    adminEmail,
    adminFirstName: 'Ada',
    adminLastName: 'Admin',
    jurisdictionCode: 'CA-FED',
  });
  const admin = await claimAndSignIn(browser, site, adminEmail);

  // The people of this journey, invited by the admin (set-up through the API).
  const { items } = await api<{ items: { branchId: string; headquarter: boolean }[] }>(
    admin,
    'GET',
    '/main-api/api/workspace/branches',
  );
  const hq = items.find((b) => b.headquarter)!.branchId;
  const people = {
    complainant: { email: `esha.${stamp}@inv.test`, firstName: 'Esha', lastName: 'Complainant' },
    recipient: { email: `dana.${stamp}@inv.test`, firstName: 'Dana', lastName: 'Recipient' },
    investigator: { email: `ivy.${stamp}@inv.test`, firstName: 'Ivy', lastName: 'Investigator' },
  };
  for (const p of Object.values(people))
    await api(admin, 'POST', `/main-api/api/invite/user/${hq}`, { ...p, role: 'EMPLOYEE' });
  const complainant = await claimAndSignIn(browser, site, people.complainant.email);
  const recipient = await claimAndSignIn(browser, site, people.recipient.email);
  const investigator = await claimAndSignIn(browser, site, people.investigator.email);
  const recipientId = (
    await api<{ userId: string; email: string }[]>(admin, 'POST', '/main-api/api/user/search', {
      searchText: people.recipient.email,
      category: 'EMAIL',
    })
  ).find((u) => u.email === people.recipient.email)!.userId;
  await api(admin, 'POST', '/case-api/api/committees', {
    name: 'Designated recipients',
    termStart: '2026-01-01',
    termEnd: '2028-12-31',
    members: [{ userId: recipientId, role: 'DESIGNATED_RECIPIENT', gender: 'WOMAN' }],
  });

  // The admin puts the investigator on the roster, from the committee's page.
  await admin.goto(url(site, '/committees'));
  await admin.getByRole('link', { name: 'Investigators' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Investigators' })).toBeVisible();
  await expect(admin.getByText('No investigator is on the roster yet')).toBeVisible();
  await admin.getByRole('button', { name: 'Add an investigator' }).click();
  const drawer = admin.getByRole('dialog', { name: 'Add an investigator' });
  await drawer.getByLabel('Name').fill('Ivy Investigator');
  await drawer.getByLabel('Email').fill(people.investigator.email);
  await drawer.getByLabel('Qualifications').fill('Workplace investigations, 8 years');
  await drawer.getByLabel('Internal or external').click();
  await pickOption(admin, 'Internal: works here');
  await drawer.getByRole('button', { name: 'Add to the roster' }).click();
  await expect(admin.getByRole('status')).toContainText('Ivy Investigator is on the roster.');
  await expect(admin.getByRole('table', { name: 'Investigators' })).toContainText('Workplace investigations, 8 years');
  await expectAccessible(admin, 'Investigators');
  await expectOneH1(admin, 'Investigators');
  await atPhoneWidth(admin, 'Investigators');

  // A notice of occurrence with one evidence file (set-up through the API, as the complainant).
  const ticket = await api<{ fileId: string; uploadUrl: string }>(
    complainant,
    'POST',
    '/case-api/api/complaint-evidence/upload-url',
    { fileName: 'chat.txt', size: 11 },
  );
  const put = await complainant.evaluate(
    async (u) =>
      (await fetch(u, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: 'hello there' }))
        .status,
    ticket.uploadUrl,
  );
  expect(put).toBeLessThan(300);
  await api(complainant, 'POST', `/case-api/api/complaint-evidence/${ticket.fileId}/confirm`);
  const evidenceFileId = ticket.fileId;
  const filed = await api<{ complaintId: string; caseNumber: string }>(
    complainant,
    'POST',
    '/case-api/api/complaints',
    {
      complainant: { name: 'Esha Complainant', email: people.complainant.email, gender: 'WOMAN' },
      respondent: { name: 'Rahul Respondent', gender: 'MAN' },
      incident: {
        details: 'Remarks about my accent at every stand-up.',
        date: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
        witnesses: [],
        evidenceFileIds: [evidenceFileId],
      },
    },
  );

  // The designated recipient proposes the investigator and records both parties' agreement.
  await recipient.goto(url(site, '/complaints'));
  await recipient.getByRole('table', { name: 'Committee cases' }).getByRole('link', { name: filed.caseNumber }).click();
  await expect(recipient.getByRole('heading', { level: 1, name: `Case ${filed.caseNumber}` })).toBeVisible();

  // The designated recipient records how the occurrence is counted in the annual report (CA-10).
  const categories = recipient.getByRole('region', { name: 'For the annual report' });
  await expect(categories.getByRole('radiogroup', { name: 'Nature of the occurrence' })).toBeVisible();
  await categories.getByRole('radio', { name: 'Not sexual' }).check();
  await categories.getByRole('checkbox', { name: 'National or ethnic origin' }).check();
  await categories.getByRole('radio', { name: 'At the workplace' }).check();
  await categories.getByRole('radio', { name: 'Between colleagues' }).check();
  await categories.getByRole('button', { name: 'Save the categories' }).click();
  await expect(categories.getByRole('status')).toContainText('Categories saved: the annual report counts them.');
  await recipient.reload();
  await expect(categories.getByRole('radio', { name: 'Not sexual' })).toBeChecked();
  await expect(categories.getByRole('checkbox', { name: 'National or ethnic origin' })).toBeChecked();
  await expectAccessible(recipient, 'Case page with the annual report’s categories (committee)');
  await atPhoneWidth(recipient, 'Case page with the annual report’s categories (committee)');

  // The principal party reads them on her case page, with nothing to change.
  await complainant.goto(url(site, `/complaints/${filed.complaintId}`));
  const counted = complainant.getByRole('region', { name: 'For the annual report' });
  await expect(counted).toContainText('National or ethnic origin');
  await expect(counted).toContainText('Between colleagues');
  await expect(counted.getByRole('button', { name: 'Save the categories' })).toHaveCount(0);
  await expect(counted.getByRole('radio')).toHaveCount(0);
  await expectAccessible(complainant, 'Case page with the annual report’s categories (principal party)');
  await atPhoneWidth(complainant, 'Case page with the annual report’s categories (principal party)');

  await recipient.getByRole('link', { name: 'Investigation' }).click();
  await expect(
    recipient.getByRole('heading', { level: 1, name: `Investigation of case ${filed.caseNumber}` }),
  ).toBeVisible();
  await recipient.getByLabel('Propose an investigator').click();
  await pickOption(recipient, 'Ivy Investigator');
  await recipient.getByRole('button', { name: 'Propose to the parties' }).click();
  await expect(recipient.getByRole('status')).toContainText('Investigator proposed');
  await recipient.getByRole('button', { name: 'The complainant agreed' }).click();
  await expect(recipient.getByText('Agreed on')).toBeVisible();
  await recipient.getByRole('button', { name: 'The respondent agreed' }).click();
  await expect(recipient.getByText('Both parties agreed')).toBeVisible();
  await expect(recipient.getByText('The investigator has not written the report yet.')).toBeVisible();
  await expectAccessible(recipient, 'Investigation (committee)');
  await expectOneH1(recipient, 'Investigation (committee)');
  await atPhoneWidth(recipient, 'Investigation (committee)');

  // The investigator finds the case on the complaints page, reads the incident and writes the report.
  await investigator.goto(url(site, '/complaints'));
  await investigator
    .getByRole('table', { name: 'Your investigations' })
    .getByRole('link', { name: filed.caseNumber })
    .click();
  await expect(investigator.getByText('You are the investigator of this case.')).toBeVisible();
  await expect(investigator.getByText('Remarks about my accent at every stand-up.')).toBeVisible();
  // While appointed, the investigator downloads the evidence (each download in the case's log).
  const downloading = investigator.waitForEvent('download');
  await investigator.getByRole('button', { name: 'Download evidence file 1' }).click();
  expect((await downloading).suggestedFilename()).toBeTruthy();
  await investigator
    .getByLabel('Description of the occurrence and the investigation')
    .fill('Interviews with the principal party, the responding party and two colleagues.');
  await investigator.getByLabel('Conclusions').fill('Rahul made the remarks.');
  await investigator.getByLabel('Recommendations, one a line').fill('Training for the team\nA change of seating');
  await investigator.getByRole('button', { name: 'Submit the report' }).click();
  await expect(investigator.getByText('Remove what identifies a party or a witness')).toBeVisible();
  await investigator
    .getByLabel('Conclusions')
    .fill('The responding party made the remarks: the occurrence is founded.');
  await investigator.getByRole('button', { name: 'Submit the report' }).click();
  await expect(investigator.getByRole('status')).toContainText('Report saved');
  await expect(investigator.getByRole('region', { name: 'Investigator’s report' })).toContainText(
    'the occurrence is founded',
  );
  await expectAccessible(investigator, 'Investigation (investigator)');
  await atPhoneWidth(investigator, 'Investigation (investigator)');

  // The investigator makes the report final: it goes to each party, and the evidence is no longer theirs.
  await investigator.getByRole('button', { name: 'Make the report final and send it to the parties' }).click();
  await investigator.getByRole('button', { name: 'Make it final' }).click();
  await expect(investigator.getByRole('status')).toContainText('The report is final: it was sent to each party');
  await expect(investigator.getByRole('button', { name: 'Download evidence file 1' })).toHaveCount(0);

  // The principal party reads the final report on her case page.
  await complainant.reload();
  const partyReport = complainant.getByRole('region', { name: 'The investigator’s report' });
  await expect(partyReport).toContainText('The responding party made the remarks: the occurrence is founded.');
  await expect(partyReport).toContainText('Training for the team');
  await expectAccessible(complainant, 'Case page with the investigator’s report (principal party)');
  await atPhoneWidth(complainant, 'Case page with the investigator’s report (principal party)');

  // The committee reads the report.
  await recipient.reload();
  const report = recipient.getByRole('region', { name: 'Investigator’s report' });
  await expect(report).toContainText('The responding party made the remarks: the occurrence is founded.');
  await expect(report.getByRole('table', { name: 'Recommendations' })).toContainText('Training for the team');

  // The admin records the prevention programme (CA-03, CA-12): the policy's elements and the joint reviews.
  await admin.goto(url(site, '/compliance/prevention'));
  await expect(admin.getByRole('heading', { level: 1, name: 'Prevention programme' })).toBeVisible();
  await expect(admin.getByText('No joint assessment recorded')).toBeVisible();
  const programme = admin.getByRole('form', { name: 'Prevention programme' });
  for (const box of await programme.getByRole('checkbox').all()) await box.check();
  await programme.getByLabel('Policy last reviewed jointly on').fill('2026-01-15');
  await programme.getByLabel('Workplace assessment last done or reviewed jointly on').fill('2026-02-02');
  await programme.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByRole('status')).toContainText('Saved: the legal rules CA-03 and CA-12');
  await expect(admin.getByText('2 Feb 2029')).toBeVisible();
  await expectAccessible(admin, 'Prevention programme');
  await expectOneH1(admin, 'Prevention programme');
  await atPhoneWidth(admin, 'Prevention programme');

  // Under it, the admin records a disagreement with the committee (CA-09): listed with its day, kept 10 years.
  const disagreements = admin.getByRole('region', { name: 'Disagreements with the committee' });
  await expect(disagreements).toContainText('No disagreement recorded.');
  await admin.getByRole('button', { name: 'Record a disagreement' }).click();
  const record = admin.getByRole('dialog', { name: 'Record a disagreement with the committee' });
  await record.getByLabel('Subject').fill('Lighting in the night-shift car park');
  await record.getByLabel('The committee’s position').fill('Lights and a guard before the winter shift.');
  await record.getByLabel('The employer’s position').fill('Lights this year; a guard next year.');
  await record.getByLabel('The day it arose').fill('2026-02-02');
  // Leaving the field closes its calendar, which opens over the button below it.
  await record.getByLabel('The day it arose').press('Tab');
  await record.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(record).toBeHidden();
  await expect(disagreements.getByRole('status')).toContainText(/Recorded: kept until \d{1,2} \w{3} 20\d\d\./);
  await expect(disagreements).toContainText('Lighting in the night-shift car park');
  await expect(disagreements).toContainText('2 Feb 2026');
  await expect(disagreements.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expectAccessible(admin, 'Prevention programme with a disagreement');
  await atPhoneWidth(admin, 'Prevention programme with a disagreement');

  // CA-01: a former employee gives notice four months after leaving, on the public report: refused until she says
  // ill health kept her from it, with a reason; the designated recipient reads it on the case.
  const leaver = await (await browser.newContext()).newPage();
  await leaver.goto(url(site, '/report'));
  await leaver.getByRole('button', { name: 'Make a report' }).click();
  await leaver.getByLabel('Their name').fill('The team lead');
  await leaver.getByLabel('What happened', { exact: true }).fill('Comments about my accent in every meeting.');
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  await leaver.getByLabel('When it happened (the last time, if more than once)').fill(day(130));
  await leaver.getByText('I have left this employer').click();
  await leaver.getByLabel('The day you left').fill(day(125));
  await leaver.getByLabel('The day you left').press('Tab');
  await leaver.getByRole('button', { name: 'Send my report' }).click();
  await expect(leaver.getByText(/^CA-01: a former employee gives notice within 3 months of leaving/)).toBeVisible();
  await leaver.getByText('Yes: ill health kept me from giving notice sooner').click();
  await leaver.getByLabel('Briefly, why the notice is late').fill('I was in hospital until last month.');
  await expectAccessible(leaver, 'Report form: a late notice for ill health');
  await leaver.getByRole('button', { name: 'Send my report' }).click();
  await expect(leaver.getByText(/Your report was received as case C-\d{4}\./)).toBeVisible();
  const lateNumber = /C-\d{4}/.exec(
    (await leaver.getByText(/Your report was received as case/).textContent()) ?? '',
  )![0];
  const cases = await api<{ items: { complaintId: string; caseNumber: string }[] }>(
    recipient,
    'GET',
    '/case-api/api/complaints',
  );
  const lateCase = cases.items.find((c) => c.caseNumber === lateNumber)!;
  await recipient.goto(url(site, `/complaints/${lateCase.complaintId}`));
  const notice = recipient.getByRole('region', { name: 'A former employee’s notice (CA-01)' });
  await expect(notice).toContainText(
    'Given later, on the extension for ill health: “I was in hospital until last month.”',
  );
  await expect(notice).toBeInViewport();
  await expectAccessible(recipient, 'Case page: a former employee’s late notice');
  await atPhoneWidth(recipient, 'Case page: a former employee’s late notice');
});
