import { expect as baseExpect, test, type Page } from './support/test';
import { api, signIn, url } from './support/app';
import { expectAccessible, expectNoSidewaysScroll, expectOneH1 } from './support/accessibility';

test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

interface Settings {
  compliance: string;
  extraHolidays: string[];
  saturdayOff: boolean;
  removedHolidays: string[];
  recuseWitnesses: boolean;
}

async function restoreRecusal(page: Page): Promise<void> {
  const s = await api<Settings>(page, 'GET', '/case-api/api/complaint-settings');
  if (s.recuseWitnesses) return;
  const { compliance, extraHolidays, saturdayOff, removedHolidays } = s;
  await api(page, 'PUT', '/case-api/api/complaint-settings', {
    compliance,
    extraHolidays,
    saturdayOff,
    removedHolidays,
    recuseWitnesses: true,
  });
}

// Globex's admin: no other journey changes Globex's complaint settings, so turning the recusal of witnesses off for
// a moment cannot change what another journey's committee member sees in Acme.
test('the admin turns the recusal of named witnesses off and on; the saved state is what the page shows after a reload', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, 'globex', 'admin@globex.test');
  // Whatever an earlier run left, start from the rule of impartiality (on).
  await restoreRecusal(page);

  await page.goto(url('globex', '/complaints/holidays'));
  await expectOneH1(page, 'Complaint settings');
  const toggle = page.getByRole('switch', { name: 'Recuse named witnesses' });
  await expect(toggle).toBeChecked();
  await expect(
    page.getByText('A committee member named as a witness in a complaint does not see or decide that case.'),
  ).toBeVisible();
  await expectAccessible(page, 'Complaint settings: witnesses');

  try {
    await toggle.click();
    await expect(page.getByRole('status')).toContainText('no longer recused');
    await expect(toggle).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Recuse named witnesses' })).not.toBeChecked();
    expect(
      (await api<{ recuseWitnesses: boolean }>(page, 'GET', '/case-api/api/complaint-settings')).recuseWitnesses,
    ).toBe(false);

    await page.getByRole('switch', { name: 'Recuse named witnesses' }).click();
    await expect(page.getByRole('status')).toContainText('now recused');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Recuse named witnesses' })).toBeChecked();
  } finally {
    await restoreRecusal(page);
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('switch', { name: 'Recuse named witnesses' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'Complaint settings at 390 px');
  await expectAccessible(page, 'Complaint settings at 390 px');
});
