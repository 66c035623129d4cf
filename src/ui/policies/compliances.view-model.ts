import { inject, injectable } from 'inversify';
import { DeleteCompliance } from '../../application/policies/delete-compliance.use-case';
import { DeleteComplianceCategory } from '../../application/policies/delete-compliance-category.use-case';
import { SaveCompliance } from '../../application/policies/save-compliance.use-case';
import { SaveComplianceCategory } from '../../application/policies/save-compliance-category.use-case';
import type { Refusal } from '../../application/shared/refusal';
import { makeAutoObservable, runInAction } from 'mobx';
import { ComplianceCatalogueApi } from '../../application/policies/compliance-catalogue.port';
import { CataloguePolicyApi } from '../../application/policies/policy-api.port';
import { describeError } from '../../application/shared/api-error';
import type {
  Compliance,
  ComplianceCategory,
  CreateComplianceBody,
  Jurisdiction,
  PolicySummary,
} from '../../contracts/learning/catalogue.contract';
import { PagedList } from '../shared/paged-list';

export const COMPLIANCE_PAGE_SIZE = 60;
export const CATEGORY_PAGE_SIZE = 100;

/**
 * The platform admin's compliances (60 a page, filtered by jurisdiction, category and words of the title) and their
 * categories (100 a page, in the order added): add, change, delete each. The choices of the form (jurisdictions,
 * categories, catalogue policies) load once with the screen.
 */
@injectable()
export class CompliancesViewModel {
  filter: { jurisdictionId?: string; categoryId?: string; search?: string } = {};
  readonly list: PagedList<Compliance>;
  readonly categories: PagedList<ComplianceCategory>;
  jurisdictions: Jurisdiction[] = [];
  policies: PolicySummary[] = [];
  /** Every category, for the form's select (the categories tab pages them). */
  categoryChoices: ComplianceCategory[] = [];
  saving = false;
  saveError: string | null = null;
  fieldErrors: Record<string, string> = {};
  notice: { type: 'success' | 'error'; text: string } | null = null;

  constructor(
    @inject(ComplianceCatalogueApi) private readonly api: ComplianceCatalogueApi,
    @inject(CataloguePolicyApi) private readonly policyApi: CataloguePolicyApi,
    @inject(SaveCompliance) private readonly saveOne: SaveCompliance,
    @inject(DeleteCompliance) private readonly deleteOne: DeleteCompliance,
    @inject(SaveComplianceCategory) private readonly saveCategoryOf: SaveComplianceCategory,
    @inject(DeleteComplianceCategory) private readonly deleteCategoryOf: DeleteComplianceCategory,
  ) {
    this.list = new PagedList((page, pageSize) => this.api.compliances(page, pageSize, this.filter), {
      pageSize: COMPLIANCE_PAGE_SIZE,
      key: (c) => c.id,
    });
    this.categories = new PagedList((page, pageSize) => this.api.categories(page, pageSize), {
      pageSize: CATEGORY_PAGE_SIZE,
      key: (c) => c.id,
    });
    makeAutoObservable<CompliancesViewModel, 'api' | 'policyApi'>(
      this,
      { list: false, categories: false, api: false, policyApi: false },
      { autoBind: true },
    );
  }

  async load(): Promise<void> {
    await Promise.all([this.list.load(1), this.categories.load(1), this.loadChoices()]);
  }

  async loadChoices(): Promise<void> {
    try {
      const [jurisdictions, categories, policies] = await Promise.all([
        this.api.jurisdictions(),
        this.api.categories(0, 300),
        this.policyApi.list(0, 100),
      ]);
      runInAction(() => {
        this.jurisdictions = jurisdictions;
        this.categoryChoices = categories.items;
        this.policies = policies.items;
      });
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', text: describeError(error) }));
    }
  }

  setFilter(filter: Partial<CompliancesViewModel['filter']>): void {
    this.filter = { ...this.filter, ...filter };
    void this.list.load(1);
  }

  async saveCompliance(id: string | null, body: CreateComplianceBody): Promise<boolean> {
    return this.save(async () => {
      const outcome = await this.saveOne.execute(id, body);
      if (!outcome.ok) return outcome;
      await this.list.load();
    });
  }

  async removeCompliance(row: Compliance): Promise<void> {
    await this.remove(row.title, async () => {
      const outcome = await this.deleteOne.execute(row.id);
      if (!outcome.ok) return outcome;
      await this.list.load();
    });
  }

  async saveCategory(id: string | null, name: string): Promise<boolean> {
    return this.save(async () => {
      const outcome = await this.saveCategoryOf.execute(id, name);
      if (!outcome.ok) return outcome;
      await Promise.all([this.categories.load(), this.loadChoices()]);
    });
  }

  async removeCategory(row: ComplianceCategory): Promise<void> {
    await this.remove(row.name, async () => {
      const outcome = await this.deleteCategoryOf.execute(row.id);
      if (!outcome.ok) return outcome;
      await Promise.all([this.categories.load(), this.loadChoices()]);
    });
  }

  clearSaveError(): void {
    this.saveError = null;
    this.fieldErrors = {};
  }

  private async remove(name: string, run: () => Promise<Refusal | void>): Promise<void> {
    this.notice = null;
    try {
      const refusal = await run();
      runInAction(
        () =>
          (this.notice = refusal
            ? { type: 'error', text: refusal.message }
            : { type: 'success', text: `${name} was deleted.` }),
      );
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', text: describeError(error) }));
    }
  }

  private async save(run: () => Promise<Refusal | void>): Promise<boolean> {
    this.saving = true;
    this.clearSaveError();
    try {
      const refusal = await run();
      runInAction(() => {
        this.saving = false;
        if (refusal) {
          this.saveError = refusal.message;
          this.fieldErrors = refusal.fields;
        }
      });
      return !refusal;
    } catch (error) {
      runInAction(() => {
        this.saving = false;
        this.saveError = describeError(error);
        this.fieldErrors = (error as { fields?: Record<string, string> }).fields ?? {};
      });
      return false;
    }
  }
}
