import { inject, injectable } from 'inversify';
import {
  createApiKey,
  listApiKeys,
  revokeApiKey,
  scimSettings,
  updateScimSettings,
  type ApiKey,
  type ScimSettings,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '../../../contracts/main/api-keys.contract';
import type { ApiKeysApi } from '../../../application/integrations/api-keys.use-cases';
import { ApiClient, MainHttp } from '../api-client';

@injectable()
export class HttpApiKeysApi implements ApiKeysApi {
  constructor(@inject(MainHttp) private readonly main: ApiClient) {}

  async list(): Promise<ApiKey[]> {
    return (await this.main.call(listApiKeys)).items;
  }

  create(body: CreateApiKeyBody): Promise<CreatedApiKey> {
    return this.main.call(createApiKey, { body });
  }

  revoke(id: string): Promise<ApiKey> {
    return this.main.call(revokeApiKey, { params: { id } });
  }

  scimSettings(): Promise<ScimSettings> {
    return this.main.call(scimSettings);
  }

  updateScimSettings(settings: ScimSettings): Promise<ScimSettings> {
    return this.main.call(updateScimSettings, { body: settings });
  }
}
