import { describe, expect, it } from 'vitest';
import { AcceptPolicy } from '../../../src/application/policies/accept-policy.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import { AcceptedPoliciesViewModel, rowOf } from '../../../src/ui/policies/accepted-policies.view-model';
import { AcceptedPolicyViewModel } from '../../../src/ui/policies/accepted-policy.view-model';
import { PolicyReaderViewModel } from '../../../src/ui/policies/policy-reader.view-model';
import { acceptedItem, FakeWorkspacePolicyApi } from '../../fakes/workspace-policies.fakes';

const reader = (api = new FakeWorkspacePolicyApi()) => ({
  api,
  vm: new PolicyReaderViewModel(api.asPort(), new AcceptPolicy(api.asPort())),
});
const bytesOf = (vm: { source: { data: Uint8Array } | { url: string } | null }) =>
  vm.source && 'data' in vm.source ? new TextDecoder().decode(vm.source.data) : null;

describe('the policy reader', () => {
  it('fetches the document for the viewer and a download, and enables accepting only once the viewer showed it', async () => {
    const { api, vm } = reader();
    await vm.load('p1');
    expect(vm.status).toBe('ready');
    expect(api.fetched).toEqual(['p1/ENGLISH']);
    expect(bytesOf(vm)).toBe('%PDF-1.4 Code of conduct');
    expect(vm.downloadUrl).toMatch(/^blob:/);
    // Fetched is not shown: the viewer has not drawn it yet.
    expect(vm.canAccept).toBe(false);
    vm.markShown();
    expect(vm.canAccept).toBe(true);
    await vm.accept();
    expect(api.acceptCalls).toEqual([{ policyId: 'p1', version: 2, language: 'ENGLISH' }]);
    expect(vm.accepted).toBe(true);
    expect(vm.reading).toMatchObject({ state: 'ACCEPTED', acceptedVersion: 2, acceptedAt: '2026-12-12T09:30:00.000Z' });
    expect(vm.canAccept).toBe(false);
  });

  it('does not send an acceptance of a document that was never shown', async () => {
    const { api, vm } = reader();
    await vm.load('p1');
    await vm.accept();
    expect(api.acceptCalls).toEqual([]);
    expect(vm.acceptError).toBe('Open and read the policy before you accept it.');
    expect(vm.accepted).toBe(false);
  });

  it('shows the server’s refusal in words', async () => {
    const { api, vm } = reader();
    api.acceptRefusal = new ApiError(
      'conflict',
      'VERSION_CHANGED',
      'Version 3 of this policy is now current: read it, then accept it.',
    );
    await vm.load('p1');
    vm.markShown();
    await vm.accept();
    expect(vm.acceptError).toBe('Version 3 of this policy is now current: read it, then accept it.');
    expect(vm.accepting).toBe(false);
    expect(vm.canAccept).toBe(true);
  });

  it('asks the viewer to show it again after another language is chosen', async () => {
    const { api, vm } = reader();
    await vm.load('p1');
    vm.markShown();
    await vm.load('p1', 'HINDI');
    expect(api.fetched).toEqual(['p1/ENGLISH', 'p1/HINDI']);
    expect(vm.shown).toBe(false);
    expect(vm.canAccept).toBe(false);
  });

  it('says when the policy cannot be opened', async () => {
    const { vm } = reader();
    await vm.load('another');
    expect(vm.status).toBe('error');
    expect(vm.error).toBe('No such policy');
    expect(vm.source).toBeNull();
  });
});

describe('My policies', () => {
  it('lists each accepted version in words, a page at a time from the server', async () => {
    const api = new FakeWorkspacePolicyApi();
    api.acceptedItems = [
      acceptedItem({ version: 2, language: 'ENGLISH', currentVersion: 3 }),
      ...Array.from({ length: 20 }, (_, i) =>
        acceptedItem({ policyId: `q${i}`, title: `Policy ${i}`, recordedForThem: i === 0 }),
      ),
    ];
    const vm = new AcceptedPoliciesViewModel(api.asPort());
    await vm.load(1);
    expect(vm.list.total).toBe(21);
    expect(vm.rows).toHaveLength(20);
    expect(vm.rows[0]).toEqual({
      key: 'p1/2',
      title: 'Code of conduct',
      version: 'Version 2 · English',
      accepted: 'Accepted 12 Dec 2026',
      newer: 'Version 3 is now current',
      readPath: '/policies/mine/p1/2',
      readLabel: 'Read version 2 again',
      currentPath: '/policies/read/p1',
    });
    expect(vm.rows[1]).toMatchObject({
      accepted: 'Recorded for you 12 Dec 2026',
      newer: null,
      currentPath: null,
      version: 'Version 1 · हिन्दी',
    });
    await vm.load(2);
    expect(api.acceptedPages).toEqual([
      [0, 20],
      [1, 20],
    ]);
    expect(vm.rows.map((r) => r.title)).toEqual(['Policy 19']);
  });

  it('opens an accepted version again, read-only, with its own document', async () => {
    const api = new FakeWorkspacePolicyApi();
    api.acceptedItems = [acceptedItem()];
    const vm = new AcceptedPolicyViewModel(api.asPort());
    await vm.load('p1', 1);
    expect(vm.status).toBe('ready');
    expect(vm.row).toEqual(rowOf(acceptedItem()));
    expect(api.fetched).toEqual(['p1/v1']);
    expect(bytesOf(vm)).toBe('%PDF-1.4 Code of conduct v1');
    expect(vm.downloadUrl).toMatch(/^blob:/);
    await vm.load('p1', 2);
    expect(vm.status).toBe('error');
    expect(vm.error).toBe('You have not accepted this policy version');
  });
});
