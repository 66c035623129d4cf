import 'reflect-metadata';
import { CreateJurisdiction } from '../../../src/application/policies/create-jurisdiction.use-case';
import { RenameJurisdiction } from '../../../src/application/policies/rename-jurisdiction.use-case';
import { DeleteJurisdiction } from '../../../src/application/policies/delete-jurisdiction.use-case';
import { SaveCompliance } from '../../../src/application/policies/save-compliance.use-case';
import { DeleteCompliance } from '../../../src/application/policies/delete-compliance.use-case';
import { SaveComplianceCategory } from '../../../src/application/policies/save-compliance-category.use-case';
import { DeleteComplianceCategory } from '../../../src/application/policies/delete-compliance-category.use-case';
import { DeclareJurisdictions } from '../../../src/application/policies/declare-jurisdictions.use-case';
import { describe, expect, it } from 'vitest';
import type { ComplianceCatalogueApi } from '../../../src/application/policies/compliance-catalogue.port';
import type { CataloguePolicyApi } from '../../../src/application/policies/policy-api.port';
import type { WorkspaceComplianceApi } from '../../../src/application/policies/workspace-compliance.port';
import { ApiError } from '../../../src/application/shared/api-error';
import type {
  Compliance,
  ComplianceCategory,
  CreateComplianceBody,
  Jurisdiction,
  PolicySummary,
} from '../../../src/contracts/learning/catalogue.contract';
import type { CadenceRow, ComplianceStatus, Obligation } from '../../../src/contracts/learning/compliance.contract';
import { ComplianceStatusViewModel } from '../../../src/ui/policies/compliance-status.view-model';
import { CompliancesViewModel } from '../../../src/ui/policies/compliances.view-model';
import { JurisdictionsViewModel } from '../../../src/ui/policies/jurisdictions.view-model';
import { TrainingCadenceViewModel } from '../../../src/ui/policies/training-cadence.view-model';

const IN: Jurisdiction = { id: 'in', code: 'IN', name: 'India', country: 'IN', parentId: null, reviewLimitYears: null };
const KA: Jurisdiction = {
  id: 'ka',
  code: 'IN-KA',
  name: 'Karnataka',
  country: 'IN',
  parentId: 'in',
  reviewLimitYears: null,
};
const CA: Jurisdiction = { id: 'ca', code: 'CA', name: 'Canada', country: 'CA', parentId: null, reviewLimitYears: 3 };

/** The catalogue in memory, refusing what the server refuses. */
class FakeComplianceCatalogueApi implements ComplianceCatalogueApi {
  items: Jurisdiction[] = [IN, KA, CA];
  categoryRows: ComplianceCategory[] = [];
  complianceRows: Compliance[] = [];
  lastFilter: object = {};
  private n = 0;
  async jurisdictions() {
    return this.items.map((j) => ({ ...j }));
  }
  async createJurisdiction(body: { code: string; name: string; parentId?: string | null }) {
    if (this.items.some((j) => j.code === body.code))
      throw new ApiError('conflict', 'CONFLICT', `The code ${body.code} is taken`, { code: 'Taken' });
    const j: Jurisdiction = {
      id: `j${++this.n}`,
      code: body.code,
      name: body.name,
      country: body.code.slice(0, 2),
      parentId: body.parentId ?? null,
      reviewLimitYears: null,
    };
    this.items.push(j);
    return j;
  }
  async renameJurisdiction(id: string, name: string) {
    const j = this.items.find((x) => x.id === id)!;
    j.name = name;
    return j;
  }
  async deleteJurisdiction(id: string) {
    if (this.items.some((j) => j.parentId === id))
      throw new ApiError('conflict', 'CONFLICT', 'A state or province still names it');
    this.items = this.items.filter((j) => j.id !== id);
  }
  async categories() {
    return { items: this.categoryRows, total: this.categoryRows.length };
  }
  async createCategory(name: string) {
    const c = { id: `c${++this.n}`, name, createdAt: '2026-11-27T00:00:00Z', complianceCount: 0 };
    this.categoryRows.push(c);
    return c;
  }
  async renameCategory(id: string, name: string) {
    const c = this.categoryRows.find((x) => x.id === id)!;
    c.name = name;
    return c;
  }
  async deleteCategory(id: string) {
    this.categoryRows = this.categoryRows.filter((c) => c.id !== id);
  }
  async compliances(_page: number, _size: number, filter: object) {
    this.lastFilter = filter;
    return { items: this.complianceRows, total: this.complianceRows.length };
  }
  async createCompliance(body: CreateComplianceBody) {
    if (!this.items.some((j) => j.id === body.jurisdictionId))
      throw new ApiError('invalid', 'VALIDATION', 'Unknown jurisdiction', { jurisdictionId: 'No such jurisdiction' });
    const j = this.items.find((x) => x.id === body.jurisdictionId)!;
    const c: Compliance = {
      id: `m${++this.n}`,
      title: body.title,
      description: body.description ?? '',
      kind: body.kind,
      jurisdiction: { id: j.id, code: j.code, name: j.name },
      category: null,
      policies: [],
      courseTitles: body.courseTitles ?? [],
      createdAt: '2026-11-27T00:00:00Z',
    };
    this.complianceRows.unshift(c);
    return c;
  }
  async updateCompliance(body: CreateComplianceBody & { id: string }) {
    const c = this.complianceRows.find((x) => x.id === body.id)!;
    c.title = body.title;
    return c;
  }
  async deleteCompliance(id: string) {
    this.complianceRows = this.complianceRows.filter((c) => c.id !== id);
  }
}

