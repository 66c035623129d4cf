import type { ApiKey, CreateApiKeyBody, CreatedApiKey, ScimSettings } from '../../contracts/main/api-keys.contract';
import { attempt, invalid, type Refusal } from '../shared/refusal';

/** The workspace's API keys (workspace admins; docs/integrations.md). */
export const ApiKeysApi = Symbol('ApiKeysApi');
export interface ApiKeysApi {
  /** @read */
  list(): Promise<ApiKey[]>;
  create(body: CreateApiKeyBody): Promise<CreatedApiKey>;
  revoke(id: string): Promise<ApiKey>;
  /** @read */
  scimSettings(): Promise<ScimSettings>;
  updateScimSettings(settings: ScimSettings): Promise<ScimSettings>;
}

/** Creates a key; its secret is in the outcome, the only time it is ever seen. */
export class CreateApiKey {
  constructor(private readonly api: ApiKeysApi) {}

  async execute(input: CreateApiKeyBody): Promise<{ ok: true; created: CreatedApiKey } | Refusal> {
    if (!input.name.trim()) return invalid('Name the key', 'name');
    if (input.scopes.length === 0) return invalid('Choose at least one scope', 'scopes');
    const result = await attempt(() => this.api.create({ ...input, name: input.name.trim() }));
    return result.ok ? { ok: true, created: result.value } : result;
  }
}

/** Revokes a key: every later call with it is refused. */
export class RevokeApiKey {
  constructor(private readonly api: ApiKeysApi) {}

  async execute(id: string): Promise<{ ok: true; key: ApiKey } | Refusal> {
    const result = await attempt(() => this.api.revoke(id));
    return result.ok ? { ok: true, key: result.value } : result;
  }
}

/** Chooses what a SCIM Group is in this workspace: its departments or its business units. */
export class ChooseScimGroups {
  constructor(private readonly api: ApiKeysApi) {}

  async execute(groups: ScimSettings['groups']): Promise<{ ok: true; settings: ScimSettings } | Refusal> {
    const result = await attempt(() => this.api.updateScimSettings({ groups }));
    return result.ok ? { ok: true, settings: result.value } : result;
  }
}
