import 'reflect-metadata';
import type { ContainerModule, ContainerModuleLoadOptions } from 'inversify';
import { describe, expect, it } from 'vitest';
import { AREA_MODULES, createContainer, type Area } from '../../src/infrastructure/container';
import { AREA_VIEW_MODELS, loadArea } from '../../src/ui/app/areas';
import { shellViewModels } from '../../src/ui/app/shell.bindings';
import { ACME_SITE, FakeSessionStore } from '../fakes/auth.fakes';

/** The service identifiers a module binds, read by loading it against a recorder instead of a container. */
async function boundBy(module: ContainerModule): Promise<unknown[]> {
  const ids: unknown[] = [];
  // Every step of inversify's fluent syntax (to, toSelf, inSingletonScope, when...) answers the same recorder.
  const fluent: object = new Proxy(() => fluent, { get: () => () => fluent });
  const options = {
    bind: (id: unknown) => {
      ids.push(id);
      return fluent;
    },
    isBound: () => false,
    onActivation: () => {},
    onDeactivation: () => {},
    rebind: () => fluent,
    rebindAsync: async () => fluent,
    unbind: () => {},
    unbindAsync: async () => {},
  } as unknown as ContainerModuleLoadOptions;
  await module.load(options);
  return ids;
}

function nameOf(id: unknown): string {
  return typeof id === 'function' ? id.name : String(id);
}

function compose() {
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
    fetch: async () => Response.json({ items: [], page: 0, pageSize: 20, total: 0 }),
  });
  container.load(shellViewModels);
  return container;
}

const AREAS = Object.keys(AREA_VIEW_MODELS) as Area[];

// Each case imports an area's whole module graph on first use: allow for a busy machine.
describe('every binding of the composition root resolves', { timeout: 30_000 }, () => {
  it('the shell: each view-model every page may need', async () => {
    const container = compose();
    const ids = await boundBy(shellViewModels);
    expect(ids.length).toBeGreaterThan(0);
    const broken = ids.filter((id) => !resolves(() => container.get(id as never)));
    expect(broken.map(nameOf)).toEqual([]);
  });

  it.each(AREAS)(
    'the %s area: its adapters, use cases and view-models, with only the shell and that area loaded',
    async (area) => {
      const container = compose();
      await loadArea(container, area);
      const viewModels = await boundBy(await AREA_VIEW_MODELS[area]());
      expect(viewModels.length).toBeGreaterThan(0);
      const ids = [...(await boundBy(await AREA_MODULES[area]())), ...viewModels];
      const failures = ids.flatMap((id) => {
        try {
          container.get(id as never);
          return [];
        } catch (error) {
          return [`${nameOf(id)}: ${(error as Error).message.split('\n')[0]}`];
        }
      });
      expect(failures).toEqual([]);
    },
  );

  it('knows every area there is', () => {
    expect(AREAS.sort()).toEqual((Object.keys(AREA_MODULES) as Area[]).sort());
  });
});

function resolves(get: () => unknown): boolean {
  try {
    get();
    return true;
  } catch {
    return false;
  }
}
