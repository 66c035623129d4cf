import { inject, injectable } from 'inversify';
import type { CommitteeDisagreementsApi } from '../../../application/law/committee-disagreements-api.port';
import {
  committeeDisagreements,
  deleteCommitteeDisagreement,
  recordCommitteeDisagreement,
  type CommitteeDisagreementBody,
} from '../../../contracts/case/committee-disagreements.contract';
import { ApiClient, CaseHttp } from '../api-client';

/** The disagreements with the workplace committee over HTTP (docs/law.md, CA-09). */
@injectable()
export class HttpCommitteeDisagreementsApi implements CommitteeDisagreementsApi {
  constructor(@inject(CaseHttp) private readonly api: ApiClient) {}

  async disagreements() {
    return (await this.api.call(committeeDisagreements)).items;
  }

  record(body: CommitteeDisagreementBody) {
    return this.api.call(recordCommitteeDisagreement, { body });
  }

  async remove(id: string) {
    await this.api.call(deleteCommitteeDisagreement, { params: { id } });
  }
}
