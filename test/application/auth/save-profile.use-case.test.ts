import { describe, expect, it } from 'vitest';
import { SaveProfile } from '../../../src/application/auth/save-profile.use-case';
import { ADMIN, FakeAuthApi } from '../../fakes/auth.fakes';

describe('SaveProfile', () => {
  it('saves the trimmed name and, on the first login, ends the welcome', async () => {
    const api = new FakeAuthApi({
      email: 'admin@acme.test',
      username: 'acme.admin',
      phone: '',
      password: 'x',
      user: { ...ADMIN, firstLogin: true },
    });
    const outcome = await new SaveProfile(api).execute({ firstName: ' Asha ', lastName: ' Rao ', firstLogin: true });
    expect(outcome).toMatchObject({ ok: true, user: { firstName: 'Asha', lastName: 'Rao', firstLogin: false } });
  });

  it('leaves the first-login flag alone on a plain profile edit', async () => {
    const api = new FakeAuthApi({
      email: 'admin@acme.test',
      username: 'acme.admin',
      phone: '',
      password: 'x',
      user: { ...ADMIN, firstLogin: true },
    });
    const outcome = await new SaveProfile(api).execute({ firstName: 'Asha', lastName: '' });
    expect(outcome).toMatchObject({ ok: true, user: { firstLogin: true } });
  });

  it('names an empty first name without calling the server', async () => {
    const api = new FakeAuthApi();
    expect(await new SaveProfile(api).execute({ firstName: '   ', lastName: 'Rao' })).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Enter your first name',
      fields: { firstName: 'Enter your first name' },
    });
  });
});
