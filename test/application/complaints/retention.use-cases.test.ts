import { describe, expect, it } from 'vitest';
import type { RetentionApi } from '../../../src/application/complaints/retention-api.port';
import { PostponePurge } from '../../../src/application/complaints/postpone-purge.use-case';
import { SaveRetentionSettings } from '../../../src/application/complaints/save-retention-settings.use-case';
import { SetLegalHold } from '../../../src/application/complaints/set-legal-hold.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import { recordingPort, refusedField } from '../support/recording-port';

const state = { caseNumber: 'POSH-2026-001', status: 'KEPT', keptBecause: 'LEGAL_HOLD' };

describe('the retention of closed cases', () => {
  it('places a legal hold on the case with its reason, and shows the case kept', async () => {
    const { port, calls } = recordingPort<RetentionApi>({ setLegalHold: state });
    const outcome = await new SetLegalHold(port).execute('c1', { hold: true, reason: 'Court order' });
    expect(outcome).toEqual({ ok: true, state });
    expect(calls).toEqual([['setLegalHold', 'c1', { hold: true, reason: 'Court order' }]]);
  });

  it("answers the server's refusal of a short reason beside the field", async () => {
    const { port } = recordingPort<RetentionApi>({ setLegalHold: refusedField('reason', 'Give the reason') });
    expect(await new SetLegalHold(port).execute('c1', { hold: false, reason: 'x' })).toMatchObject({
      ok: false,
      reason: 'invalid',
      fields: { reason: 'Give the reason' },
    });
  });

  it('postpones the purge to the day chosen; a case that is not closed is a conflict', async () => {
    const { port, calls } = recordingPort<RetentionApi>({ postpone: state });
    expect(await new PostponePurge(port).execute('c1', { until: '2030-01-01', reason: 'Appeal' })).toEqual({
      ok: true,
      state,
    });
    expect(calls).toEqual([['postpone', 'c1', { until: '2030-01-01', reason: 'Appeal' }]]);
    const open = recordingPort<RetentionApi>({ postpone: new ApiError('conflict', 'OPEN', 'The case is still open') });
    expect(await new PostponePurge(open.port).execute('c1', { until: '2030-01-01', reason: 'x' })).toMatchObject({
      ok: false,
      reason: 'conflict',
      message: 'The case is still open',
    });
  });

  it('saves the periods and the warning lead; a lost session is not a refusal (thrown on)', async () => {
    const body = {
      periods: { UPHELD: 5, NOT_UPHELD: 3, SETTLED_BY_CONCILIATION: 3, WITHDRAWN: 1, REFERRED: null },
      warnDays: 30,
    };
    const { port, calls } = recordingPort<RetentionApi>({ saveSettings: body });
    expect(await new SaveRetentionSettings(port).execute(body)).toEqual({ ok: true, settings: body });
    expect(calls).toEqual([['saveSettings', body]]);
    const gone = recordingPort<RetentionApi>({
      saveSettings: new ApiError('signed-out', 'SIGNED_OUT', 'Sign in again'),
    });
    await expect(new SaveRetentionSettings(gone.port).execute(body)).rejects.toThrow('Sign in again');
  });
});
