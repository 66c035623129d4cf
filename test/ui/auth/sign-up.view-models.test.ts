import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { ChangeProfilePicture, RemoveProfilePicture } from '../../../src/application/auth/profile-picture.use-case';
import { RefreshCurrentUser } from '../../../src/application/auth/refresh-current-user.use-case';
import { SignOut } from '../../../src/application/auth/sign-out.use-case';
import { ConfirmEmail, ResendConfirmation, SignUp } from '../../../src/application/auth/sign-up.use-case';
import { EmailVerifyViewModel } from '../../../src/ui/auth/email-verify.view-model';
import { SignUpViewModel } from '../../../src/ui/auth/sign-up.view-model';
import { ProfilePictureViewModel } from '../../../src/ui/shell/profile-picture.view-model';
import { SessionViewModel } from '../../../src/ui/shell/session.view-model';
import {
  ACME_SITE,
  ADMIN,
  FakeAuthApi,
  FakeOrganisationApi,
  FakeSessionStore,
  MAIN_SITE,
} from '../../fakes/auth.fakes';
import { FakeSignUpApi } from '../../fakes/sign-up.fakes';

const values = {
  firstName: 'Nila',
  lastName: 'Joiner',
  userEmail: 'nila@joiners.test',
  userPassword: 'lantern orchard velvet comet',
};

function signUpPage(site = ACME_SITE) {
  const api = new FakeSignUpApi();
  const org = new FakeOrganisationApi();
  org.profiles.get('acme.localhost:8080')!.bulkSignUpEnabled = true;
  return { vm: new SignUpViewModel(new SignUp(api), org, site), api, org };
}

describe('SignUpViewModel', () => {
  it('opens the form only where the workspace takes sign-ups', async () => {
    const { vm, org } = signUpPage();
    await vm.load();
    expect(vm.profileStatus).toBe('open');
    org.profiles.get('acme.localhost:8080')!.bulkSignUpEnabled = false;
    await vm.load();
    expect(vm.profileStatus).toBe('closed');
    const main = signUpPage(MAIN_SITE);
    await main.vm.load();
    expect(main.vm.profileStatus).toBe('missing');
  });

  it('shows the password problem by the field, then "check your email" once sent', async () => {
    const { vm, api } = signUpPage();
    await vm.load();
    expect(vm.passwordProblem({ ...values, userPassword: 'short' })).toMatch(/15/);
    expect(vm.passwordProblem(values)).toBeNull();
    await vm.submit({ ...values, userPassword: 'joiner joiner joiner' });
    expect(vm.fieldErrors.userPassword).toBeDefined();
    expect(api.received).toEqual([]);
    await vm.submit(values);
    expect(vm.status).toBe('sent');
    expect(vm.sentTo).toBe('nila@joiners.test');
  });

  it('explains a refused sign-up', async () => {
    const { vm } = signUpPage();
    await vm.load();
    await vm.submit({ ...values, userEmail: 'someone@random.test' });
    expect(vm.status).toBe('idle');
    expect(vm.error).toBe('This email cannot sign up to Acme.');
  });
});

describe('EmailVerifyViewModel', () => {
  const page = () => {
    const api = new FakeSignUpApi();
    return { vm: new EmailVerifyViewModel(new ConfirmEmail(api), new ResendConfirmation(api)), api };
  };

  it('confirms the link once, even when asked twice', async () => {
    const { vm, api } = page();
    await Promise.all([vm.confirm('live-code'), vm.confirm('live-code')]);
    expect(vm.status).toBe('confirmed');
    expect(vm.email).toBe('nila@joiners.test');
    expect(api.links.get('live-code')).toBe('used');
  });

  it('explains an expired link and sends a new one', async () => {
    const { vm, api } = page();
    await vm.confirm('old-code');
    expect(vm.status).toBe('refused');
    expect(vm.refusal?.reason).toBe('expired');
    await vm.requestNewLink('nila@joiners.test');
    expect(vm.resend.status).toBe('sent');
    expect(api.resent).toEqual(['nila@joiners.test']);
  });

  it('says an unknown link is not valid', async () => {
    const { vm } = page();
    await vm.confirm('made-up-code');
    expect(vm.refusal?.reason).toBe('not-found');
  });
});

describe('ProfilePictureViewModel', () => {
  const build = () => {
    const auth = new FakeAuthApi();
    const sessions = new FakeSessionStore();
    const session = new SessionViewModel(new RefreshCurrentUser(auth, sessions), new SignOut(auth, sessions));
    session.signedIn({ ...ADMIN, profileImageUrl: null });
    const api = new FakeSignUpApi();
    return {
      vm: new ProfilePictureViewModel(new ChangeProfilePicture(api), new RemoveProfilePicture(api), session),
      session,
      api,
    };
  };
  const file = (type: string, name: string) => new File([new Uint8Array(50)], name, { type });

  it('shows the new picture on the signed-in user (the shell avatar) and removes it', async () => {
    const { vm, session } = build();
    await vm.upload(file('image/png', 'me.png'));
    expect(vm.url).toContain('/profile-image/');
    expect(session.workspaceUser?.profileImageUrl).toBe(vm.url);
    expect(vm.notice).toBe('Profile picture updated');
    await vm.remove();
    expect(vm.url).toBeNull();
    expect(session.workspaceUser?.profileImageUrl).toBeNull();
  });

  it('says why a file is refused and keeps the picture', async () => {
    const { vm, api } = build();
    await vm.upload(file('image/gif', 'me.gif'));
    expect(vm.error).toBe('Choose a PNG, JPEG or WebP picture.');
    await vm.upload(file('image/png', 'sneaky.svg'));
    expect(vm.error).toMatch(/PNG, JPEG or WebP/);
    expect(vm.url).toBeNull();
    expect(api.uploads.length).toBe(1);
  });
});
