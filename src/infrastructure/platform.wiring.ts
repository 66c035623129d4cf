import { FlagsApi, OrganisationApi } from '../application/shared/main-reads.port';
import { SessionStore } from '../application/shared/session-store.port';
import { SiteInfo } from '../application/shared/site';
import { RuntimeConfigKey, type RuntimeConfig } from './config/runtime-config';
import { FeatureFlagPoller } from './flags/feature-flag-poller';
import { ApiClient, CaseHttp, LearningHttp, MainHttp } from './http/api-client';
import { HttpOrganisationApi } from './http/main/http-organisation-api';
import { factory, single, type Wiring } from './wiring';

export interface CompositionInput {
  config: RuntimeConfig;
  site: SiteInfo;
  sessions: SessionStore;
  /** What a lost session does: the browser goes to /signin. */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
}

/** What every page starts with: the runtime config, the site, the session store, the three API clients, the flag poller. */
export function platformWiring(input: CompositionInput): Wiring {
  const client = (baseUrl: string) =>
    new ApiClient({ baseUrl, sessions: input.sessions, onUnauthorized: input.onUnauthorized, fetch: input.fetch });
  return [
    single(SiteInfo, () => input.site),
    single(RuntimeConfigKey, () => input.config),
    single(SessionStore, () => input.sessions),
    single(MainHttp, () => client(input.config.mainApiUrl)),
    single(LearningHttp, () => client(input.config.learningApiUrl)),
    single(CaseHttp, () => client(input.config.caseApiUrl)),
    single(HttpOrganisationApi, (get) => new HttpOrganisationApi(get(MainHttp))),
    factory(OrganisationApi, (get) => get(HttpOrganisationApi)),
    factory(FlagsApi, (get) => get(HttpOrganisationApi)),
    single(FeatureFlagPoller, (get) => new FeatureFlagPoller(get<FlagsApi>(FlagsApi))),
  ];
}
