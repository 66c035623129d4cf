import { inject, injectable } from 'inversify';
import { CreateJurisdiction } from '../../application/policies/create-jurisdiction.use-case';
import { DeleteJurisdiction } from '../../application/policies/delete-jurisdiction.use-case';
import { RenameJurisdiction } from '../../application/policies/rename-jurisdiction.use-case';
import type { Outcome } from '../../application/shared/refusal';
import { makeAutoObservable, runInAction } from 'mobx';
import { ComplianceCatalogueApi } from '../../application/policies/compliance-catalogue.port';
import { describeError } from '../../application/shared/api-error';
import type { CreateJurisdictionBody, Jurisdiction } from '../../contracts/learning/catalogue.contract';

export interface JurisdictionRow extends Jurisdiction {
  /** A country's states or provinces, for the tree table; none for a subdivision. */
  children?: Jurisdiction[];
}

/** The platform admin's jurisdictions: countries, each with its states or provinces; add, rename, delete. */
@injectable()
export class JurisdictionsViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  items: Jurisdiction[] = [];
  saving = false;
  saveError: string | null = null;
  /** The outcome of the last delete, said in words (a jurisdiction still in use cannot go). */
  notice: { type: 'success' | 'error'; text: string } | null = null;

  constructor(
    @inject(ComplianceCatalogueApi) private readonly api: ComplianceCatalogueApi,
    @inject(CreateJurisdiction) private readonly creating: CreateJurisdiction,
    @inject(RenameJurisdiction) private readonly renaming: RenameJurisdiction,
    @inject(DeleteJurisdiction) private readonly deleting: DeleteJurisdiction,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Countries, each with its subdivisions, as plain rows for antd's tree table. */
  get tree(): JurisdictionRow[] {
    const countries = this.items.filter((j) => !j.parentId);
    return countries.map((country) => {
      const children = this.items.filter((j) => j.parentId === country.id).map((j) => ({ ...j }));
      return children.length ? { ...country, children } : { ...country };
    });
  }

  get countries(): Jurisdiction[] {
    return this.items.filter((j) => !j.parentId);
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const items = await this.api.jurisdictions();
      runInAction(() => {
        this.items = items;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  async create(body: CreateJurisdictionBody): Promise<boolean> {
    return this.save(() => this.creating.execute(body));
  }

  async rename(id: string, name: string): Promise<boolean> {
    return this.save(() => this.renaming.execute(id, name));
  }

  async remove(row: Jurisdiction): Promise<void> {
    this.notice = null;
    try {
      const outcome = await this.deleting.execute(row.id);
      if (!outcome.ok) {
        runInAction(() => (this.notice = { type: 'error', text: outcome.message }));
        return;
      }
      runInAction(() => (this.notice = { type: 'success', text: `${row.name} was deleted.` }));
      await this.load();
    } catch (error) {
      runInAction(() => (this.notice = { type: 'error', text: describeError(error) }));
    }
  }

  clearSaveError(): void {
    this.saveError = null;
  }

  private async save(run: () => Promise<Outcome>): Promise<boolean> {
    this.saving = true;
    this.saveError = null;
    try {
      const outcome = await run();
      runInAction(() => {
        this.saving = false;
        if (!outcome.ok) this.saveError = outcome.message;
      });
      if (!outcome.ok) return false;
      await this.load();
      return true;
    } catch (error) {
      runInAction(() => {
        this.saving = false;
        this.saveError = describeError(error);
      });
      return false;
    }
  }
}
