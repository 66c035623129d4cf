import { describe, expect, it } from 'vitest';
import type { ComplaintsApi } from '../../../src/application/complaints/complaints-api.port';
import { RecordAttendance } from '../../../src/application/complaints/record-attendance.use-case';
import { SignMinutes } from '../../../src/application/complaints/sign-minutes.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import type { ComplaintDetail } from '../../../src/contracts/case/complaints.contract';

/** A fake of the two hearing calls, recording what was sent. */
function fakeApi(refuse?: ApiError) {
  const sent: unknown[] = [];
  const api = {
    async recordAttendance(id: string, meetingId: string, body: object) {
      sent.push({ id, meetingId, body });
      if (refuse) throw refuse;
      return { complaintId: id } as ComplaintDetail;
    },
    async signMinutes(id: string, meetingId: string) {
      sent.push({ id, meetingId });
      if (refuse) throw refuse;
      return { complaintId: id } as ComplaintDetail;
    },
  } as unknown as ComplaintsApi;
  return { api, sent };
}

describe('RecordAttendance', () => {
  it('sends the members chosen, and the parties (null when not chosen)', async () => {
    const { api, sent } = fakeApi();
    const outcome = await new RecordAttendance(api).execute({ complaintId: 'c1' }, 'm1', {
      members: { po: 'PRESENT', a: 'ABSENT', b: undefined },
      complainant: 'PRESENT',
    });
    expect(outcome.ok).toBe(true);
    expect(sent).toEqual([
      {
        id: 'c1',
        meetingId: 'm1',
        body: {
          members: [
            { userId: 'po', status: 'PRESENT' },
            { userId: 'a', status: 'ABSENT' },
          ],
          complainant: 'PRESENT',
          respondent: null,
        },
      },
    ]);
  });

  it('refuses before any call when no member is recorded', async () => {
    const { api, sent } = fakeApi();
    expect(await new RecordAttendance(api).execute({ complaintId: 'c1' }, 'm1', { members: {} })).toMatchObject({
      ok: false,
      fields: { members: expect.any(String) },
    });
    expect(sent).toEqual([]);
  });
});

describe('SignMinutes', () => {
  it("returns the server's refusal naming the quorum (IN-06)", async () => {
    const { api } = fakeApi(
      new ApiError('conflict', 'QUORUM_NOT_MET', 'The minutes cannot be signed. IN-06: a hearing needs a quorum'),
    );
    expect(await new SignMinutes(api).execute({ complaintId: 'c1', callerPresides: true }, 'm1')).toMatchObject({
      ok: false,
      reason: 'conflict',
      message: expect.stringMatching(/IN-06/),
    });
  });

  it('is for the one presiding only', async () => {
    const { api, sent } = fakeApi();
    expect((await new SignMinutes(api).execute({ complaintId: 'c1', callerPresides: false }, 'm1')).ok).toBe(false);
    expect(sent).toEqual([]);
  });
});
