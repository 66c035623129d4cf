import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { SignIn } from '../../src/application/auth/sign-in.use-case';
import { ReadImportHeaders } from '../../src/application/imports/read-import-headers.use-case';
import { createContainer } from '../../src/infrastructure/container';
import { FeatureFlagPoller } from '../../src/infrastructure/flags/feature-flag-poller';
import { loadArea } from '../../src/ui/app/areas';
import { shellViewModels } from '../../src/ui/app/shell.bindings';
import { authViewModelWiring } from '../../src/ui/auth/auth.wiring';
import { authWiring } from '../../src/infrastructure/auth.wiring';
import { platformWiring } from '../../src/infrastructure/platform.wiring';
import { LightContainer } from '../../src/infrastructure/light-container';
import { ClaimInviteViewModel } from '../../src/ui/auth/claim-invite.view-model';
import { EmailVerifyViewModel } from '../../src/ui/auth/email-verify.view-model';
import { ForgotPasswordViewModel } from '../../src/ui/auth/forgot-password.view-model';
import { SignInViewModel } from '../../src/ui/auth/sign-in.view-model';
import { SignUpViewModel } from '../../src/ui/auth/sign-up.view-model';
import { SessionViewModel } from '../../src/ui/shell/session.view-model';
import { ShellViewModel } from '../../src/ui/shell/shell.view-model';
import { SiteStatusViewModel } from '../../src/ui/shell/site-status.view-model';
import { ACME_SITE, FakeSessionStore } from '../fakes/auth.fakes';

function compose(maxUploadBytes = 20 * 1024 * 1024) {
  const requests: string[] = [];
  const container = createContainer({
    config: {
      mainApiUrl: 'http://acme.localhost/main-api',
      learningApiUrl: 'http://acme.localhost/learning-api',
      caseApiUrl: 'http://acme.localhost/case-api',
      mainHost: 'localhost',
      socialSignIn: [],
      maxUploadBytes,
    },
    site: ACME_SITE,
    sessions: new FakeSessionStore(),
    onUnauthorized: () => {},
    fetch: async (input) => {
      requests.push(input instanceof Request ? input.url : String(input));
      return Response.json([]);
    },
  });
  container.load(shellViewModels);
  return { container, requests };
}

describe('the composition root', () => {
  it('builds every shell view-model and use case with its dependencies', () => {
    const { container } = compose();
    expect(container.get(SignIn)).toBeInstanceOf(SignIn);
    expect(container.get(SignInViewModel)).toBeInstanceOf(SignInViewModel);
    expect(container.get(ShellViewModel)).toBeInstanceOf(ShellViewModel);
    expect(container.get(SiteStatusViewModel)).toBeInstanceOf(SiteStatusViewModel);
  });

  it('keeps one session and one flag poller, and a fresh view-model per screen', () => {
    const { container } = compose();
    expect(container.get(SessionViewModel)).toBe(container.get(SessionViewModel));
    expect(container.get(FeatureFlagPoller)).toBe(container.get(FeatureFlagPoller));
    expect(container.get(SignInViewModel)).not.toBe(container.get(SignInViewModel));
  });

  it('sends calls to the base URLs of the runtime configuration', async () => {
    const { container, requests } = compose();
    await container.get(FeatureFlagPoller).pollNow();
    expect(requests).toEqual(['http://acme.localhost/main-api/api/feature-flags']);
  });

  it('binds each area once, when first asked', async () => {
    const { container } = compose();
    await Promise.all([loadArea(container, 'courses'), loadArea(container, 'courses')]);
    await loadArea(container, 'imports');
    await loadArea(container, 'workflows');
    // Loading again must not bind twice (which would make resolution ambiguous).
    await loadArea(container, 'courses');
    expect(container.get(SignIn)).toBeInstanceOf(SignIn);
    // The first import of three areas' modules goes through vite's transform: seconds on a busy machine. This test is
    // about binding, not speed (the bundle bench measures loading), so it gets more than vitest's 5 s default.
  }, 30_000);

  it("refuses an import file over the server's upload limit, read from the runtime configuration", async () => {
    const { container, requests } = compose(1024);
    await loadArea(container, 'imports');
    const read = container.get(ReadImportHeaders);
    const file = { name: 'users.csv', content: new Blob(['x'.repeat(2048)]) };
    expect(await read.execute(file)).toMatchObject({
      ok: false,
      reason: 'too-large',
      message: 'The file is too large: the limit is 1 KB.',
    });
    expect(requests).toEqual([]);
  });

  it('gives the light sign-in entry every view-model its pages use from the factory lists, without Inversify or the shell', async () => {
    const requests: string[] = [];
    const input = {
      config: {
        mainApiUrl: '/main-api',
        learningApiUrl: '/learning-api',
        caseApiUrl: '/case-api',
        mainHost: 'localhost',
        socialSignIn: [],
        maxUploadBytes: 1024,
      },
      site: ACME_SITE,
      sessions: new FakeSessionStore(),
      onUnauthorized: () => {},
      fetch: async (request: RequestInfo | URL) => {
        requests.push(request instanceof Request ? request.url : String(request));
        return Response.json([]);
      },
    };
    const container = new LightContainer(
      platformWiring({ ...input, config: { ...input.config, mainApiUrl: 'http://acme.localhost/main-api' } }),
      authWiring,
      authViewModelWiring,
    );
    const viewModels: (new (...args: any[]) => object)[] = [
      SignInViewModel,
      ForgotPasswordViewModel,
      ClaimInviteViewModel,
      SignUpViewModel,
      EmailVerifyViewModel,
      SiteStatusViewModel,
    ];
    for (const viewModel of viewModels) {
      expect(container.get(viewModel)).toBeInstanceOf(viewModel);
    }
    // The same lifetimes as the app's container: one session and one poller, a fresh view-model per screen.
    expect(container.get(SessionViewModel)).toBe(container.get(SessionViewModel));
    expect(container.get(FeatureFlagPoller)).toBe(container.get(FeatureFlagPoller));
    expect(container.get(SignInViewModel)).not.toBe(container.get(SignInViewModel));
    expect(container.isBound(ShellViewModel)).toBe(false);
    expect(() => container.get(ShellViewModel)).toThrow('Nothing is wired for ShellViewModel');
    await container.get(FeatureFlagPoller).pollNow();
    expect(requests).toEqual(['http://acme.localhost/main-api/api/feature-flags']);
  });

  it('refuses a factory list that wires one token twice', () => {
    expect(() => new LightContainer(authWiring, authWiring)).toThrow('wired twice');
  });
});
