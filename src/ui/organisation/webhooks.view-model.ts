import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { WebhookDelivery, WebhookEndpoint } from '../../contracts/main/webhooks.contract';
import { WebhooksApi } from '../../application/organisation/webhooks-api.port';
import {
  DeleteWebhookEndpoint,
  RedeliverWebhook,
  RegisterWebhookEndpoint,
  SendWebhookTest,
  SetWebhookEndpointActive,
} from '../../application/organisation/webhooks.use-cases';
import { describeError } from '../../application/shared/api-error';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '../../domain/webhooks/webhook-events';
import type { LoadStatus, Notice } from './notice';

/** The settings screen's Webhooks tab: endpoints, the secret shown once, test events and deliveries. */
@injectable()
export class WebhooksViewModel {
  status: LoadStatus = 'loading';
  error: string | null = null;
  endpoints: WebhookEndpoint[] = [];
  notice: Notice = null;
  fieldErrors: Record<string, string> = {};
  drawerOpen = false;
  saving = false;
  /** The secret of the endpoint just registered: shown until the admin closes it, never again. */
  secret: { endpointUrl: string; value: string } | null = null;
  /** The endpoint whose deliveries are shown. */
  selectedId: string | null = null;
  deliveries: WebhookDelivery[] = [];
  deliveriesLoading = false;
  busy: string | null = null;

  constructor(
    @inject(WebhooksApi) private readonly api: WebhooksApi,
    @inject(RegisterWebhookEndpoint) private readonly register: RegisterWebhookEndpoint,
    @inject(SetWebhookEndpointActive) private readonly setActive: SetWebhookEndpointActive,
    @inject(DeleteWebhookEndpoint) private readonly deleteEndpoint: DeleteWebhookEndpoint,
    @inject(SendWebhookTest) private readonly sendTestEvent: SendWebhookTest,
    @inject(RedeliverWebhook) private readonly redeliverOne: RedeliverWebhook,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get eventOptions(): { value: string; label: string }[] {
    return WEBHOOK_EVENT_TYPES.map((t) => ({ value: t, label: WEBHOOK_EVENT_LABELS[t] }));
  }

  get selected(): WebhookEndpoint | null {
    return this.endpoints.find((e) => e.id === this.selectedId) ?? null;
  }

  async load(): Promise<void> {
    try {
      const endpoints = await this.api.list();
      runInAction(() => {
        this.endpoints = endpoints;
        this.status = 'ready';
        if (this.selectedId && !endpoints.some((e) => e.id === this.selectedId)) this.selectedId = null;
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  openDrawer(): void {
    this.drawerOpen = true;
    this.fieldErrors = {};
  }

  closeDrawer(): void {
    this.drawerOpen = false;
  }

  async create(values: { url: string; description?: string; events?: string[] }): Promise<boolean> {
    this.saving = true;
    const outcome = await this.register.execute({
      url: values.url ?? '',
      description: values.description ?? '',
      events: values.events ?? [],
    });
    runInAction(() => {
      this.saving = false;
      if (!outcome.ok) {
        this.fieldErrors = outcome.fields;
        this.notice = { type: 'error', message: outcome.message };
        return;
      }
      this.fieldErrors = {};
      this.drawerOpen = false;
      this.endpoints = [...this.endpoints, outcome.created.endpoint];
      this.secret = { endpointUrl: outcome.created.endpoint.url, value: outcome.created.secret };
      this.selectedId = outcome.created.endpoint.id;
      this.deliveries = [];
      this.notice = { type: 'success', message: 'Endpoint registered. Copy its signing secret now.' };
    });
    return outcome.ok;
  }

  dismissSecret(): void {
    this.secret = null;
  }

  async select(id: string): Promise<void> {
    this.selectedId = id;
    await this.refreshDeliveries();
  }

  async refreshDeliveries(): Promise<void> {
    const id = this.selectedId;
    if (!id) return;
    this.deliveriesLoading = true;
    try {
      const deliveries = await this.api.deliveries(id);
      runInAction(() => {
        if (this.selectedId === id) this.deliveries = deliveries;
        this.deliveriesLoading = false;
      });
    } catch (error) {
      runInAction(() => {
        this.deliveriesLoading = false;
        this.notice = { type: 'error', message: describeError(error) };
      });
    }
  }

  async sendTest(id: string): Promise<void> {
    this.busy = `test:${id}`;
    const outcome = await this.sendTestEvent.execute(id);
    runInAction(() => {
      this.busy = null;
      this.notice = outcome.ok
        ? { type: 'success', message: 'Test event queued. It goes out within a minute; refresh to see its status.' }
        : { type: 'error', message: outcome.message };
      if (outcome.ok) this.selectedId = id;
    });
    if (outcome.ok) await this.refreshDeliveries();
  }

  async redeliver(deliveryId: string): Promise<void> {
    const id = this.selectedId;
    if (!id) return;
    this.busy = `redeliver:${deliveryId}`;
    const outcome = await this.redeliverOne.execute(id, deliveryId);
    runInAction(() => {
      this.busy = null;
      this.notice = outcome.ok
        ? { type: 'success', message: 'Delivery queued again, with the same message id.' }
        : { type: 'error', message: outcome.message };
    });
    if (outcome.ok) await this.refreshDeliveries();
  }

  async toggle(endpoint: WebhookEndpoint): Promise<void> {
    const active = endpoint.status !== 'ACTIVE';
    this.busy = `toggle:${endpoint.id}`;
    const outcome = await this.setActive.execute(endpoint, active);
    runInAction(() => {
      this.busy = null;
      if (!outcome.ok) {
        this.notice = { type: 'error', message: outcome.message };
        return;
      }
      this.endpoints = this.endpoints.map((e) => (e.id === endpoint.id ? outcome.endpoint : e));
      this.notice = { type: 'success', message: active ? 'Endpoint resumed.' : 'Endpoint paused.' };
    });
  }

  async remove(id: string): Promise<void> {
    this.busy = `delete:${id}`;
    const outcome = await this.deleteEndpoint.execute(id);
    runInAction(() => {
      this.busy = null;
      if (!outcome.ok) {
        this.notice = { type: 'error', message: outcome.message };
        return;
      }
      this.endpoints = this.endpoints.filter((e) => e.id !== id);
      if (this.selectedId === id) {
        this.selectedId = null;
        this.deliveries = [];
      }
      this.notice = { type: 'success', message: 'Endpoint removed.' };
    });
  }
}
