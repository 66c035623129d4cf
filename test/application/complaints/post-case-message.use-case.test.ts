import { describe, expect, it } from 'vitest';
import type { ComplaintsApi } from '../../../src/application/complaints/complaints-api.port';
import type { IntakeApi } from '../../../src/application/complaints/intake-api.port';
import { PostCaseMessage } from '../../../src/application/complaints/post-case-message.use-case';
import { PostReporterMessage } from '../../../src/application/complaints/post-reporter-message.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import type { CaseMessage } from '../../../src/contracts/case/complaints.contract';

/** The one call each use case makes: it keeps what was sent, or fails as the server does. */
class FakeMessages {
  sent: { to: string; audience?: string; body: string }[] = [];
  failure: Error | null = null;
  async message(to: string, audienceOrBody: string, body?: string): Promise<CaseMessage> {
    if (this.failure) throw this.failure;
    const audience = body === undefined ? undefined : audienceOrBody;
    const text = body ?? audienceOrBody;
    this.sent.push({ to, ...(audience ? { audience } : {}), body: text });
    return { messageId: `m${this.sent.length}`, audience: audience ?? 'COMMITTEE', body: text } as CaseMessage;
  }
}

describe('PostCaseMessage', () => {
  it('posts the trimmed message to the audience, and answers the message', async () => {
    const api = new FakeMessages();
    const outcome = await new PostCaseMessage(api as unknown as ComplaintsApi).execute(
      'c1',
      'RESPONDENT',
      ' Please reply by Friday. ',
    );
    expect(outcome).toMatchObject({ ok: true, message: { messageId: 'm1', body: 'Please reply by Friday.' } });
    expect(api.sent).toEqual([{ to: 'c1', audience: 'RESPONDENT', body: 'Please reply by Friday.' }]);
  });

  it('refuses an empty message on its field without asking the server', async () => {
    const api = new FakeMessages();
    expect(await new PostCaseMessage(api as unknown as ComplaintsApi).execute('c1', 'COMMITTEE', '  ')).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Enter a message',
      fields: { body: 'Enter a message' },
    });
    expect(api.sent).toEqual([]);
  });

  it("answers the server's refusal (a party may not write to the other) in its words, and throws on a failure", async () => {
    const api = new FakeMessages();
    const use = new PostCaseMessage(api as unknown as ComplaintsApi);
    api.failure = new ApiError('forbidden', 'FORBIDDEN', 'You may not write to this audience');
    expect(await use.execute('c1', 'RESPONDENT', 'Hello')).toEqual({
      ok: false,
      reason: 'forbidden',
      message: 'You may not write to this audience',
      fields: {},
    });
    api.failure = new ApiError('not-found', 'NOT_FOUND', 'This case does not exist');
    expect(await use.execute('other-workspace-case', 'COMMITTEE', 'Hello')).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
    api.failure = new ApiError('server-error', 'INTERNAL', 'Something went wrong');
    await expect(use.execute('c1', 'COMMITTEE', 'Hello')).rejects.toThrow('Something went wrong');
  });
});

describe('PostReporterMessage', () => {
  it('writes through the receipt session, trimmed, and refuses an empty message first', async () => {
    const api = new FakeMessages();
    const use = new PostReporterMessage(api as unknown as IntakeApi);
    expect(await use.execute('s-1', ' ')).toMatchObject({ ok: false, fields: { body: 'Enter a message' } });
    expect(await use.execute('s-1', ' One more witness. ')).toMatchObject({
      ok: true,
      message: { body: 'One more witness.' },
    });
    expect(api.sent).toEqual([{ to: 's-1', body: 'One more witness.' }]);
  });

  it('throws on an ended session (the page asks to sign in again), and answers a refusal', async () => {
    const api = new FakeMessages();
    const use = new PostReporterMessage(api as unknown as IntakeApi);
    api.failure = new ApiError('invalid', 'VALIDATION', 'Use at most 10000 characters', {
      body: 'Use at most 10000 characters',
    });
    expect(await use.execute('s-1', 'x')).toMatchObject({
      ok: false,
      reason: 'invalid',
      fields: { body: 'Use at most 10000 characters' },
    });
    api.failure = new ApiError('signed-out', 'RECEIPT_EXPIRED', 'Sign in again');
    await expect(use.execute('s-1', 'x')).rejects.toThrow('Sign in again');
  });
});
