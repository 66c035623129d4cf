import 'reflect-metadata';
import { Container } from 'inversify';
import { describe, expect, it } from 'vitest';
import type { FileTransfer } from '../../../src/application/courses/authoring/course-files.port';
import { OwnPolicyApi } from '../../../src/application/policies/policy-api.port';
import { UploadOwnPolicyPdf, UploadPolicyPdf } from '../../../src/application/policies/upload-policy-pdf.use-case';
import {
  AddOwnPolicyVersion,
  AddPolicyVersion,
  CreateOwnPolicy,
  CreatePolicy,
  RecordOwnPolicyReview,
  RecordPolicyReview,
} from '../../../src/application/policies/policy-editor.use-cases';
import { ApiError } from '../../../src/application/shared/api-error';
import {
  OwnPoliciesViewModel,
  type CataloguePoliciesViewModel,
} from '../../../src/ui/policies/catalogue-policies.view-model';
import { policiesViewModels } from '../../../src/ui/policies/policies.bindings';
import type { CataloguePolicyOffer, WorkspacePolicyApi } from '../../../src/application/policies/policy-api.port';
import type { OrganisationApi } from '../../../src/application/shared/main-reads.port';
import type {
  AcceptanceRow,
  PublishBody,
  RecordAcceptanceBody,
  WorkspacePolicy,
} from '../../../src/contracts/learning/policies.contract';
import { PublishPolicy } from '../../../src/application/policies/publish-policy.use-case';
import { RecordAcceptance } from '../../../src/application/policies/record-acceptance.use-case';
import { WorkspacePoliciesViewModel } from '../../../src/ui/policies/workspace-policies.view-model';
import { FakeOwnPolicyApi } from '../../fakes/own-policies.fakes';

const transfer: FileTransfer = {
  async put(target, file, onProgress) {
    onProgress(file.size, file.size);
  },
};

function ownPolicies(api = new FakeOwnPolicyApi()) {
  const container = new Container();
  container.load(policiesViewModels);
  container.bind(OwnPolicyApi).toConstantValue(api);
  container.bind(UploadOwnPolicyPdf).toConstantValue(new UploadPolicyPdf(api, transfer));
  container.bind(CreateOwnPolicy).toConstantValue(new CreatePolicy(api));
  container.bind(AddOwnPolicyVersion).toConstantValue(new AddPolicyVersion(api));
  container.bind(RecordOwnPolicyReview).toConstantValue(new RecordPolicyReview(api));
  return { api, vm: container.get<CataloguePoliciesViewModel>(OwnPoliciesViewModel) };
}

/** The admin's policies screen with its use cases on the same fake port. */
const workspacePolicies = (policies: WorkspacePolicyApi, organisation: OrganisationApi) =>
  new WorkspacePoliciesViewModel(policies, organisation, new PublishPolicy(policies), new RecordAcceptance(policies));

