import { describe, expect, it } from 'vitest';
import { AcceptPolicy } from '../../../src/application/policies/accept-policy.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import { FakeWorkspacePolicyApi } from '../../fakes/workspace-policies.fakes';

describe('AcceptPolicy', () => {
  it('accepts the version read, once the document was shown', async () => {
    const api = new FakeWorkspacePolicyApi();
    const outcome = await new AcceptPolicy(api.asPort()).execute({
      policyId: 'p1',
      version: 2,
      language: 'HINDI',
      shown: true,
    });
    expect(outcome).toEqual({ ok: true, version: 2, language: 'HINDI', acceptedAt: '2026-12-12T09:30:00.000Z' });
  });

  it('refuses before the document was shown, without calling the server', async () => {
    const api = new FakeWorkspacePolicyApi();
    const outcome = await new AcceptPolicy(api.asPort()).execute({
      policyId: 'p1',
      version: 2,
      language: 'HINDI',
      shown: false,
    });
    expect(outcome).toMatchObject({ ok: false, reason: 'conflict' });
    expect(api.acceptCalls).toEqual([]);
  });

  it('turns the server’s NOT_OPENED into a refusal, and throws anything unexpected on', async () => {
    const api = new FakeWorkspacePolicyApi();
    api.acceptRefusal = new ApiError('conflict', 'NOT_OPENED', 'Open and read the policy before you accept it.');
    const accept = new AcceptPolicy(api.asPort());
    expect(await accept.execute({ policyId: 'p1', version: 2, language: 'ENGLISH', shown: true })).toEqual({
      ok: false,
      reason: 'conflict',
      message: 'Open and read the policy before you accept it.',
      fields: {},
    });
    api.acceptRefusal = new ApiError('server-error', 'INTERNAL', 'The server could not complete this request');
    await expect(accept.execute({ policyId: 'p1', version: 2, language: 'ENGLISH', shown: true })).rejects.toThrow(
      'could not complete',
    );
  });
});
