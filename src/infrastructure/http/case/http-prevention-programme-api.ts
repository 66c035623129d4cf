import { inject, injectable } from 'inversify';
import type { PreventionProgrammeApi } from '../../../application/law/prevention-programme-api.port';
import {
  preventionProgramme,
  savePreventionProgramme,
  type PreventionProgrammeBody,
} from '../../../contracts/case/prevention-programme.contract';
import { ApiClient, CaseHttp } from '../api-client';

/** Canada's prevention programme over HTTP (docs/law.md). */
@injectable()
export class HttpPreventionProgrammeApi implements PreventionProgrammeApi {
  constructor(@inject(CaseHttp) private readonly api: ApiClient) {}

  programme() {
    return this.api.call(preventionProgramme);
  }

  save(body: PreventionProgrammeBody) {
    return this.api.call(savePreventionProgramme, { body });
  }
}
