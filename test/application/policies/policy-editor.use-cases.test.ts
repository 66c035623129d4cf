import { describe, expect, it } from 'vitest';
import {
  AddPolicyVersion,
  CreatePolicy,
  RecordPolicyReview,
} from '../../../src/application/policies/policy-editor.use-cases';
import type { CataloguePolicyApi } from '../../../src/application/policies/policy-api.port';
import { ApiError } from '../../../src/application/shared/api-error';
import type { PolicyDetails } from '../../../src/contracts/learning/catalogue.contract';
import { recordingPort, refusedField } from '../support/recording-port';

const policy = { id: 'p1', title: 'Travel safety', currentVersion: 2 } as unknown as PolicyDetails;
const created = { title: 'Travel safety', ownerName: 'Acme HR', reviewDueOn: '2027-06-30', summary: 'Safe travel' };

describe("the policy editor's writes (the platform's catalogue and a workspace's own policies)", () => {
  it('creates a policy and answers it as it now stands', async () => {
    const { port, calls } = recordingPort<CataloguePolicyApi>({ create: policy });
    expect(await new CreatePolicy(port).execute(created)).toEqual({ ok: true, policy });
    expect(calls).toEqual([['create', created]]);
  });

  it("answers the server's refusal of a field beside the field", async () => {
    const { port } = recordingPort<CataloguePolicyApi>({ create: refusedField('title', 'Give the policy a title') });
    expect(await new CreatePolicy(port).execute({ ...created, title: '' })).toMatchObject({
      ok: false,
      reason: 'invalid',
      fields: { title: 'Give the policy a title' },
    });
  });

  it('adds the next version to the policy named; a policy of another workspace is not found', async () => {
    const body = { summary: 'Hotels added', reviewDueOn: '2028-01-01' } as never;
    const { port, calls } = recordingPort<CataloguePolicyApi>({ newVersion: policy });
    expect(await new AddPolicyVersion(port).execute('p1', body)).toEqual({ ok: true, policy });
    expect(calls).toEqual([['newVersion', 'p1', body]]);
    const other = recordingPort<CataloguePolicyApi>({
      newVersion: new ApiError('not-found', 'NOT_FOUND', 'No such policy'),
    });
    expect(await new AddPolicyVersion(other.port).execute('p9', body)).toMatchObject({
      ok: false,
      reason: 'not-found',
      message: 'No such policy',
    });
  });

  it('records a review with no change; a lost session is not a refusal (thrown on)', async () => {
    const body = { nextReviewDueOn: '2028-06-30' } as never;
    const { port, calls } = recordingPort<CataloguePolicyApi>({ reviewNoChange: policy });
    expect(await new RecordPolicyReview(port).execute('p1', body)).toEqual({ ok: true, policy });
    expect(calls).toEqual([['reviewNoChange', 'p1', body]]);
    const gone = recordingPort<CataloguePolicyApi>({
      reviewNoChange: new ApiError('signed-out', 'SIGNED_OUT', 'Sign in again'),
    });
    await expect(new RecordPolicyReview(gone.port).execute('p1', body)).rejects.toThrow('Sign in again');
  });
});
