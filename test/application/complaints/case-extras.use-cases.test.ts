import { describe, expect, it } from 'vitest';
import type { CaseExtrasApi } from '../../../src/application/complaints/case-extras-api.port';
import { ConfirmComplaint } from '../../../src/application/complaints/confirm-complaint.use-case';
import { DecideInterimRelief } from '../../../src/application/complaints/decide-interim-relief.use-case';
import { DenyCaseAccess } from '../../../src/application/complaints/deny-case-access.use-case';
import { RecordConciliation } from '../../../src/application/complaints/record-conciliation.use-case';
import { RequestConciliation } from '../../../src/application/complaints/request-conciliation.use-case';
import { RequestInterimRelief } from '../../../src/application/complaints/request-interim-relief.use-case';
import { RestoreCaseAccess } from '../../../src/application/complaints/restore-case-access.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import { recordingPort, refusedField } from '../support/recording-port';

const event = { eventId: 'e1', kind: 'INTERIM_RELIEF_REQUESTED' };
const denied = [{ userId: 'u2', name: 'Dev Manager' }];

describe("the case's further events", () => {
  it('confirms a complaint recorded for the caller; a case already confirmed is a conflict', async () => {
    const { port, calls } = recordingPort<CaseExtrasApi>({ confirm: undefined });
    expect(await new ConfirmComplaint(port).execute('c1')).toEqual({ ok: true });
    expect(calls).toEqual([['confirm', 'c1']]);
    const again = recordingPort<CaseExtrasApi>({ confirm: new ApiError('conflict', 'CONFIRMED', 'Already confirmed') });
    expect(await new ConfirmComplaint(again.port).execute('c1')).toMatchObject({ ok: false, reason: 'conflict' });
  });

  it('asks for interim relief and the committee decides it, each answering the recorded event', async () => {
    const { port, calls } = recordingPort<CaseExtrasApi>({ requestInterimRelief: event, decideInterimRelief: event });
    const body = { kind: 'TRANSFER', note: 'Move me to another team' } as never;
    expect(await new RequestInterimRelief(port).execute('c1', body)).toEqual({ ok: true, event });
    expect(await new DecideInterimRelief(port).execute('c1', 'e1', 'REFUSED', 'Not needed')).toEqual({
      ok: true,
      event,
    });
    expect(calls).toEqual([
      ['requestInterimRelief', 'c1', body],
      ['decideInterimRelief', 'c1', 'e1', 'REFUSED', 'Not needed'],
    ]);
  });

  it('asks for conciliation and records the settlement; terms refused come back beside the field', async () => {
    const { port, calls } = recordingPort<CaseExtrasApi>({ requestConciliation: event, recordConciliation: event });
    expect(await new RequestConciliation(port).execute('c1', 'Please')).toEqual({ ok: true, event });
    expect(await new RecordConciliation(port).execute('c1', 'An apology', true)).toEqual({ ok: true, event });
    expect(calls).toEqual([
      ['requestConciliation', 'c1', 'Please'],
      ['recordConciliation', 'c1', 'An apology', true],
    ]);
    const money = recordingPort<CaseExtrasApi>({
      recordConciliation: refusedField('terms', 'No monetary settlement may be the basis of conciliation'),
    });
    expect(await new RecordConciliation(money.port).execute('c1', 'Rs 10,000', true)).toMatchObject({
      ok: false,
      fields: { terms: 'No monetary settlement may be the basis of conciliation' },
    });
  });

  it('denies a person access and gives it back, answering who is denied now', async () => {
    const { port, calls } = recordingPort<CaseExtrasApi>({ denyAccess: denied, restoreAccess: [] });
    expect(await new DenyCaseAccess(port).execute('c1', 'u2', 'Conflict of interest')).toEqual({ ok: true, denied });
    expect(await new RestoreCaseAccess(port).execute('c1', 'u2')).toEqual({ ok: true, denied: [] });
    expect(calls).toEqual([
      ['denyAccess', 'c1', 'u2', 'Conflict of interest'],
      ['restoreAccess', 'c1', 'u2'],
    ]);
  });
});
