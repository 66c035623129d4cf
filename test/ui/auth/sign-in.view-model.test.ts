import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { RefreshCurrentUser } from '../../../src/application/auth/refresh-current-user.use-case';
import { SignIn } from '../../../src/application/auth/sign-in.use-case';
import { RequestSignInCode, SignInWithCode } from '../../../src/application/auth/code-sign-in.use-case';
import { refuse } from '../../../src/application/shared/refusal';
import { SignOut } from '../../../src/application/auth/sign-out.use-case';
import { SignInViewModel } from '../../../src/ui/auth/sign-in.view-model';
import { SessionViewModel } from '../../../src/ui/shell/session.view-model';
import { ShellViewModel } from '../../../src/ui/shell/shell.view-model';
import { ResendConfirmation } from '../../../src/application/auth/sign-up.use-case';
import { FakeSignUpApi } from '../../fakes/sign-up.fakes';
import { ACME_SITE, FakeAuthApi, FakeOrganisationApi, FakeSessionStore, MAIN_SITE } from '../../fakes/auth.fakes';

function build(site = ACME_SITE) {
  const api = new FakeAuthApi();
  const sessions = new FakeSessionStore();
  const session = new SessionViewModel(new RefreshCurrentUser(api, sessions), new SignOut(api, sessions));
  const org = new FakeOrganisationApi();
  const signUps = new FakeSignUpApi();
  const vm = new SignInViewModel(
    new SignIn(api, sessions, site),
    new RequestSignInCode(api),
    new SignInWithCode(api, sessions, site),
    org,
    site,
    session,
    new ResendConfirmation(signUps),
  );
  return { vm, session, sessions, org, api, signUps };
}

describe('SignInViewModel', () => {
  it("shows the workspace's company profile", async () => {
    const { vm } = build();
    await vm.loadProfile();
    expect(vm.profileStatus).toBe('ready');
    expect(vm.profile?.companyName).toBe('Acme');
  });

  it('tells the user there is no workspace at an unknown host', async () => {
    const { vm } = build({ ...ACME_SITE, currentHost: 'nowhere.localhost:8080' });
    await vm.loadProfile();
    expect(vm.profileStatus).toBe('missing');
  });

  it('needs no profile on the main site', async () => {
    const { vm } = build(MAIN_SITE);
    await vm.loadProfile();
    expect(vm.profileStatus).toBe('ready');
    expect(vm.profile).toBeNull();
  });

  it('signs in, records the session and says where to go', async () => {
    const { vm, session } = build();
    await vm.submit({ identifier: 'admin@acme.test', password: 'correct horse battery' }, null);
    expect(vm.status).toBe('done');
    expect(vm.redirectTo).toBe('/dashboard');
    expect(session.status).toBe('signed-in');
    expect(session.workspaceUser?.firstName).toBe('Asha');
  });

  it('shows one message for a wrong password and stays ready for another try', async () => {
    const { vm, session } = build();
    await vm.submit({ identifier: 'admin@acme.test', password: 'wrong' }, null);
    expect(vm.status).toBe('idle');
    expect(vm.error).toBe('The email, username or password is not correct.');
    expect(session.status).toBe('unknown');
  });
});

describe('SignInViewModel with an emailed code', () => {
  it('sends a code, says so without telling whether the account exists, and signs in with it', async () => {
    const { vm, session, api } = build();
    vm.setMethod('email');
    await vm.sendCode('admin@acme.test');
    expect(vm.notice).toContain('If admin@acme.test belongs to an account here');
    await vm.submitCode(api.lastCode().code, null);
    expect(vm.status).toBe('done');
    expect(session.status).toBe('signed-in');
  });

  it('texts a code when the method is SMS', async () => {
    const { vm, api } = build();
    vm.setMethod('sms');
    await vm.sendCode('+91 98000 00010');
    expect(api.sentTo).toEqual([{ channel: 'sms', destination: '+919800000010' }]);
    expect(vm.notice).toContain('is on a profile here');
  });

  it('says a wrong code is wrong and lets the user start over', async () => {
    const { vm } = build();
    vm.setMethod('email');
    await vm.sendCode('admin@acme.test');
    await vm.submitCode('000000', null);
    expect(vm.error).toContain('not correct');
    vm.startOver();
    expect(vm.codeRequest).toBeNull();
  });
});

