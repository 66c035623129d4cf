import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { ChangePassword } from '../../src/application/auth/change-password.use-case';
import { RefreshCurrentUser } from '../../src/application/auth/refresh-current-user.use-case';
import { SignOut } from '../../src/application/auth/sign-out.use-case';
import { ChangePasswordViewModel } from '../../src/ui/shell/change-password.view-model';
import { SessionViewModel } from '../../src/ui/shell/session.view-model';
import { FakeAccountSecurityApi } from '../fakes/account-security.fakes';
import { ADMIN, FakeAuthApi, FakeSessionStore } from '../fakes/auth.fakes';

function build(api = new FakeAccountSecurityApi()) {
  const auth = new FakeAuthApi();
  const sessions = new FakeSessionStore();
  const session = new SessionViewModel(new RefreshCurrentUser(auth, sessions), new SignOut(auth, sessions));
  session.signedIn(ADMIN);
  return { vm: new ChangePasswordViewModel(new ChangePassword(api), session), api };
}

describe('ChangePasswordViewModel', () => {
  it('confirms the change and says how many other sessions were signed out', async () => {
    const { vm } = build();
    expect(
      await vm.submit({ currentPassword: 'the old harbour at dusk', newPassword: 'a long and quiet harbour at dawn' }),
    ).toBe(true);
    expect(vm.status).toBe('saved');
    expect(vm.confirmation).toBe('Your password was changed, and you were signed out of 2 other sessions.');
  });

  it("puts the server's refusal on the current-password field", async () => {
    const { vm } = build();
    expect(await vm.submit({ currentPassword: 'a wrong one', newPassword: 'a long and quiet harbour at dawn' })).toBe(
      false,
    );
    expect(vm.status).toBe('idle');
    expect(vm.fieldErrors).toEqual({ currentPassword: 'Your current password is not correct.' });
  });

  it("rejects a password made of the user's own name, on the new-password field", async () => {
    const { vm, api } = build();
    await vm.submit({
      currentPassword: 'the old harbour at dusk',
      newPassword: `${ADMIN.workspace.companyName.repeat(5)}!`,
    });
    expect(vm.fieldErrors.newPassword).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});

describe('ChangePasswordViewModel under a workspace minimum', () => {
  it("holds a new password to the workspace's minimum and states it", async () => {
    const api = new FakeAccountSecurityApi();
    const auth = new FakeAuthApi();
    const sessions = new FakeSessionStore();
    const session = new SessionViewModel(new RefreshCurrentUser(auth, sessions), new SignOut(auth, sessions));
    session.signedIn({ ...ADMIN, workspace: { ...ADMIN.workspace, minPasswordLength: 10 } });
    const vm = new ChangePasswordViewModel(new ChangePassword(api), session);
    expect(vm.minimumLength).toBe(10);
    expect(await vm.submit({ currentPassword: 'the old harbour at dusk', newPassword: 'plumOrbit' })).toBe(false);
    expect(vm.fieldErrors.newPassword).toContain('at least 10');
    expect(await vm.submit({ currentPassword: 'the old harbour at dusk', newPassword: 'plum-Orbit' })).toBe(true);
  });
});
