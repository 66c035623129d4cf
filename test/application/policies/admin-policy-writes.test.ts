import { describe, expect, it } from 'vitest';
import type { WorkspacePolicyApi } from '../../../src/application/policies/policy-api.port';
import { PublishPolicy } from '../../../src/application/policies/publish-policy.use-case';
import { RecordAcceptance } from '../../../src/application/policies/record-acceptance.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import type { PublishBody, RecordAcceptanceBody } from '../../../src/contracts/learning/policies.contract';

/** The two calls these use cases make: each keeps what was sent, or fails as the server does. */
class FakePolicies {
  published: PublishBody[] = [];
  recorded: { policyId: string; body: RecordAcceptanceBody }[] = [];
  failure: Error | null = null;
  async publish(body: PublishBody) {
    if (this.failure) throw this.failure;
    this.published.push(body);
  }
  async recordAcceptance(policyId: string, body: RecordAcceptanceBody) {
    if (this.failure) throw this.failure;
    this.recorded.push({ policyId, body });
  }
}

const body: PublishBody = { cataloguePolicyId: 'p1', scope: 'WORKSPACE', daysToAccept: 14, yearly: false };

describe('PublishPolicy', () => {
  it('publishes, and refuses units without a unit before asking the server', async () => {
    const api = new FakePolicies();
    const use = new PublishPolicy(api as unknown as WorkspacePolicyApi);
    expect(await use.execute(body)).toEqual({ ok: true });
    expect(await use.execute({ ...body, scope: 'UNITS', branchIds: [] })).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Choose at least one business unit',
      fields: { branchIds: 'Choose at least one business unit' },
    });
    expect(api.published).toEqual([body]);
  });

  it("answers the server's refusal in its words, and throws on a failure", async () => {
    const api = new FakePolicies();
    const use = new PublishPolicy(api as unknown as WorkspacePolicyApi);
    api.failure = new ApiError('forbidden', 'FORBIDDEN', 'Only an admin may publish a policy');
    expect(await use.execute(body)).toMatchObject({
      ok: false,
      reason: 'forbidden',
      message: 'Only an admin may publish a policy',
    });
    api.failure = new ApiError('server-error', 'INTERNAL', 'Something went wrong');
    await expect(use.execute(body)).rejects.toThrow('Something went wrong');
  });
});

describe('RecordAcceptance', () => {
  it('records on behalf with the trimmed reason, and refuses a reason too short to say why', async () => {
    const api = new FakePolicies();
    const use = new RecordAcceptance(api as unknown as WorkspacePolicyApi);
    expect(await use.execute('p1', 'u1', 'HINDI', ' no ')).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Say why you record it for them',
      fields: { reason: 'Say why you record it for them' },
    });
    expect(await use.execute('p1', 'u1', 'HINDI', ' Signed the paper copy ')).toEqual({ ok: true });
    expect(api.recorded).toEqual([
      { policyId: 'p1', body: { userId: 'u1', language: 'HINDI', reason: 'Signed the paper copy' } },
    ]);
  });

  it("answers another workspace's person or policy as not found", async () => {
    const api = new FakePolicies();
    api.failure = new ApiError('not-found', 'NOT_FOUND', 'This person does not exist');
    expect(
      await new RecordAcceptance(api as unknown as WorkspacePolicyApi).execute(
        'p1',
        'u-other',
        'ENGLISH',
        'Paper copy',
      ),
    ).toMatchObject({
      ok: false,
      reason: 'not-found',
    });
  });
});