class FakeCataloguePolicyApi {
  async list() {
    return { items: [{ id: 'p1', title: 'POSH policy' } as PolicySummary], total: 1 };
  }
}

const obligation = (over: Partial<Obligation>): Obligation => ({
  complianceId: 'o',
  title: 'Train every employee',
  description: '',
  kind: 'TRAINING',
  category: null,
  state: 'PARTIAL',
  evidence: '',
  training: null,
  policies: null,
  committee: null,
  missing: null,
  dueOn: null,
  ...over,
});

class FakeWorkspaceComplianceApi implements WorkspaceComplianceApi {
  declared: Jurisdiction[] = [];
  cadenceAsked: (CadenceRow['state'] | undefined)[] = [];
  async jurisdictions() {
    return { declared: this.declared, choices: [CA, IN, KA] };
  }
  async declare(ids: string[]) {
    if (ids.includes('nope'))
      throw new ApiError('invalid', 'VALIDATION', 'Unknown jurisdiction', { jurisdictionIds: 'No jurisdiction nope' });
    this.declared = [CA, IN, KA].filter((j) => ids.includes(j.id));
    return this.jurisdictions();
  }
  async status(): Promise<ComplianceStatus> {
    return {
      asOf: '2026-11-27',
      people: 10,
      jurisdictions: this.declared.map((jurisdiction) => ({
        jurisdiction,
        trainingCadence: jurisdiction.country === 'CA',
        obligations: [
          obligation({ state: 'MET' }),
          obligation({ complianceId: 'p', state: 'MISSING' }),
          obligation({ complianceId: 'r', kind: 'REPORT', state: 'NOT_TRACKED' }),
        ],
      })),
    };
  }
  async cadence(_page: number, _size: number, state?: CadenceRow['state']) {
    this.cadenceAsked.push(state);
    return {
      items: [
        {
          userId: 'u',
          name: 'Asha',
          email: null,
          hiredOn: '2020-01-15',
          lastCompletedOn: null,
          dueOn: '2020-04-15',
          state: 'OVERDUE' as const,
        },
      ],
      total: 1,
    };
  }
}

const jurisdictionsOver = (api: FakeComplianceCatalogueApi) =>
  new JurisdictionsViewModel(
    api,
    new CreateJurisdiction(api),
    new RenameJurisdiction(api),
    new DeleteJurisdiction(api),
  );
const statusOver = (api: FakeWorkspaceComplianceApi) =>
  new ComplianceStatusViewModel(api, new DeclareJurisdictions(api));

describe('JurisdictionsViewModel', () => {
  it('shows each country with its states as a tree, and offers the countries as parents', async () => {
    const vm = jurisdictionsOver(new FakeComplianceCatalogueApi());
    await vm.load();
    expect(vm.status).toBe('ready');
    expect(vm.tree.map((r) => [r.code, r.children?.map((c) => c.code)])).toEqual([
      ['IN', ['IN-KA']],
      ['CA', undefined],
    ]);
    expect(vm.countries.map((c) => c.code)).toEqual(['IN', 'CA']);
  });

  it('adds a province under its country, keeps the refusal of a taken code, and says why a delete was refused', async () => {
    const api = new FakeComplianceCatalogueApi();
    const vm = jurisdictionsOver(api);
    await vm.load();
    expect(await vm.create({ code: 'CA-ON', name: 'Ontario', parentId: 'ca' })).toBe(true);
    expect(vm.tree.find((r) => r.code === 'CA')?.children?.map((c) => c.name)).toEqual(['Ontario']);
    expect(await vm.create({ code: 'CA-ON', name: 'Ontario again', parentId: 'ca' })).toBe(false);
    expect(vm.saveError).toBe('The code CA-ON is taken');
    await vm.remove(IN);
    expect(vm.notice).toEqual({ type: 'error', text: 'A state or province still names it' });
    await vm.remove(vm.items.find((j) => j.code === 'CA-ON')!);
    expect(vm.notice).toEqual({ type: 'success', text: 'Ontario was deleted.' });
    expect(vm.items.map((j) => j.code)).not.toContain('CA-ON');
  });
});

