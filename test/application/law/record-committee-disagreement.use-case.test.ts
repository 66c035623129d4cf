import { describe, expect, it } from 'vitest';
import type { CommitteeDisagreementsApi } from '../../../src/application/law/committee-disagreements-api.port';
import { DeleteCommitteeDisagreement } from '../../../src/application/law/delete-committee-disagreement.use-case';
import { RecordCommitteeDisagreement } from '../../../src/application/law/record-committee-disagreement.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import type {
  CommitteeDisagreement,
  CommitteeDisagreementBody,
} from '../../../src/contracts/case/committee-disagreements.contract';

class FakeCommitteeDisagreementsApi implements CommitteeDisagreementsApi {
  recorded: CommitteeDisagreementBody[] = [];
  refuseDelete: ApiError | null = null;
  async disagreements(): Promise<CommitteeDisagreement[]> {
    return [];
  }
  async record(body: CommitteeDisagreementBody): Promise<CommitteeDisagreement> {
    this.recorded.push(body);
    return { ...body, id: 'd1', recordedOn: '2026-11-20', recordedByName: 'Ada Admin', keptUntil: '2036-11-20' };
  }
  async remove(): Promise<void> {
    if (this.refuseDelete) throw this.refuseDelete;
  }
}

const body = {
  subject: ' Car park lighting ',
  committeePosition: 'Lights and a guard',
  employerPosition: 'Lights only',
  occurredOn: '2026-11-03',
};

describe('recording a disagreement with the committee (CA-09)', () => {
  it('sends it trimmed and answers the record kept 10 years', async () => {
    const api = new FakeCommitteeDisagreementsApi();
    const outcome = await new RecordCommitteeDisagreement(api, () => '2026-11-20').execute(body);
    expect(outcome).toMatchObject({ ok: true, disagreement: { keptUntil: '2036-11-20' } });
    expect(api.recorded[0].subject).toBe('Car park lighting');
  });

  it('refuses a side left blank or a future day before any call, naming the field', async () => {
    const api = new FakeCommitteeDisagreementsApi();
    const record = new RecordCommitteeDisagreement(api, () => '2026-11-20');
    expect(await record.execute({ ...body, employerPosition: '  ' })).toMatchObject({
      ok: false,
      fields: { employerPosition: expect.any(String) },
    });
    expect(await record.execute({ ...body, occurredOn: '2026-11-21' })).toMatchObject({
      ok: false,
      fields: { occurredOn: 'Not a future day' },
    });
    expect(api.recorded).toEqual([]);
  });

  it('answers the server’s CA-09 refusal of a delete before the 10 years as a conflict', async () => {
    const api = new FakeCommitteeDisagreementsApi();
    api.refuseDelete = new ApiError('conflict', 'RECORD_KEPT', 'CA-09: kept until 2036-11-20', {});
    expect(await new DeleteCommitteeDisagreement(api).execute('d1')).toMatchObject({
      ok: false,
      reason: 'conflict',
      message: expect.stringMatching(/^CA-09/),
    });
  });
});
