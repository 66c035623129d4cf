import { describe, expect, it } from 'vitest';
import { SendUnusedInvitations } from '../../../src/application/invitations/send-unused-invitations.use-case';
import type { InvitationsApi } from '../../../src/application/invitations/invitations-api.port';
import type {
  MessageTemplatesApi,
  SignupAllowListApi,
  WorkspaceAdminApi,
} from '../../../src/application/organisation/organisation-admin-api.port';
import { RemoveFromSignupAllowList } from '../../../src/application/organisation/remove-from-signup-allow-list.use-case';
import { RemoveLogo } from '../../../src/application/organisation/remove-logo.use-case';
import { ResetInvitationTemplate } from '../../../src/application/organisation/reset-invitation-template.use-case';
import type { DirectoryApi } from '../../../src/application/people/directory-api.port';
import { SignOutEverywhere } from '../../../src/application/people/sign-out-everywhere.use-case';
import { UnlockAccount } from '../../../src/application/people/unlock-account.use-case';
import type { AllowListApi } from '../../../src/application/platform-tools/platform-tools-api.port';
import { RemoveFromAllowList } from '../../../src/application/platform-tools/remove-from-allow-list.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import { recordingPort } from '../support/recording-port';

describe("the admin's writes on the workspace's settings and people", () => {
  it('removes the logo and resets the invitation email to the default', async () => {
    const admin = recordingPort<WorkspaceAdminApi>({ removeLogo: undefined });
    expect(await new RemoveLogo(admin.port).execute()).toEqual({ ok: true });
    expect(admin.calls).toEqual([['removeLogo']]);
    const template = { subject: 'You are invited', body: 'Join {{workspace}}' };
    const templates = recordingPort<MessageTemplatesApi>({ reset: template });
    expect(await new ResetInvitationTemplate(templates.port).execute()).toEqual({ ok: true, template });
    expect(templates.calls).toEqual([['reset', 'invitation']]);
  });

  it('removes an entry of the sign-up list; one removed already is not found', async () => {
    const { port, calls } = recordingPort<SignupAllowListApi>({ remove: undefined });
    expect(await new RemoveFromSignupAllowList(port).execute('e1')).toEqual({ ok: true });
    expect(calls).toEqual([['remove', 'e1']]);
    const gone = recordingPort<SignupAllowListApi>({ remove: new ApiError('not-found', 'NOT_FOUND', 'No such entry') });
    expect(await new RemoveFromSignupAllowList(gone.port).execute('e1')).toMatchObject({
      ok: false,
      reason: 'not-found',
      message: 'No such entry',
    });
  });

  it("signs a person out everywhere, saying how many sessions ended, and unlocks a person's account", async () => {
    const { port, calls } = recordingPort<DirectoryApi>({ signOutEverywhere: { sessionsEnded: 3 }, unlock: undefined });
    expect(await new SignOutEverywhere(port).execute('u1')).toEqual({ ok: true, sessionsEnded: 3 });
    expect(await new UnlockAccount(port).execute('u1')).toEqual({ ok: true });
    expect(calls).toEqual([
      ['signOutEverywhere', 'u1'],
      ['unlock', 'u1'],
    ]);
  });

  it('sends the invitations waiting and says how many; a mail service down is thrown on, not a refusal', async () => {
    const { port } = recordingPort<InvitationsApi>({ sendUnused: { sent: 2 } });
    expect(await new SendUnusedInvitations(port).execute()).toEqual({ ok: true, sent: 2 });
    const down = recordingPort<InvitationsApi>({
      sendUnused: new ApiError('server-error', 'MAIL_UNAVAILABLE', 'Mail could not be sent'),
    });
    await expect(new SendUnusedInvitations(down.port).execute()).rejects.toThrow('Mail could not be sent');
  });

  it("removes an entry of a workspace's list (the platform admin)", async () => {
    const { port, calls } = recordingPort<AllowListApi>({ remove: undefined });
    expect(await new RemoveFromAllowList(port).execute('w1', 'e1')).toEqual({ ok: true });
    expect(calls).toEqual([['remove', 'w1', 'e1']]);
  });
});
