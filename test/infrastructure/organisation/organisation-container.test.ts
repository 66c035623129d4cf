import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { createContainer } from '../../../src/infrastructure/container';
import { loadArea } from '../../../src/ui/app/areas';
import { shellViewModels } from '../../../src/ui/app/shell.bindings';
import { BrandingViewModel } from '../../../src/ui/organisation/branding.view-model';
import { BusinessUnitsViewModel } from '../../../src/ui/organisation/business-units.view-model';
import { DepartmentsViewModel } from '../../../src/ui/organisation/departments.view-model';
import { WorkspaceSettingsViewModel } from '../../../src/ui/organisation/workspace-settings.view-model';
import { ACME_SITE, FakeSessionStore } from '../../fakes/auth.fakes';

// Importing the area's module graph on first use: allow for a busy machine.
describe('the organisation area in the composition root', { timeout: 30_000 }, () => {
  it('binds its adapters, use cases and view-models when first visited, a fresh view-model per screen', async () => {
    const requests: string[] = [];
    const container = createContainer({
      config: {
        mainApiUrl: 'http://acme.localhost/main-api',
        learningApiUrl: 'http://acme.localhost/learning-api',
        caseApiUrl: 'http://acme.localhost/case-api',
        mainHost: 'localhost',
        socialSignIn: [],
        maxUploadBytes: 20 * 1024 * 1024,
      },
      site: ACME_SITE,
      sessions: new FakeSessionStore(),
      onUnauthorized: () => {},
      fetch: async (input) => {
        requests.push(input instanceof Request ? input.url : String(input));
        return Response.json({ items: [], page: 0, pageSize: 20, total: 0 });
      },
    });
    container.load(shellViewModels);
    expect(container.isBound(BusinessUnitsViewModel)).toBe(false);
    await loadArea(container, 'organisation');
    expect(container.get(BusinessUnitsViewModel)).toBeInstanceOf(BusinessUnitsViewModel);
    expect(container.get(DepartmentsViewModel)).toBeInstanceOf(DepartmentsViewModel);
    expect(container.get(BrandingViewModel)).toBeInstanceOf(BrandingViewModel);
    expect(container.get(WorkspaceSettingsViewModel)).toBeInstanceOf(WorkspaceSettingsViewModel);
    expect(container.get(BusinessUnitsViewModel)).not.toBe(container.get(BusinessUnitsViewModel));
    const units = container.get(BusinessUnitsViewModel);
    await units.load(1);
    expect(units.list.status).toBe('ready');
    expect(requests).toEqual(['http://acme.localhost/main-api/api/workspace/branches?page=0&pageSize=20']);
  });
});
