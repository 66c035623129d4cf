import type {
  MessageTemplatesApi,
  Page,
  SignupAllowListApi,
} from '../../src/application/organisation/organisation-admin-api.port';
import { ApiError } from '../../src/application/shared/api-error';
import type { AllowListEntry } from '../../src/contracts/main/allow-list.contract';
import type { MessageTemplate, SaveTemplateBody } from '../../src/contracts/main/templates.contract';
import { fillTemplate, TEMPLATE_SPECS } from '../../src/domain/messages/message-template';

export class FakeSignupAllowListApi implements SignupAllowListApi {
  entries: AllowListEntry[] = [];
  calls: string[] = [];
  private next = 1;

  async list(query: { page: number; pageSize: number; q?: string }): Promise<Page<AllowListEntry>> {
    this.calls.push(`list ${query.page} ${query.q ?? ''}`);
    const all = this.entries.filter((e) => !query.q || e.entry.includes(query.q));
    return {
      items: all.slice(query.page * query.pageSize, (query.page + 1) * query.pageSize),
      page: query.page,
      pageSize: query.pageSize,
      total: all.length,
    };
  }
  async add(email: string) {
    this.calls.push(`add ${email}`);
    if (this.entries.some((e) => e.entry === email))
      throw new ApiError('conflict', 'CONFLICT', `${email} is already on the list`, { email: 'Already on the list' });
    const entry: AllowListEntry = {
      entryId: `e${this.next++}`,
      workspaceId: 'acme',
      entry: email,
      kind: email.startsWith('@') ? 'DOMAIN' : 'EMAIL',
      createdAt: '2026-11-23T06:00:00.000Z',
    };
    this.entries.unshift(entry);
    return entry;
  }
  async remove(entryId: string) {
    this.calls.push(`remove ${entryId}`);
    if (!this.entries.some((e) => e.entryId === entryId))
      throw new ApiError('not-found', 'NOT_FOUND', 'There is no such entry');
    this.entries = this.entries.filter((e) => e.entryId !== entryId);
  }
}

export class FakeMessageTemplatesApi implements MessageTemplatesApi {
  saved: SaveTemplateBody | null = null;
  calls: string[] = [];

  private current(): MessageTemplate {
    const spec = TEMPLATE_SPECS.INVITATION;
    return {
      kind: 'INVITATION',
      subject: this.saved?.subject ?? spec.defaultSubject,
      body: this.saved?.body ?? spec.defaultBody,
      custom: this.saved !== null,
      defaultSubject: spec.defaultSubject,
      defaultBody: spec.defaultBody,
      placeholders: Object.entries(spec.placeholders).map(([name, meaning]) => ({
        name,
        meaning,
        required: name === 'link',
      })),
      updatedAt: this.saved ? '2026-11-23T06:00:00.000Z' : null,
    };
  }
  async read() {
    this.calls.push('read');
    return this.current();
  }
  async save(body: SaveTemplateBody) {
    this.calls.push('save');
    this.saved = body;
    return this.current();
  }
  async preview(body: SaveTemplateBody) {
    this.calls.push('preview');
    const values = {
      firstName: 'Asha',
      companyName: 'Acme',
      link: 'http://acme.localhost/invite/sample-link',
      expiresOn: '7 December 2026',
      days: '14',
    };
    return { subject: fillTemplate(body.subject, values), text: fillTemplate(body.body, values), html: '<p></p>' };
  }
  async reset() {
    this.calls.push('reset');
    this.saved = null;
    return this.current();
  }
}
