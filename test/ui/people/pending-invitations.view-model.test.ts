import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/application/shared/api-error';
import { PendingInvitationsViewModel } from '../../../src/ui/people/pending-invitations.view-model';
import { FakeInvitations } from '../../fakes/pending-invitations.fakes';
import { SendUnusedInvitations } from '../../../src/application/invitations/send-unused-invitations.use-case';

const pending = (api: FakeInvitations) => new PendingInvitationsViewModel(api, new SendUnusedInvitations(api));

describe('the invitations waiting on the People screen', () => {
  it('says how many wait, how many were never sent and how many expired', async () => {
    const vm = pending(new FakeInvitations({ unused: 5, unsent: 2, expired: 3 }));
    await vm.load();
    expect(vm.waiting).toBe(8);
    expect(vm.summary).toBe('8 invitations are waiting to be accepted (2 never sent, 3 expired).');
  });

  it('shows nothing when nobody is waiting', async () => {
    const vm = pending(new FakeInvitations({ unused: 0, unsent: 0, expired: 0 }));
    await vm.load();
    expect(vm.summary).toBeNull();
  });

  it('sends them all again and reads the counts afresh: none expired or unsent after', async () => {
    const api = new FakeInvitations({ unused: 1, unsent: 1, expired: 1 });
    const vm = pending(api);
    await vm.load();
    expect(await vm.sendAll()).toBe(true);
    expect(vm.message).toEqual({ type: 'success', text: 'Sent 2 invitations, each with a new link.' });
    expect(vm.summary).toBe('2 invitations are waiting to be accepted.');
  });

  it('says nothing was sent when the mail service fails', async () => {
    const api = new FakeInvitations({ unused: 1, unsent: 0, expired: 0 });
    api.failSend = new ApiError('server-error', 'MAIL_UNAVAILABLE', 'Mail could not be sent; try again later');
    const vm = pending(api);
    await vm.load();
    expect(await vm.sendAll()).toBe(false);
    expect(vm.message?.type).toBe('error');
    expect(vm.message?.text).toContain('Nothing was sent: Mail could not be sent');
  });
});
