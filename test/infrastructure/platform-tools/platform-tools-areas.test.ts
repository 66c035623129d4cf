import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { createContainer } from '../../../src/infrastructure/container';
import { loadArea } from '../../../src/ui/app/areas';
import { shellViewModels } from '../../../src/ui/app/shell.bindings';
import { ManualViewModel } from '../../../src/ui/manual/manual.view-model';
import { AllowListViewModel } from '../../../src/ui/platform-tools/allow-list.view-model';
import { FlagsViewModel } from '../../../src/ui/platform-tools/flags.view-model';
import { IpRangesViewModel } from '../../../src/ui/platform-tools/ip-ranges.view-model';
import { ManualPublishViewModel } from '../../../src/ui/platform-tools/manual-publish.view-model';
import { PlatformUsersViewModel } from '../../../src/ui/platform-tools/users.view-model';
import { ACME_SITE, FakeSessionStore } from '../../fakes/auth.fakes';

function compose() {
  const requests: string[] = [];
  const container = createContainer({
    config: {
      mainApiUrl: 'http://localhost/main-api',
      learningApiUrl: 'http://localhost/learning-api',
      caseApiUrl: 'http://localhost/case-api',
      mainHost: 'localhost',
      socialSignIn: [],
      maxUploadBytes: 20 * 1024 * 1024,
    },
    site: ACME_SITE,
    sessions: new FakeSessionStore(),
    onUnauthorized: () => {},
    fetch: async (input) => {
      requests.push(input instanceof Request ? input.url : String(input));
      return Response.json({ manual: null });
    },
  });
  container.load(shellViewModels);
  return { container, requests };
}

describe('the platform tools and manual areas in the composition root', () => {
  it('builds every platform tools view-model once the area is loaded', async () => {
    const { container } = compose();
    expect(container.isBound(FlagsViewModel)).toBe(false);
    await loadArea(container, 'platformTools');
    expect(container.get(FlagsViewModel)).toBeInstanceOf(FlagsViewModel);
    expect(container.get(IpRangesViewModel)).toBeInstanceOf(IpRangesViewModel);
    expect(container.get(ManualPublishViewModel)).toBeInstanceOf(ManualPublishViewModel);
    expect(container.get(AllowListViewModel)).toBeInstanceOf(AllowListViewModel);
    expect(container.get(PlatformUsersViewModel)).toBeInstanceOf(PlatformUsersViewModel);
  });

  it('gives the workspace its manual reader, calling the main API', async () => {
    const { container, requests } = compose();
    await loadArea(container, 'manual');
    const vm = container.get(ManualViewModel);
    await vm.load();
    expect(vm.manual.status).toBe('ready');
    expect(requests).toEqual(['http://localhost/main-api/api/user-manual']);
  });
});