describe('a workspace’s own policies (the policy editor over the own-policy calls)', () => {
  it('creates a policy, gives it an English PDF and a new version, listing it with the state of each language', async () => {
    const { api, vm } = ownPolicies();
    await vm.load();
    expect(vm.status).toBe('ready');
    expect(vm.items).toEqual([]);

    expect(
      await vm.create({
        title: 'Travel safety',
        ownerName: 'Acme HR',
        reviewDueOn: '2027-06-30',
        summary: 'Safe travel',
      }),
    ).toBe(true);
    expect(vm.selected).toMatchObject({ title: 'Travel safety', currentVersion: 1 });
    expect(vm.items.map((p) => p.title)).toEqual(['Travel safety']);

    await vm.upload('ENGLISH', new File(['%PDF-1.7'], 'travel.pdf', { type: 'application/pdf' }));
    expect(vm.uploads.ENGLISH).toMatchObject({ status: 'done' });
    expect(api.confirmed).toEqual(['p1/ENGLISH']);
    expect(vm.selected?.translations).toEqual({ ENGLISH: 'CURRENT' });

    expect(await vm.newVersion({ change: 'MATERIAL', summary: 'New travel rules', nextReviewOn: '2027-12-31' })).toBe(
      true,
    );
    expect(vm.selected).toMatchObject({ currentVersion: 2, translations: { ENGLISH: 'OUTDATED' } });
  });

  it('a drawer closed while its PDF is still being checked stays closed when the check answers', async () => {
    const { vm } = ownPolicies();
    await vm.load();
    await vm.create({ title: 'Hybrid work', ownerName: 'Acme HR', reviewDueOn: '2027-06-30', summary: 'Hybrid' });
    const upload = vm.upload('ENGLISH', new File(['%PDF-1.7'], 'hybrid.pdf', { type: 'application/pdf' }));
    vm.close();
    await upload;
    expect(vm.selected).toBeNull();
    expect(vm.uploads.ENGLISH).toMatchObject({ status: 'done' });
  });

  it('records a review that ends in “reviewed, no change”: the version stays, the next review date moves', async () => {
    const { vm } = ownPolicies();
    await vm.load();
    await vm.create({ title: 'Visitors', ownerName: 'Acme HR', reviewDueOn: '2027-06-30', summary: 'Visitors' });
    expect(await vm.reviewNoChange({ note: 'Still right', nextReviewOn: '2028-06-30' })).toBe(true);
    expect(vm.selected).toMatchObject({ currentVersion: 1, reviewDueOn: '2028-06-30' });
    expect(vm.selected?.reviews[0]).toMatchObject({ outcome: 'NO_CHANGE', version: 1, note: 'Still right' });
    expect(await vm.reviewNoChange({ nextReviewOn: 'soon' })).toBe(false);
    expect(vm.saveError).toBe('Give a date');
  });

  it('refuses a file that is not a PDF without sending it, and says why a create failed', async () => {
    const { api, vm } = ownPolicies();
    await vm.create({ title: 'Dress code', ownerName: 'HR', reviewDueOn: '2027-06-30' });
    await vm.upload('HINDI', new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(vm.uploads.HINDI).toMatchObject({ status: 'failed', message: 'Choose the policy as a PDF file.' });
    expect(api.confirmed).toEqual([]);

    expect(await vm.create({ title: ' ', ownerName: 'HR', reviewDueOn: '2027-06-30' })).toBe(false);
    expect(vm.saveError).toContain('Give a title');
    expect(vm.items).toHaveLength(1);
  });
});

describe('publishing an own policy to chosen business units', () => {
  it('offers the workspace’s business units and sends the units chosen; a failed unit read still lets the admin publish to everyone', async () => {
    const offer: CataloguePolicyOffer = {
      cataloguePolicyId: 'p1',
      title: 'Travel safety',
      description: '',
      jurisdiction: null,
      currentVersion: 1,
      languages: ['ENGLISH'],
      workspacePolicyId: null,
      own: true,
    };
    const sent: PublishBody[] = [];
    const policies = {
      catalogue: async () => [offer],
      published: async () => [],
      publish: async (body: PublishBody) => {
        sent.push(body);
        return {} as never;
      },
    } as unknown as WorkspacePolicyApi;
    const units = [
      { branchId: 'pune', branchName: 'Acme Pune', headquarter: false, backgroundColor: null, userCount: null },
    ];
    const organisation = { businessUnits: async () => units } as unknown as OrganisationApi;
    const vm = workspacePolicies(policies, organisation);
    await vm.load();
    expect(vm.offers).toEqual([expect.objectContaining({ title: 'Travel safety', own: true })]);
    expect(vm.units.map((u) => u.branchName)).toEqual(['Acme Pune']);
    expect(
      await vm.publish({
        cataloguePolicyId: 'p1',
        scope: 'UNITS',
        branchIds: ['pune'],
        daysToAccept: 14,
        yearly: false,
      }),
    ).toBe(true);
    expect(sent).toEqual([expect.objectContaining({ scope: 'UNITS', branchIds: ['pune'] })]);

    const failing = workspacePolicies(policies, {
      businessUnits: async () => Promise.reject(new Error('down')),
    } as unknown as OrganisationApi);
    await failing.load();
    expect(failing.status).toBe('ready');
    expect(failing.units).toEqual([]);
  });
});

describe('recording an acceptance on someone’s behalf', () => {
  it('sends the person, language and reason, reads the table again, and keeps the dialog open with the server’s refusal', async () => {
    const policy = { id: 'wp1', title: 'POSH policy', currentVersion: 2, accepted: 0, inScope: 1 } as WorkspacePolicy;
    const pending: AcceptanceRow = {
      userId: 'u1',
      name: 'Ravi Kumar',
      email: null,
      branchName: null,
      state: 'PENDING',
      version: null,
      language: null,
      acceptedAt: null,
      recordedReason: null,
      dueOn: '2026-12-10',
    };
    const recorded: RecordAcceptanceBody[] = [];
    let accepted = false;
    const policies = {
      catalogue: async () => [],
      published: async () => [policy],
      acceptances: async () => ({
        policy: { ...policy, accepted: accepted ? 1 : 0 },
        items: [
          accepted
            ? {
                ...pending,
                state: 'ACCEPTED',
                version: 2,
                language: 'HINDI',
                acceptedAt: '2026-11-27T09:00:00Z',
                recordedReason: 'Signed the paper copy',
              }
            : pending,
        ],
        total: 1,
      }),
      recordAcceptance: async (_id: string, body: RecordAcceptanceBody) => {
        if (body.reason.length < 3)
          throw new ApiError('invalid', 'BAD_REQUEST', 'Say why you record it for them', {
            reason: 'Say why you record it for them',
          });
        recorded.push(body);
        accepted = true;
      },
    } as unknown as WorkspacePolicyApi;
    const vm = workspacePolicies(policies, {
      businessUnits: async () => [],
    } as unknown as OrganisationApi);
    await vm.openAcceptances(policy);
    vm.openRecord(vm.rows[0]!);
    expect(vm.recordingFor?.name).toBe('Ravi Kumar');
    expect(await vm.record('HINDI', 'no')).toBe(false);
    expect(vm.recordError).toContain('Say why you record it for them');
    expect(vm.recordingFor).not.toBeNull();
    expect(await vm.record('HINDI', 'Signed the paper copy')).toBe(true);
    expect(recorded).toEqual([{ userId: 'u1', language: 'HINDI', reason: 'Signed the paper copy' }]);
    expect(vm.recordingFor).toBeNull();
    expect(vm.rows[0]).toMatchObject({ state: 'ACCEPTED', recordedReason: 'Signed the paper copy' });
    expect(vm.selected?.accepted).toBe(1);
  });
});
