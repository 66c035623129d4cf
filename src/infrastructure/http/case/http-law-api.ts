import { inject, injectable } from 'inversify';
import type { AnyReturn, LawApi } from '../../../application/law/law-api.port';
import {
  boardReturn,
  canadaAnnualReturn,
  employerDuties,
  legalRules,
  poshAnnualReturn,
  poshNotice,
  recordAwarenessEvent,
  returnInputs,
  returnsOverview,
  saveEmployerDuties,
  saveReturnInputs,
  type AwarenessEventBody,
  type EmployerDutiesBody,
  type ReturnInputs,
  type ReturnKind,
} from '../../../contracts/case/law.contract';
import { userSearch } from '../../../contracts/main/users.contract';
import { ApiClient, CaseHttp, MainHttp } from '../api-client';

/** The law area of the case API over HTTP (docs/law.md). */
@injectable()
export class HttpLawApi implements LawApi {
  constructor(
    @inject(CaseHttp) private readonly caseApi: ApiClient,
    @inject(MainHttp) private readonly main: ApiClient,
  ) {}

  async findPeople(text: string) {
    const people = await this.main.call(userSearch, { body: { searchText: text } });
    return people.map((p) => ({
      userId: p.userId,
      label: `${`${p.firstName} ${p.lastName}`.trim() || p.email} (${p.email})`,
    }));
  }

  legalRules() {
    return this.caseApi.call(legalRules);
  }

  employerDuties() {
    return this.caseApi.call(employerDuties);
  }

  saveEmployerDuties(body: EmployerDutiesBody) {
    return this.caseApi.call(saveEmployerDuties, { body });
  }

  recordAwarenessEvent(body: AwarenessEventBody) {
    return this.caseApi.call(recordAwarenessEvent, { body });
  }

  poshNotice() {
    return this.caseApi.call(poshNotice);
  }

  returnsOverview() {
    return this.caseApi.call(returnsOverview);
  }

  returnInputs() {
    return this.caseApi.call(returnInputs);
  }

  saveReturnInputs(body: ReturnInputs) {
    return this.caseApi.call(saveReturnInputs, { body });
  }

  async returnFigures(kind: ReturnKind, period: string): Promise<AnyReturn> {
    if (kind === 'BOARD') return this.caseApi.call(boardReturn, { query: { financialYear: period, format: 'json' } });
    const query = { year: Number(period), format: 'json' as const };
    return kind === 'POSH_ANNUAL'
      ? this.caseApi.call(poshAnnualReturn, { query })
      : this.caseApi.call(canadaAnnualReturn, { query });
  }

  async returnFile(kind: ReturnKind, period: string, format: 'pdf' | 'xlsx'): Promise<Blob> {
    const contract = kind === 'BOARD' ? boardReturn : kind === 'POSH_ANNUAL' ? poshAnnualReturn : canadaAnnualReturn;
    const query = kind === 'BOARD' ? { financialYear: period, format } : { year: period, format };
    return (await this.caseApi.send(contract, { query })).blob();
  }
}
