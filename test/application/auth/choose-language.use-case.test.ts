import { describe, expect, it } from 'vitest';
import { ChooseLanguage } from '../../../src/application/auth/choose-language.use-case';
import type { CurrentUser } from '../../../src/contracts/main/auth.contract';
import { ADMIN, FakeAuthApi } from '../../fakes/auth.fakes';

type WorkspaceUser = Extract<CurrentUser, { kind: 'user' }>;
const inIndia = {
  ...(ADMIN as WorkspaceUser),
  workspace: {
    ...(ADMIN as WorkspaceUser).workspace,
    languages: ['ENGLISH', 'HINDI', 'KANNADA', 'TELUGU', 'TAMIL', 'MARATHI'] as const,
  },
} as WorkspaceUser;

describe('ChooseLanguage', () => {
  it('stores the chosen language on the profile, keeping the name, and goes back to the default with null', async () => {
    const auth = new FakeAuthApi({
      email: 'admin@acme.test',
      username: 'acme.admin',
      phone: '',
      password: 'x',
      user: inIndia,
    });
    const chosen = await new ChooseLanguage(auth).execute(inIndia, 'KANNADA');
    expect(chosen).toMatchObject({ ok: true, user: { language: 'KANNADA', firstName: inIndia.firstName } });
    expect(await new ChooseLanguage(auth).execute(inIndia, null)).toMatchObject({ ok: true, user: { language: null } });
  });

  it('refuses a language the workspace does not offer without calling the API', async () => {
    const auth = new FakeAuthApi({
      email: 'admin@acme.test',
      username: 'acme.admin',
      phone: '',
      password: 'x',
      user: inIndia,
    });
    expect(await new ChooseLanguage(auth).execute(inIndia, 'FRENCH')).toMatchObject({
      ok: false,
      reason: 'invalid',
      code: 'not-offered',
    });
    expect(((await auth.currentUser()) as WorkspaceUser).language).toBeUndefined();
  });
});
