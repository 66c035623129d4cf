import { SignIn } from '../../src/application/auth/sign-in.use-case';
import { ACME_SITE, FakeAuthApi, FakeSessionStore } from '../../test/fakes/auth.fakes';

/**
 * Signing in, with no browser and no server: the use case takes its ports in its constructor (the auth API, where the
 * session token is kept, which site this is) and is run with `execute`. The fakes answer as the server would.
 */
export async function signInExample() {
  const auth = new FakeAuthApi();
  const sessions = new FakeSessionStore();
  const outcome = await new SignIn(auth, sessions, ACME_SITE).execute({
    identifier: 'admin@acme.test',
    password: 'correct horse battery',
  });
  return { outcome, token: sessions.token(), sent: auth.received[0] };
}
