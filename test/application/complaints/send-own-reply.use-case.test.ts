import { describe, expect, it } from 'vitest';
import type { ComplaintsApi } from '../../../src/application/complaints/complaints-api.port';
import { SendOwnReply } from '../../../src/application/complaints/send-own-reply.use-case';
import type { OwnReplyBody } from '../../../src/contracts/case/case-runtime.contract';
import type { ComplaintDetail } from '../../../src/contracts/case/complaints.contract';
import { ApiError } from '../../../src/application/shared/api-error';

const MESSAGES = { empty: 'Write your reply first.', closed: 'The case is closed.' };

/** A fake of the one call the use case makes: it keeps what was sent, or refuses as the server does. */
class FakeComplaintsApi {
  sent: { id: string; body: OwnReplyBody }[] = [];
  refusal: ApiError | null = null;
  async sendOwnReply(id: string, body: OwnReplyBody): Promise<ComplaintDetail> {
    if (this.refusal) throw this.refusal;
    this.sent.push({ id, body });
    return { complaintId: id, ownReply: { dueOn: '2026-10-19', repliedOn: '2026-10-09' } } as ComplaintDetail;
  }
}

describe('SendOwnReply (IN-05)', () => {
  it('sends the trimmed reply and answers the case after it', async () => {
    const api = new FakeComplaintsApi();
    const outcome = await new SendOwnReply(api as unknown as ComplaintsApi).execute(
      { complaintId: 'c1', status: 'OPEN' },
      '  I deny it; my witness is A. Rao.  ',
      MESSAGES,
    );
    expect(outcome).toMatchObject({ ok: true, detail: { ownReply: { repliedOn: '2026-10-09' } } });
    expect(api.sent).toEqual([{ id: 'c1', body: { reply: 'I deny it; my witness is A. Rao.' } }]);
  });

  it('sends nothing empty or on a closed case', async () => {
    const api = new FakeComplaintsApi();
    const use = new SendOwnReply(api as unknown as ComplaintsApi);
    expect(await use.execute({ complaintId: 'c1', status: 'OPEN' }, '   ', MESSAGES)).toMatchObject({
      ok: false,
      fields: { reply: MESSAGES.empty },
    });
    expect(await use.execute({ complaintId: 'c1', status: 'CLOSED' }, 'Reply', MESSAGES)).toMatchObject({
      ok: false,
      message: MESSAGES.closed,
    });
    expect(api.sent).toEqual([]);
  });

  it("hands back the server's refusal of a second reply, naming IN-05", async () => {
    const api = new FakeComplaintsApi();
    api.refusal = new ApiError('conflict', 'ALREADY_REPLIED', 'IN-05: your reply was recorded on 2026-10-09', {
      reply: 'IN-05: your reply was recorded on 2026-10-09',
    });
    const outcome = await new SendOwnReply(api as unknown as ComplaintsApi).execute(
      { complaintId: 'c1', status: 'OPEN' },
      'Again',
      MESSAGES,
    );
    expect(outcome).toMatchObject({
      ok: false,
      reason: 'conflict',
      fields: { reply: expect.stringContaining('IN-05') },
    });
  });
});
