import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect as baseExpect, test } from './support/test';
import { api, signIn, url } from './support/app';
import { atPhoneWidth, expectAccessible, expectOneH1 } from './support/accessibility';

// The machine this runs on may be shared and loaded: give each step room.
test.use({ actionTimeout: 30_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

test('an admin registers a webhook endpoint, copies its secret once, sends a test event and sees it delivered, then redelivers it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // The journey's own receiver, on 127.0.0.1 (the journeys' server allows it: WEBHOOKS_ALLOW_PRIVATE=1).
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const path = `/hook-${Date.now()}`;
  const endpointUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${path}`;
  let endpointId: string | null = null;

  try {
    await signIn(page, 'acme', 'admin@acme.test');
    await page.goto(url('acme', '/organisation/settings?tab=webhooks'));
    await expect(page.getByRole('heading', { level: 1, name: 'Workspace settings' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add endpoint' })).toBeVisible();
    await expectAccessible(page, 'Workspace settings, Webhooks');
    await expectOneH1(page, 'Workspace settings, Webhooks');

    // ---- Register: address, description, one event; the secret is shown once.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await expect(drawer).toBeVisible();
    await drawer.getByLabel('Endpoint address').fill(endpointUrl);
    await drawer.getByLabel('Description').fill('Journey receiver');
    await drawer.getByLabel('Course completed').check();
    await expectAccessible(page, 'Add a webhook endpoint');
    await drawer.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByText('Copy the signing secret now: it will not be shown again')).toBeVisible();
    const secret = (await page.getByTestId('webhook-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByTestId('webhook-endpoints').getByText(endpointUrl, { exact: true })).toBeVisible();
    const listed = await api<{ items: { id: string; url: string }[] }>(page, 'GET', '/main-api/api/webhooks');
    endpointId = listed.items.find((e) => e.url === endpointUrl)!.id;
    expect(JSON.stringify(listed)).not.toContain(secret);
    await expectAccessible(page, 'Webhooks, the secret shown once');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    // ---- A test event: queued, then delivered within seconds; the receiver verifies its signature.
    await page.getByRole('button', { name: `Send a test event to ${endpointUrl}` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Test event queued' })).toBeVisible();
    const deliveries = page.getByTestId('webhook-deliveries');
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(
        deliveries.getByRole('row').filter({ hasText: 'Test event' }).filter({ hasText: 'Delivered' }),
      ).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 90_000 });
    await expect(deliveries.getByRole('row').filter({ hasText: 'Test event' })).toContainText('200');
    expect(received).toHaveLength(1);
    const event = new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>);
    expect(event).toMatchObject({ type: 'webhook.test', data: { endpointId } });
    await expectAccessible(page, 'Webhooks, a delivery');
    await atPhoneWidth(page, 'Webhooks, a delivery');

    // ---- Redeliver: the same message goes again.
    await deliveries.getByRole('button', { name: 'Redeliver' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Delivery queued again' })).toBeVisible();
    await expect.poll(() => received.length, { timeout: 90_000 }).toBe(2);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);
    new Webhook(secret).verify(received[1]!.body, received[1]!.headers as Record<string, string>);
  } finally {
    // The endpoint goes with the journey, so other journeys' completions are not sent to a closed receiver.
    if (endpointId) await api(page, 'DELETE', `/main-api/api/webhooks/${endpointId}`).catch(() => undefined);
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