describe('CompliancesViewModel', () => {
  const build = () => {
    const api = new FakeComplianceCatalogueApi();
    return {
      api,
      vm: new CompliancesViewModel(
        api,
        new FakeCataloguePolicyApi() as unknown as CataloguePolicyApi,
        new SaveCompliance(api),
        new DeleteCompliance(api),
        new SaveComplianceCategory(api),
        new DeleteComplianceCategory(api),
      ),
    };
  };

  it('pages compliances by 60 and categories by 100, with the form’s choices', async () => {
    const { vm } = build();
    await vm.load();
    expect(vm.list.pageSize).toBe(60);
    expect(vm.categories.pageSize).toBe(100);
    expect(vm.jurisdictions.map((j) => j.code)).toEqual(['IN', 'IN-KA', 'CA']);
    expect(vm.policies.map((p) => p.title)).toEqual(['POSH policy']);
  });

  it('adds a compliance and lists it; a refused field lands on that field', async () => {
    const { api, vm } = build();
    await vm.load();
    expect(
      await vm.saveCompliance(null, {
        jurisdictionId: 'in',
        title: 'Train every employee',
        kind: 'TRAINING',
        courseTitles: ['POSH at work'],
      }),
    ).toBe(true);
    expect(vm.list.items.map((c) => c.title)).toEqual(['Train every employee']);
    expect(await vm.saveCompliance(null, { jurisdictionId: 'gone', title: 'X', kind: 'OTHER' })).toBe(false);
    expect(vm.fieldErrors).toEqual({ jurisdictionId: 'No such jurisdiction' });
    vm.setFilter({ jurisdictionId: 'in', search: 'train' });
    expect(api.lastFilter).toEqual({ jurisdictionId: 'in', search: 'train' });
  });

  it('adds, renames and deletes a category, and the form’s choices follow', async () => {
    const { vm } = build();
    await vm.load();
    expect(await vm.saveCategory(null, 'Training')).toBe(true);
    expect(vm.categories.items.map((c) => c.name)).toEqual(['Training']);
    expect(vm.categoryChoices.map((c) => c.name)).toEqual(['Training']);
    const id = vm.categories.items[0].id;
    expect(await vm.saveCategory(id, 'Awareness training')).toBe(true);
    expect(vm.categoryChoices.map((c) => c.name)).toEqual(['Awareness training']);
    await vm.removeCategory(vm.categories.items[0]);
    expect(vm.notice).toEqual({ type: 'success', text: 'Awareness training was deleted.' });
    expect(vm.categories.items).toEqual([]);
  });
});

describe('ComplianceStatusViewModel', () => {
  it('starts with nothing declared, then counts each state and offers CA-11’s list for a Canadian jurisdiction', async () => {
    const api = new FakeWorkspaceComplianceApi();
    const vm = statusOver(api);
    await vm.load();
    expect(vm.report?.jurisdictions).toEqual([]);
    // Countries first, each followed by its subdivisions.
    expect(vm.options.map((o) => o.label)).toEqual(['Canada (CA)', 'India (IN)', 'Karnataka (IN-KA)']);
    expect(await vm.declare(['in'])).toBe(true);
    expect(vm.declared.map((j) => j.code)).toEqual(['IN']);
    expect(vm.figures).toEqual({ MET: 1, PARTIAL: 0, MISSING: 1, NOT_TRACKED: 1 });
    expect(vm.showsCadence).toBe(false);
    await vm.declare(['in', 'ca']);
    expect(vm.showsCadence).toBe(true);
  });

  it('keeps a refused declaration’s message and the page as it was', async () => {
    const vm = statusOver(new FakeWorkspaceComplianceApi());
    await vm.load();
    expect(await vm.declare(['nope'])).toBe(false);
    expect(vm.saveError).toBe('Unknown jurisdiction');
    expect(vm.compliance.status).toBe('ready');
  });
});

describe('TrainingCadenceViewModel', () => {
  it('lists people late first and filters by state from page 1', async () => {
    const api = new FakeWorkspaceComplianceApi();
    const vm = new TrainingCadenceViewModel(api);
    await vm.load();
    expect(vm.list.items.map((r) => [r.name, r.state])).toEqual([['Asha', 'OVERDUE']]);
    vm.filter('OVERDUE');
    expect(vm.list.page).toBe(1);
    expect(api.cadenceAsked).toEqual([undefined, 'OVERDUE']);
  });
});
