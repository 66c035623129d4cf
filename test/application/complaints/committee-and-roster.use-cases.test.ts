import { describe, expect, it } from 'vitest';
import type { CaseExtrasApi } from '../../../src/application/complaints/case-extras-api.port';
import type { ComplaintsApi } from '../../../src/application/complaints/complaints-api.port';
import type { InvestigationsApi } from '../../../src/application/complaints/investigations-api.port';
import { RecordOnBehalf } from '../../../src/application/complaints/record-on-behalf.use-case';
import { SaveCommittee } from '../../../src/application/complaints/save-committee.use-case';
import { SetInvestigatorActive } from '../../../src/application/complaints/set-investigator-active.use-case';
import type { OnBehalfBody } from '../../../src/contracts/case/intake.contract';
import { recordingPort, refusedField } from '../support/recording-port';

const body = { name: 'Internal Committee', termStart: '2026-01-01', termEnd: '2028-12-31', members: [] };

describe('the committee and the roster', () => {
  it('sets up a new committee for the whole workspace, and saves an existing one by its id', async () => {
    const { port, calls } = recordingPort<ComplaintsApi>({
      createCommittee: { committeeId: 'k1' },
      updateCommittee: { committeeId: 'k2' },
    });
    const save = new SaveCommittee(port);
    expect(await save.execute(null, body)).toEqual({ ok: true, committee: { committeeId: 'k1' } });
    expect(await save.execute('k2', body)).toEqual({ ok: true, committee: { committeeId: 'k2' } });
    expect(calls).toEqual([
      ['createCommittee', { ...body, branchId: null }],
      ['updateCommittee', 'k2', body],
    ]);
  });

  it("puts the law's composition refusal beside the members", async () => {
    const { port } = recordingPort<ComplaintsApi>({
      createCommittee: refusedField('members', 'At least half the members must be women'),
    });
    expect(await new SaveCommittee(port).execute(null, body)).toMatchObject({
      ok: false,
      reason: 'invalid',
      message: 'At least half the members must be women',
      fields: { members: 'At least half the members must be women' },
    });
  });

  it('takes an investigator off the round robin', async () => {
    const { port, calls } = recordingPort<InvestigationsApi>({
      setInvestigatorActive: { id: 'i1', name: 'Ines', active: false },
    });
    expect(await new SetInvestigatorActive(port).execute('i1', false)).toEqual({
      ok: true,
      investigator: { id: 'i1', name: 'Ines', active: false },
    });
    expect(calls).toEqual([['setInvestigatorActive', 'i1', false]]);
  });

  it('records a complaint for someone and answers its case number; a stranger to the workspace is refused', async () => {
    const behalf = { complainantUserId: 'u1', channel: 'ORAL_NOTICE' } as unknown as OnBehalfBody;
    const { port, calls } = recordingPort<CaseExtrasApi>({
      recordOnBehalf: { complaintId: 'c1', caseNumber: 'C-0042' },
    });
    expect(await new RecordOnBehalf(port).execute(behalf)).toEqual({
      ok: true,
      complaintId: 'c1',
      caseNumber: 'C-0042',
    });
    expect(calls).toEqual([['recordOnBehalf', behalf]]);
    const stranger = recordingPort<CaseExtrasApi>({
      recordOnBehalf: refusedField('complainantUserId', 'Not a person of this workspace'),
    });
    expect(await new RecordOnBehalf(stranger.port).execute(behalf)).toMatchObject({
      ok: false,
      fields: { complainantUserId: 'Not a person of this workspace' },
    });
  });
});
