import 'reflect-metadata';
import { RemoveFromSignupAllowList } from '../../../src/application/organisation/remove-from-signup-allow-list.use-case';
import { ResetInvitationTemplate } from '../../../src/application/organisation/reset-invitation-template.use-case';
import { describe, expect, it } from 'vitest';
import {
  AddToSignupAllowList,
  PreviewMessageTemplate,
  SaveMessageTemplate,
  SaveWorkspaceSettings,
} from '../../../src/application/organisation/workspace-admin.use-cases';
import { ApiError } from '../../../src/application/shared/api-error';
import { WorkspaceSettingsViewModel } from '../../../src/ui/organisation/workspace-settings.view-model';
import { InvitationTemplateViewModel } from '../../../src/ui/organisation/invitation-template.view-model';
import { SignupAllowListViewModel } from '../../../src/ui/organisation/signup-allow-list.view-model';
import { FakeWorkspaceAdminApi } from '../../fakes/organisation-admin.fakes';
import { FakeSignupAllowListApi, FakeMessageTemplatesApi } from '../../fakes/workspace-settings.fakes';

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
    return {
      api,
      vm: new SignupAllowListViewModel(api, new AddToSignupAllowList(api), new RemoveFromSignupAllowList(api)),
    };
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
      vm: new InvitationTemplateViewModel(
        api,
        new SaveMessageTemplate(api),
        new PreviewMessageTemplate(api),
        new ResetInvitationTemplate(api),
      ),
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
