import type {
  CommitteeDisagreement,
  CommitteeDisagreementBody,
} from '../../contracts/case/committee-disagreements.contract';

/** The employer's disagreements with the workplace committee (docs/law.md; CA-09, CA-12), kept 10 years. */
export const CommitteeDisagreementsApi = Symbol('CommitteeDisagreementsApi');
export interface CommitteeDisagreementsApi {
  /** @read */
  disagreements(): Promise<CommitteeDisagreement[]>;
  record(body: CommitteeDisagreementBody): Promise<CommitteeDisagreement>;
  remove(id: string): Promise<void>;
}
