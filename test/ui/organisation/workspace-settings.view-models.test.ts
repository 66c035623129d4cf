import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type {
  MessageTemplatesApi,
  Page,
  SignupAllowListApi,
} from '../../../src/application/organisation/organisation-admin-api.port';
import {
  AddToSignupAllowList,
  PreviewMessageTemplate,
  SaveMessageTemplate,
  SaveWorkspaceSettings,
} from '../../../src/application/organisation/workspace-admin.use-cases';
import { ApiError } from '../../../src/application/shared/api-error';
import type { AllowListEntry } from '../../../src/contracts/main/allow-list.contract';
import type { MessageTemplate, SaveTemplateBody } from '../../../src/contracts/main/templates.contract';
import { fillTemplate, TEMPLATE_SPECS } from '../../../src/domain/messages/message-template';
import { WorkspaceSettingsViewModel } from '../../../src/ui/organisation/workspace-settings.view-model';
import { InvitationTemplateViewModel } from '../../../src/ui/organisation/invitation-template.view-model';
import { SignupAllowListViewModel } from '../../../src/ui/organisation/signup-allow-list.view-model';
import { FakeWorkspaceAdminApi } from '../../fakes/organisation-admin.fakes';

class FakeSignupAllowListApi implements SignupAllowListApi {
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

class FakeMessageTemplatesApi implements MessageTemplatesApi {
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

describe('WorkspaceSettingsViewModel: sign-in, sessions and invitations', () => {
  it('shows the defaults, and refuses a looser setting on its field before any call', async () => {
    const api = new FakeWorkspaceAdminApi();
    const vm = new WorkspaceSettingsViewModel(api, new SaveWorkspaceSettings(api));
    await vm.load();
    expect(vm.policy).toEqual({
      minPasswordLength: 15,
      privilegedIdleMinutes: 60,
      privilegedSessionHours: 24,
      sessionLifetimeDays: 120,
      inviteValidDays: 14,
    });
    await vm.save({ minPasswordLength: 7, privilegedIdleMinutes: 90 }, 'sign-in');
    expect(vm.fieldErrors).toEqual({
      minPasswordLength: 'At least 8 characters',
      privilegedIdleMinutes: 'At most 60 minutes',
    });
    expect(vm.notice).toBeNull();
    expect(api.updates).toEqual([]);
  });

  it('saves a stricter policy and the invitation lifetime, each confirmed in its own section', async () => {
    const api = new FakeWorkspaceAdminApi();
    const vm = new WorkspaceSettingsViewModel(api, new SaveWorkspaceSettings(api));
    await vm.load();
    const before = vm.version;
    await vm.save({ minPasswordLength: 10, privilegedIdleMinutes: 15 }, 'sign-in');
    expect(vm.policy).toMatchObject({ minPasswordLength: 10, privilegedIdleMinutes: 15 });
    expect(vm.notice).toEqual({ type: 'success', message: 'Sign-in and session settings saved.' });
    expect(vm.noticeSection).toBe('sign-in');
    expect(vm.version).toBeGreaterThan(before);
    await vm.save({ inviteValidDays: 30 }, 'invitations');
    expect(vm.policy.inviteValidDays).toBe(30);
    expect(vm.noticeSection).toBe('invitations');
    expect(api.updates).toEqual([{ minPasswordLength: 10, privilegedIdleMinutes: 15 }, { inviteValidDays: 30 }]);
  });

  it("puts the server's refusal under the field it names", async () => {
    const api = new FakeWorkspaceAdminApi();
    api.updateSettings = async () => {
      throw new ApiError('invalid', 'VALIDATION', 'At most 120 days', { sessionLifetimeDays: 'At most 120 days' });
    };
    const vm = new WorkspaceSettingsViewModel(api, new SaveWorkspaceSettings(api));
    await vm.load();
    await vm.save({ sessionLifetimeDays: 100 }, 'sign-in');
    expect(vm.fieldErrors).toEqual({ sessionLifetimeDays: 'At most 120 days' });
  });
});

describe('SignupAllowListViewModel', () => {
  function build() {
    const api = new FakeSignupAllowListApi();
    return { api, vm: new SignupAllowListViewModel(api, new AddToSignupAllowList(api)) };
  }

  it('starts empty, adds a domain and an address, and explains a bad or repeated entry', async () => {
    const { api, vm } = build();
    await vm.load(1);
    expect(vm.list.status).toBe('ready');
    expect(vm.rows).toEqual([]);
    await vm.add('not an address');
    expect(vm.addError).toBe('An email address (ana@example.com) or a whole domain (@example.com)');
    expect(api.calls.filter((c) => c.startsWith('add'))).toEqual([]);
    await vm.add('@Partner.Example');
    expect(vm.notice).toEqual({ type: 'success', message: 'Anyone at @partner.example may now sign up.' });
    await vm.add('ana@elsewhere.example');
    expect(vm.rows.map((r) => [r.entry, r.kind])).toEqual([
      ['ana@elsewhere.example', 'Address'],
      ['@partner.example', 'Whole domain'],
    ]);
    await vm.add('@partner.example');
    expect(vm.addError).toBe('Already on the list');
  });

  it('searches on the server and removes an entry', async () => {
    const { api, vm } = build();
    await vm.add('@partner.example');
    await vm.add('ana@elsewhere.example');
    await vm.search('partner');
    expect(api.calls.at(-1)).toBe('list 0 partner');
    expect(vm.rows.map((r) => r.entry)).toEqual(['@partner.example']);
    await vm.remove(vm.rows[0].entryId);
    expect(vm.notice).toEqual({ type: 'success', message: '@partner.example was removed from the list.' });
    expect(vm.rows).toEqual([]);
    await vm.remove('gone');
    expect(vm.notice?.type).toBe('error');
  });
});

describe('InvitationTemplateViewModel', () => {
  function build() {
    const api = new FakeMessageTemplatesApi();
    return {
      api,
      vm: new InvitationTemplateViewModel(api, new SaveMessageTemplate(api), new PreviewMessageTemplate(api)),
    };
  }

  it('loads the default and refuses a wording without the link or with an unknown placeholder, before any call', async () => {
    const { api, vm } = build();
    await vm.load();
    expect(vm.template?.custom).toBe(false);
    await vm.save({ subject: 'Welcome {{nickname}}', body: 'Hello {{firstName}}' });
    expect(vm.fieldErrors.subject).toContain('Unknown placeholder {{nickname}}');
    expect(vm.fieldErrors.body).toBe('The message must contain {{link}}');
    expect(api.calls).toEqual(['read']);
  });

  it('previews with sample values, saves, and goes back to the default', async () => {
    const { api, vm } = build();
    await vm.load();
    await vm.showPreview({ subject: 'Join {{companyName}}', body: 'Hi {{firstName}}: {{link}}' });
    expect(vm.preview).toMatchObject({
      subject: 'Join Acme',
      text: 'Hi Asha: http://acme.localhost/invite/sample-link',
    });
    await vm.save({ subject: 'Join {{companyName}}', body: 'Hi {{firstName}}: {{link}}' });
    expect(vm.template).toMatchObject({ custom: true, subject: 'Join {{companyName}}' });
    expect(vm.notice).toEqual({ type: 'success', message: 'Invitation email saved. New invitations use it.' });
    await vm.reset();
    expect(vm.template?.custom).toBe(false);
    expect(api.calls).toEqual(['read', 'preview', 'save', 'reset']);
  });
});
