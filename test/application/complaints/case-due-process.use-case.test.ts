import { describe, expect, it } from 'vitest';
import type { ComplaintsApi } from '../../../src/application/complaints/complaints-api.port';
import { ChangePartyContact } from '../../../src/application/complaints/change-party-contact.use-case';
import { CloseCase } from '../../../src/application/complaints/close-case.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import type { ComplaintDetail } from '../../../src/contracts/case/complaints.contract';

/** A fake of the two calls, recording what was sent. */
function fakeApi(refuse?: ApiError) {
  const sent: unknown[] = [];
  const api = {
    async changeContact(id: string, party: string, change: object) {
      sent.push({ id, party, change });
      if (refuse) throw refuse;
      return { complaintId: id } as ComplaintDetail;
    },
    async close(id: string, outcome: string, summary: string, override?: object) {
      sent.push({ id, outcome, summary, override });
      if (refuse) throw refuse;
      return { complaintId: id, status: 'CLOSED' } as ComplaintDetail;
    },
  } as unknown as ComplaintsApi;
  return { api, sent };
}

const detail = {
  complaintId: 'c1',
  complainant: { name: 'Esha', email: 'esha@acme.test', gender: null, phone: null },
  respondent: { name: 'Rahul', email: null, gender: null, phone: null, description: null },
};

describe('ChangePartyContact', () => {
  it('sends only what changed; an emptied detail is sent empty (cleared)', async () => {
    const { api, sent } = fakeApi();
    const outcome = await new ChangePartyContact(api).execute(detail, 'RESPONDENT', {
      name: 'Rahul',
      email: ' r@acme.test ',
      phone: '',
    });
    expect(outcome.ok).toBe(true);
    expect(sent).toEqual([{ id: 'c1', party: 'RESPONDENT', change: { email: 'r@acme.test' } }]);
  });

  it('never sends the complainant’s name, refuses an empty complainant email and an unchanged form before any call', async () => {
    const { api, sent } = fakeApi();
    const uc = new ChangePartyContact(api);
    expect(await uc.execute(detail, 'COMPLAINANT', { name: 'Other', email: '' })).toMatchObject({
      ok: false,
      fields: { email: 'Enter the complainant’s email' },
    });
    expect(await uc.execute(detail, 'RESPONDENT', { name: 'Rahul' })).toMatchObject({
      ok: false,
      message: 'Nothing changed',
    });
    expect(sent).toEqual([]);
    await uc.execute(detail, 'COMPLAINANT', { name: 'Other', email: 'esha@acme.test', phone: '+91 1' });
    expect(sent).toEqual([{ id: 'c1', party: 'COMPLAINANT', change: { phone: '+91 1' } }]);
  });

  it('a refusal of the server comes back with its field', async () => {
    const { api } = fakeApi(
      new ApiError('conflict', 'COPY_SENT', 'The copy was sent', { email: 'The copy was sent to this address' }),
    );
    expect(await new ChangePartyContact(api).execute(detail, 'RESPONDENT', { email: 'x@acme.test' })).toMatchObject({
      ok: false,
      reason: 'conflict',
      fields: { email: 'The copy was sent to this address' },
    });
  });
});

describe('CloseCase', () => {
  const open = {
    complaintId: 'c1',
    dueProcess: { waitsFor: [], mandatoryOpen: ['Inform respondent'], closeOverride: null, appeal: null },
  };

  it('with no mandatory step open, closes without an override', async () => {
    const { api, sent } = fakeApi();
    expect(
      (
        await new CloseCase(api).execute(
          { ...open, dueProcess: { ...open.dueProcess, mandatoryOpen: [] } },
          { outcome: 'UPHELD', summary: 'Upheld', reasons: 'ignored' },
        )
      ).ok,
    ).toBe(true);
    expect(sent).toEqual([{ id: 'c1', outcome: 'UPHELD', summary: 'Upheld', override: undefined }]);
  });

  it('with one open, asks for reasons before any call, then sends them as the override', async () => {
    const { api, sent } = fakeApi();
    const uc = new CloseCase(api);
    expect(await uc.execute(open, { outcome: 'WITHDRAWN', summary: 'Withdrawn', reasons: '  ' })).toMatchObject({
      ok: false,
      fields: { reasons: expect.any(String) },
    });
    expect(sent).toEqual([]);
    await uc.execute(open, { outcome: 'WITHDRAWN', summary: 'Withdrawn', reasons: ' Withdrawn before service. ' });
    expect(sent).toEqual([
      { id: 'c1', outcome: 'WITHDRAWN', summary: 'Withdrawn', override: { reasons: 'Withdrawn before service.' } },
    ]);
  });
});