describe('SessionViewModel and ShellViewModel', () => {
  it('loads the signed-in user and signs out', async () => {
    const { session, sessions } = build();
    sessions.save('tok');
    await session.load();
    expect(session.status).toBe('signed-in');
    await session.signOut();
    expect(session.status).toBe('signed-out');
    expect(sessions.token()).toBeNull();
  });

  it('offers All Business Units first to a workspace admin, selected by default', async () => {
    const shell = new ShellViewModel(new FakeOrganisationApi());
    await shell.load('WORKSPACE_ADMIN', ['hq']);
    expect(shell.selectedUnit).toBe('ALL');
    expect(shell.unitOptions.map((o) => o.label)).toEqual([
      'All Business Units',
      'Acme Headquarters (headquarters)',
      'Acme Pune',
    ]);
  });

  it('offers a business-unit admin only their own unit, selected', async () => {
    const shell = new ShellViewModel(new FakeOrganisationApi());
    await shell.load('BRANCH_ADMIN', ['pune']);
    expect(shell.selectedUnit).toBe('pune');
    expect(shell.unitOptions).toEqual([{ value: 'pune', label: 'Acme Pune' }]);
    // One unit, no choice: the header names it instead of showing a picker with one entry.
    expect(shell.unitHeader).toEqual({ kind: 'name', name: 'Acme Pune' });
  });

  it('shows a picker only when there is a choice, and nothing while an employee’s one unit loads', async () => {
    const admin = new ShellViewModel(new FakeOrganisationApi());
    const adminLoading = admin.load('WORKSPACE_ADMIN', ['hq']);
    // "All Business Units" alone while the units load is not a single choice.
    expect(admin.unitHeader).toEqual({ kind: 'picker' });
    await adminLoading;
    expect(admin.unitHeader).toEqual({ kind: 'picker' });
    const employee = new ShellViewModel(new FakeOrganisationApi());
    const loading = employee.load('EMPLOYEE', ['hq']);
    expect(employee.unitHeader).toEqual({ kind: 'none' });
    await loading;
    expect(employee.unitHeader).toEqual({ kind: 'name', name: 'Acme Headquarters (headquarters)' });
  });

  describe('Google and Microsoft', () => {
    it('offers only the providers the workspace enables, each starting on the server', async () => {
      const { vm, org } = build();
      org.profiles.get('acme.localhost:8080')!.socialPlatformSet = ['MICROSOFT'];
      await vm.loadProfile();
      expect(vm.socialProviders).toEqual([
        { id: 'microsoft', label: 'Continue with Microsoft', href: '/api/auth/oidc/microsoft/start' },
      ]);
      org.profiles.get('acme.localhost:8080')!.socialPlatformSet = [];
      await vm.loadProfile();
      expect(vm.socialProviders).toEqual([]);
    });

    it('offers only what the server is configured for', async () => {
      const { vm, org } = build({ ...ACME_SITE, socialSignIn: ['google'] });
      org.profiles.get('acme.localhost:8080')!.socialPlatformSet = ['GOOGLE', 'MICROSOFT'];
      await vm.loadProfile();
      expect(vm.socialProviders.map((p) => p.label)).toEqual(['Continue with Google']);
    });

    it('offers none on the main site', async () => {
      const { vm } = build(MAIN_SITE);
      await vm.loadProfile();
      expect(vm.socialProviders).toEqual([]);
    });

    it('explains a refused sign-in: an unknown email is told to ask for an invite', async () => {
      const { vm } = build();
      vm.readSocialOutcome('?signInError=not-invited&provider=google');
      await vm.loadProfile();
      expect(vm.socialMessage?.title).toBe('Ask your admin for an invite');
      expect(vm.socialMessage?.body).toContain('has no account in Acme');
      vm.readSocialOutcome('?signInError=unverified-email&provider=microsoft');
      expect(vm.socialMessage?.title).toBe('Microsoft did not confirm this email');
      vm.readSocialOutcome('?signInError=whatever&provider=github');
      expect(vm.socialMessage).toBeNull();
    });
  });

  describe('sign-up', () => {
    it('offers "Create an account" only where the workspace takes sign-ups', async () => {
      const { vm, org } = build();
      await vm.loadProfile();
      expect(vm.signUpOpen).toBe(false);
      org.profiles.get('acme.localhost:8080')!.bulkSignUpEnabled = true;
      await vm.loadProfile();
      expect(vm.signUpOpen).toBe(true);
      const main = build(MAIN_SITE);
      await main.vm.loadProfile();
      expect(main.vm.signUpOpen).toBe(false);
    });

    it('tells a right password of an unconfirmed account to confirm the email, and sends a new link', async () => {
      const { vm, api, signUps } = build();
      api.signIn = async () => refuse('forbidden', 'Confirm your email first.', { code: 'email-not-confirmed' });
      await vm.submit({ identifier: ' Nila@Joiners.test ', password: 'lantern orchard velvet comet' }, null);
      expect(vm.status).toBe('idle');
      expect(vm.error).toBe('Confirm your email first.');
      expect(vm.unconfirmedEmail).toBe('nila@joiners.test');
      await vm.sendConfirmationAgain();
      expect(signUps.resent).toEqual(['nila@joiners.test']);
      expect(vm.notice).toContain('new confirmation link');
      expect(vm.error).toBeNull();
    });
  });
});
