import { describe, expect, it } from 'vitest';
import { ChangeProfilePicture, RemoveProfilePicture } from '../../../src/application/auth/profile-picture.use-case';
import { ConfirmEmail, ResendConfirmation, SignUp } from '../../../src/application/auth/sign-up.use-case';
import { FakeSignUpApi } from '../../fakes/sign-up.fakes';

const body = {
  firstName: 'Nila',
  lastName: 'Joiner',
  userEmail: 'nila@joiners.test',
  userPassword: 'lantern orchard velvet comet',
};

describe('SignUp', () => {
  it('holds the password rules before calling the server, and says why', async () => {
    const api = new FakeSignUpApi();
    const short = await new SignUp(api).execute({ ...body, userPassword: 'short one' });
    expect(short).toMatchObject({ ok: false, code: 'weak-password', fields: { userPassword: expect.any(String) } });
    if (!short.ok) expect(short.message).toMatch(/15/);
    const context = await new SignUp(api).execute({
      ...body,
      userPassword: 'acme acme acme acme',
      companyName: 'Acme',
    });
    expect(context).toMatchObject({ ok: false, code: 'weak-password' });
    expect(api.received).toEqual([]);
  });

  it('sends the sign-up and passes on the answer or the refusal', async () => {
    const api = new FakeSignUpApi();
    expect(await new SignUp(api).execute({ ...body, userEmail: ' nila@joiners.test ' })).toEqual({
      ok: true,
      message: 'Check your email.',
    });
    expect(api.received[0].userEmail).toBe('nila@joiners.test');
    expect(await new SignUp(api).execute({ ...body, userEmail: 'x@random.test' })).toMatchObject({
      ok: false,
      code: 'not-allowed',
      fields: { userEmail: expect.any(String) },
    });
    api.open = false;
    expect(await new SignUp(api).execute(body)).toMatchObject({ ok: false, code: 'closed' });
  });
});

describe('ConfirmEmail and ResendConfirmation', () => {
  it('confirms once, then says the email is already confirmed', async () => {
    const api = new FakeSignUpApi();
    expect(await new ConfirmEmail(api).execute('live-code')).toEqual({ ok: true, email: 'nila@joiners.test' });
    expect(await new ConfirmEmail(api).execute('live-code')).toMatchObject({ ok: false, reason: 'gone', code: 'used' });
    expect(await new ConfirmEmail(api).execute('old-code')).toMatchObject({
      ok: false,
      reason: 'gone',
      code: 'expired',
    });
  });

  it('asks for a new link with the email as typed, trimmed and lower-cased', async () => {
    const api = new FakeSignUpApi();
    await new ResendConfirmation(api).execute(' Nila@Joiners.TEST ');
    expect(api.resent).toEqual(['nila@joiners.test']);
  });
});

describe('ChangeProfilePicture', () => {
  const file = (size: number, type: string, name = 'me.png') =>
    Object.assign(new Blob([new Uint8Array(size)], { type }), { name });

  it('refuses another type, an empty file or one over 2 MB without asking for an upload address', async () => {
    const api = new FakeSignUpApi();
    const change = new ChangeProfilePicture(api);
    expect(await change.execute(file(10, 'image/gif'))).toMatchObject({
      ok: false,
      reason: 'invalid',
      message: 'Choose a PNG, JPEG or WebP picture.',
    });
    expect(await change.execute(file(0, 'image/png'))).toMatchObject({ ok: false });
    expect(await change.execute(file(2 * 1024 * 1024 + 1, 'image/png'))).toMatchObject({
      ok: false,
      reason: 'invalid',
      message: 'The picture is larger than 2 MB.',
    });
    expect(api.uploads).toEqual([]);
  });

  it('uploads to a fresh address each time and answers the new picture address', async () => {
    const api = new FakeSignUpApi();
    const change = new ChangeProfilePicture(api);
    expect(await change.execute(file(100, 'image/png'))).toMatchObject({
      ok: true,
      url: expect.stringContaining('/profile-image/'),
    });
    await change.execute(file(100, 'image/webp', 'me.webp'));
    expect(api.uploads.map((u) => u.token)).toEqual(['token-1', 'token-2']);
    await new RemoveProfilePicture(api).execute();
    expect(api.removed).toBe(1);
  });
});
