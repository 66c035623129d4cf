import { describe, expect, it } from 'vitest';
import type { IntakeApi } from '../../../src/application/complaints/intake-api.port';
import {
  AskConciliationAsReporter,
  AskInterimReliefAsReporter,
  ConfirmReceiptKey,
  FileReport,
  SignInWithReceipt,
  SignOutOfReceipt,
} from '../../../src/application/complaints/reporter.use-cases';
import { ApiError } from '../../../src/application/shared/api-error';
import { recordingPort, refusedField } from '../support/recording-port';

const receipt = { caseNumber: 'C-0007', receiptKey: '1234 5678', session: 's-1' };
const event = { eventId: 'e1', kind: 'CONCILIATION_REQUESTED', details: {}, recordedBy: 'You', createdAt: 'x' };

describe("the reporter's writes on the public /report page (through the receipt)", () => {
  it('files the report and answers its receipt; a refused field stays beside the field', async () => {
    const body = { incident: { details: 'It happened', date: '2026-11-01', witnesses: [] } } as never;
    const { port, calls } = recordingPort<IntakeApi>({ file: receipt });
    expect(await new FileReport(port).execute(body)).toEqual({ ok: true, receipt });
    expect(calls).toEqual([['file', body]]);
    const refused = recordingPort<IntakeApi>({ file: refusedField('incident.date', 'The date cannot be ahead') });
    expect(await new FileReport(refused.port).execute(body)).toMatchObject({
      ok: false,
      reason: 'invalid',
      fields: { 'incident.date': 'The date cannot be ahead' },
    });
  });

  it('opens a session with the key; too many wrong keys is a refusal, not a failure', async () => {
    const { port, calls } = recordingPort<IntakeApi>({ signIn: { session: 's-2', sessionExpiresAt: 'x' } });
    expect(await new SignInWithReceipt(port).execute('1234 5678', null)).toEqual({ ok: true, session: 's-2' });
    expect(calls).toEqual([['signIn', '1234 5678', null]]);
    const many = recordingPort<IntakeApi>({ signIn: new ApiError('rate-limited', 'TOO_MANY', 'Try again later') });
    expect(await new SignInWithReceipt(many.port).execute('0000', 'pw')).toMatchObject({
      ok: false,
      reason: 'rate-limited',
      message: 'Try again later',
    });
  });

  it('confirms the key typed back; a wrong key is refused in the server’s words', async () => {
    const { port, calls } = recordingPort<IntakeApi>({ confirmKey: undefined });
    expect(await new ConfirmReceiptKey(port).execute('s-1', '1234 5678')).toEqual({ ok: true });
    expect(calls).toEqual([['confirmKey', 's-1', '1234 5678']]);
    const wrong = recordingPort<IntakeApi>({ confirmKey: refusedField('receiptKey', 'That is not the key') });
    expect(await new ConfirmReceiptKey(wrong.port).execute('s-1', '9')).toMatchObject({
      ok: false,
      fields: { receiptKey: 'That is not the key' },
    });
  });

  it('asks for interim relief and conciliation with the session; a server failure is thrown on', async () => {
    const relief = { relief: 'LEAVE', leaveMonths: 1, details: 'Time away' } as never;
    const { port, calls } = recordingPort<IntakeApi>({ requestInterimRelief: event, requestConciliation: event });
    expect(await new AskInterimReliefAsReporter(port).execute('s-1', relief)).toEqual({ ok: true, event });
    expect(await new AskConciliationAsReporter(port).execute('s-1', '')).toEqual({ ok: true, event });
    expect(calls).toEqual([
      ['requestInterimRelief', 's-1', relief],
      ['requestConciliation', 's-1', ''],
    ]);
    const down = recordingPort<IntakeApi>({ requestConciliation: new ApiError('server-error', 'DOWN', 'Unavailable') });
    await expect(new AskConciliationAsReporter(down.port).execute('s-1', '')).rejects.toThrow('Unavailable');
  });

  it('ends the session; an already ended one is still a success (the page forgets it either way)', async () => {
    const { port, calls } = recordingPort<IntakeApi>({ signOut: undefined });
    expect(await new SignOutOfReceipt(port).execute('s-1')).toEqual({ ok: true });
    expect(calls).toEqual([['signOut', 's-1']]);
    const ended = recordingPort<IntakeApi>({ signOut: new ApiError('signed-out', 'RECEIPT_EXPIRED', 'Ended') });
    expect(await new SignOutOfReceipt(ended.port).execute('s-1')).toEqual({ ok: true });
  });
});
