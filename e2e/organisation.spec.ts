import { expect, test, type Page } from './support/test';
import { PASSWORD, pickOption, url } from './support/app';
import { expectAccessible } from './support/accessibility';

/** A real 1x1 PNG, so the browser can draw it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function signIn(page: Page, site: string, email: string) {
  await page.goto(url(site, '/signin'));
  await page.getByLabel('Email or username').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe('organisation administration', () => {
  test("acme's admin sets up a business unit, its departments, a manager, the brand, and deletes a unit moving its people", async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const stamp = Date.now().toString().slice(-6);
    const unitName = `Acme Nagpur ${stamp}`;
    const spareName = `Acme Surat ${stamp}`;
    await signIn(page, 'acme', 'admin@acme.test');

    // Business units: create two of our own (the seeded ones are other journeys').
    await page.getByRole('navigation', { name: 'Main' }).getByText('Business units').click();
    await expect(page).toHaveURL(/\/organisation\/business-units$/);
    await expect(page.getByRole('heading', { name: 'Business units' })).toBeVisible();
    await expectAccessible(page, 'Business units');
    const units = page.getByRole('table');
    await expect(units).toContainText('Acme Headquarters');
    await expect(units.getByText('Headquarters', { exact: true })).toBeVisible();
    for (const name of [unitName, spareName]) {
      await page.getByRole('button', { name: 'New business unit' }).click();
      const dialog = page.getByRole('dialog', { name: 'New business unit' });
      await expect(dialog.getByLabel('Business unit name')).toBeFocused();
      await page.keyboard.type(name);
      await dialog.getByRole('button', { name: 'Create business unit' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Business unit "${name}" created.` })).toBeVisible();
      await expect(units).toContainText(name);
    }
    // The headquarters cannot be deleted: its delete button is off.
    await expect(page.getByRole('button', { name: 'Delete Acme Headquarters' })).toBeDisabled();

    // Departments: one in our unit, one in every unit.
    await page.getByRole('navigation', { name: 'Main' }).getByText('Departments').click();
    await expect(page.getByRole('heading', { name: 'Departments' })).toBeVisible();
    await expectAccessible(page, 'Departments');
    await expect(page.getByLabel('Filter by business unit')).toBeVisible();
    await expect(page.locator('#department-unit-filter').locator('..').locator('..')).toContainText(
      'All Business Units',
    );
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'New department' }).click();
    let dialog = page.getByRole('dialog', { name: 'New department' });
    await dialog.getByLabel('Department name').fill('Warehouse');
    await dialog.getByLabel('In business unit').click();
    await pickOption(page, unitName);
    await dialog.getByRole('button', { name: 'Create department' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Department "Warehouse" created.' })).toBeVisible();

    await page.getByRole('button', { name: 'New department' }).click();
    dialog = page.getByRole('dialog', { name: 'New department' });
    await dialog.getByLabel('Department name').fill(`Compliance ${stamp}`);
    await dialog.getByLabel('In business unit').click();
    await pickOption(page, /one department in each/);
    await dialog.getByRole('button', { name: 'Create department' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: new RegExp(`Department "Compliance ${stamp}" created in \\d+ business units`) }),
    ).toBeVisible();

    // Filter to our unit: its two departments.
    await page.getByLabel('Filter by business unit').click();
    await pickOption(page, unitName);
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table).toContainText('Warehouse');
    await expect(table).toContainText(`Compliance ${stamp}`);

    // Appoint a department manager from the drawer, searching people on the server.
    await page.getByRole('button', { name: `Managers of Warehouse in ${unitName}` }).click();
    const drawer = page.getByRole('dialog', { name: `Managers of Warehouse (${unitName})` });
    await expect(drawer.getByText('No managers yet')).toBeVisible();
    await drawer.getByLabel('Person').click();
    await page.keyboard.type('employee@acme');
    await pickOption(page, 'employee@acme.test');
    await drawer.getByLabel('Manager role').click();
    await pickOption(page, 'Head of department');
    await drawer.getByRole('button', { name: 'Appoint' }).click();
    await expect(drawer.getByRole('status').filter({ hasText: 'Esha Employee appointed.' })).toBeVisible();
    await expect(drawer.getByRole('region', { name: 'Department managers' })).toContainText(
      'Head of department · employee@acme.test',
    );
    await drawer.getByRole('button', { name: 'Close' }).click();
    await expect(table.getByRole('row', { name: /Warehouse/ })).toContainText('1');

    // Branding: our unit's colour, the workspace colour with its preview, and a logo.
    await page.getByRole('navigation', { name: 'Main' }).getByText('Branding').click();
    await expect(page.getByRole('heading', { name: 'Branding', level: 1 })).toBeVisible();
    await expectAccessible(page, 'Branding');
    await page.getByLabel(`Hex colour for ${unitName}`).fill('#aa3355');
    await page.getByRole('button', { name: `Apply to ${unitName}` }).click();
    await expect(page.getByRole('status').filter({ hasText: `Colour of "${unitName}" saved.` })).toBeVisible();

    await page.getByLabel('Colour (hex)').fill('#0a7b83');
    await expect(page.getByRole('img', { name: 'Preview of the header' }).locator('div').first()).toHaveCSS(
      'background-color',
      'rgb(10, 123, 131)',
    );
    await page.getByRole('button', { name: 'Save colour' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Workspace colour saved.' })).toBeVisible();

    // An SVG is refused before upload; a PNG is taken.
    await page
      .getByLabel('Upload a logo')
      .setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
    await expect(page.getByRole('alert').filter({ hasText: 'SVG is not accepted' })).toBeVisible();
    await page.getByLabel('Upload a logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('status').filter({ hasText: 'Logo uploaded.' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Acme logo' }).first()).toBeVisible();
    // After a reload the app's frame wears the new brand: the logo, and the colour in its corner.
    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { name: 'Branding', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page, 'Branding');
    await expect(page.locator('.shell-brand').getByRole('img', { name: 'Acme logo' })).toBeVisible();
    await expect(page.locator('.shell-brand')).toHaveCSS('background-color', 'rgb(10, 123, 131)');

    // Two people join our unit (through the user import's API, called from the page with the admin's session).
    const imported = await page.evaluate(
      async ([unit, tag]) => {
        const token = /(?:^|; )sp_token=([^;]+)/.exec(document.cookie)?.[1] ?? '';
        const csv = `Email,First Name,Last Name,Business Unit\nnagpur.a.${tag}@acme-org.test,Neel,A,${unit}\nnagpur.b.${tag}@acme-org.test,Nina,B,${unit}\n`;
        const form = new FormData();
        form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv');
        form.append('mapping', JSON.stringify({ email: 0, firstName: 1, lastName: 2, branch: 3 }));
        const headers = { authorization: `Bearer ${decodeURIComponent(token)}` };
        const res = await fetch('/main-api/api/invite/bulk', { method: 'POST', body: form, headers });
        if (res.status !== 202) return `start: ${res.status}`;
        // The import is a background job: wait for it.
        const { jobId } = (await res.json()) as { jobId: string };
        for (let i = 0; i < 300; i++) {
          const job = (await (await fetch(`/main-api/api/invite/bulk/jobs/${jobId}`, { headers })).json()) as {
            status: string;
          };
          if (job.status !== 'QUEUED' && job.status !== 'RUNNING') return job.status;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        return 'still running';
      },
      [unitName, stamp] as const,
    );
    expect(imported).toBe('COMPLETED');

    // Delete our unit with people in it: the dialog says how many and asks where they go.
    await page.getByRole('navigation', { name: 'Main' }).getByText('Business units').click();
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: `Delete ${unitName}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${unitName}?` });
    await expect(confirm).toContainText(`2 people are in "${unitName}"`);
    await expect(confirm).toContainText('Its 2 departments will be deleted with it.');
    const deleteButton = confirm.getByRole('button', { name: 'Delete business unit' });
    await expect(deleteButton).toBeDisabled();
    await confirm.getByLabel('Move their people to').click();
    await pickOption(page, spareName);
    await deleteButton.click();
    await expect(
      page.getByRole('status').filter({ hasText: `"${unitName}" deleted. 2 people moved to "${spareName}".` }),
    ).toBeVisible();
    await expect(page.getByRole('table')).not.toContainText(unitName);
    await expect(page.getByRole('row', { name: new RegExp(spareName) })).toContainText('2');

    // The admin trail has it.
    await page.getByRole('navigation', { name: 'Main' }).getByText('Security log').click();
    await page.getByText('Admin actions', { exact: true }).click();
    await expect(page.getByRole('table')).toContainText('Business unit deleted');
    await expect(page.getByRole('table')).toContainText('Department manager appointed');
    await expect(page.getByRole('table')).not.toContainText('Signed in');

    // The logo and the colour are on the sign-in page.
    await page.context().clearCookies();
    await page.goto(url('acme', '/signin'));
    const logo = page.getByRole('img', { name: 'Acme logo' });
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    expect(await logo.getAttribute('src')).toMatch(/^\/main-api\/api\/workspace\/logo\/[0-9a-f]{16}$/);
  });
});
