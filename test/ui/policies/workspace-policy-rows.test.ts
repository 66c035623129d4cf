import { describe, expect, it } from 'vitest';
import type { CataloguePolicyOffer } from '../../../src/application/policies/policy-api.port';
import type { PolicySummary } from '../../../src/contracts/learning/catalogue.contract';
import type { WorkspacePolicy } from '../../../src/contracts/learning/policies.contract';
import { filterPolicyRows, workspacePolicyRows } from '../../../src/ui/policies/workspace-policy-rows';

const offer = (id: string, title: string, own: boolean, workspacePolicyId: string | null): CataloguePolicyOffer => ({
  cataloguePolicyId: id,
  title,
  description: '',
  jurisdiction: null,
  currentVersion: 2,
  languages: ['ENGLISH', 'HINDI'],
  workspacePolicyId,
  own,
});

const published = (id: string, cataloguePolicyId: string, title: string): WorkspacePolicy => ({
  id,
  cataloguePolicyId,
  title,
  currentVersion: 2,
  scope: 'WORKSPACE',
  branches: [],
  daysToAccept: 14,
  yearly: false,
  publishedAt: '2026-11-01T00:00:00.000Z',
  inScope: 10,
  accepted: 4,
  overdue: 1,
});

const ownPolicy = (id: string, title: string, translations: PolicySummary['translations']): PolicySummary => ({
  id,
  title,
  description: '',
  ownerName: 'HR',
  reviewDueOn: '2027-06-30',
  jurisdiction: null,
  currentVersion: 1,
  translations,
  workspaceCount: 0,
  updatedAt: '2026-11-01T00:00:00.000Z',
});

describe('the admin’s policies table', () => {
  const rows = workspacePolicyRows(
    [published('w1', 'c1', 'POSH policy'), published('w2', 'o1', 'Travel safety')],
    [
      offer('c1', 'POSH policy', false, 'w1'),
      offer('c2', 'Code of conduct', false, null),
      offer('o1', 'Travel safety', true, 'w2'),
    ],
    [ownPolicy('o1', 'Travel safety', { ENGLISH: 'CURRENT' }), ownPolicy('o2', 'Expenses', {})],
  );

  it('shows each policy once, whichever lists name it: published first, then ready, then without a PDF', () => {
    expect(rows.map((r) => [r.title, r.status, r.own])).toEqual([
      ['POSH policy', 'PUBLISHED', false],
      ['Travel safety', 'PUBLISHED', true],
      ['Code of conduct', 'READY', false],
      ['Expenses', 'NO_PDF', true],
    ]);
    const travel = rows.find((r) => r.key === 'o1')!;
    expect(travel.published?.id).toBe('w2');
    expect(travel.offer?.cataloguePolicyId).toBe('o1');
    expect(travel.ownPolicy?.id).toBe('o1');
    expect(rows.find((r) => r.key === 'o2')!.offer).toBeNull();
  });

  it('filters by status, by own and by title', () => {
    expect(filterPolicyRows(rows, 'PUBLISHED', '').map((r) => r.key)).toEqual(['c1', 'o1']);
    expect(filterPolicyRows(rows, 'NOT_PUBLISHED', '').map((r) => r.key)).toEqual(['c2', 'o2']);
    expect(filterPolicyRows(rows, 'OWN', '').map((r) => r.key)).toEqual(['o1', 'o2']);
    expect(filterPolicyRows(rows, 'ALL', ' travel ').map((r) => r.key)).toEqual(['o1']);
  });
});
