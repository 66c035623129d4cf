import { describe, expect, it } from 'vitest';
import {
  RegisterWebhookEndpoint,
  SetWebhookEndpointActive,
} from '../../../src/application/organisation/webhooks.use-cases';
import { FakeWebhooksApi } from '../../fakes/webhooks.fakes';

describe('RegisterWebhookEndpoint', () => {
  it('registers an endpoint and hands back its secret', async () => {
    const api = new FakeWebhooksApi();
    const outcome = await new RegisterWebhookEndpoint(api).execute({
      url: 'https://hooks.example.com/x',
      description: 'HR',
      events: ['course.completed'],
    });
    expect(outcome).toMatchObject({ ok: true, created: { secret: 'whsec_c2VjcmV0', endpoint: { status: 'ACTIVE' } } });
  });

  it('refuses no events before any call, naming the field', async () => {
    const api = new FakeWebhooksApi();
    const outcome = await new RegisterWebhookEndpoint(api).execute({
      url: 'https://hooks.example.com/x',
      description: '',
      events: [],
    });
    expect(outcome).toMatchObject({ ok: false, reason: 'invalid', fields: { events: 'Choose at least one event' } });
    expect(api.calls).toBe(0);
  });

  it("puts the server's refusal of the address on the url field", async () => {
    const outcome = await new RegisterWebhookEndpoint(new FakeWebhooksApi()).execute({
      url: 'http://hooks.example.com/x',
      description: '',
      events: ['policy.accepted'],
    });
    expect(outcome).toMatchObject({ ok: false, fields: { url: 'The address must start with https://' } });
  });
});

describe('SetWebhookEndpointActive', () => {
  it('pauses an endpoint, keeping its address and events', async () => {
    const api = new FakeWebhooksApi();
    const made = await new RegisterWebhookEndpoint(api).execute({
      url: 'https://hooks.example.com/x',
      description: '',
      events: ['course.assigned'],
    });
    if (!made.ok) throw new Error('not registered');
    const outcome = await new SetWebhookEndpointActive(api).execute(made.created.endpoint, false);
    expect(outcome).toMatchObject({
      ok: true,
      endpoint: { status: 'PAUSED', url: 'https://hooks.example.com/x', events: ['course.assigned'] },
    });
  });
});
