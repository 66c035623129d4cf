import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { WorkspacePolicyApi, type CataloguePolicyOffer } from '../../application/policies/policy-api.port';
import { PublishPolicy } from '../../application/policies/publish-policy.use-case';
import { RecordAcceptance } from '../../application/policies/record-acceptance.use-case';
import { describeError } from '../../application/shared/api-error';
import { OrganisationApi } from '../../application/shared/main-reads.port';
import type { Branch } from '../../contracts/main/workspace.contract';
import type { PolicyLanguage } from '../../contracts/learning/catalogue.contract';
import type { AcceptanceRow, PublishBody, WorkspacePolicy } from '../../contracts/learning/policies.contract';

/** The workspace admin's policies: publish from the catalogue, see who accepted, export it. */
@injectable()
export class WorkspacePoliciesViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  offers: CataloguePolicyOffer[] = [];
  published: WorkspacePolicy[] = [];
  publishing = false;
  publishError: string | null = null;
  selected: WorkspacePolicy | null = null;
  rows: AcceptanceRow[] = [];
  rowsTotal = 0;
  rowsLoading = false;
  /** The business units a policy may be published to. */
  units: Branch[] = [];
  /** The person an admin records an acceptance for (on their behalf), while the dialog is open. */
  recordingFor: AcceptanceRow | null = null;
  recordError: string | null = null;
  recordBusy = false;

  constructor(
    @inject(WorkspacePolicyApi) private readonly api: WorkspacePolicyApi,
    @inject(OrganisationApi) private readonly organisation: OrganisationApi,
    @inject(PublishPolicy) private readonly publishPolicy: PublishPolicy,
    @inject(RecordAcceptance) private readonly recordAcceptance: RecordAcceptance,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(): Promise<void> {
    try {
      const [offers, published, units] = await Promise.all([
        this.api.catalogue(),
        this.api.published(),
        // Without the units the admin still publishes to everyone.
        this.organisation.businessUnits().catch(() => [] as Branch[]),
      ]);
      runInAction(() => {
        this.units = units;
        this.offers = offers;
        this.published = published;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  async publish(body: PublishBody): Promise<boolean> {
    this.publishing = true;
    this.publishError = null;
    try {
      const outcome = await this.publishPolicy.execute(body);
      if (!outcome.ok) {
        runInAction(() => {
          this.publishing = false;
          this.publishError = outcome.message;
        });
        return false;
      }
      await this.load();
      runInAction(() => (this.publishing = false));
      return true;
    } catch (error) {
      runInAction(() => {
        this.publishing = false;
        this.publishError = describeError(error);
      });
      return false;
    }
  }

  async openAcceptances(policy: WorkspacePolicy): Promise<void> {
    this.selected = policy;
    this.rowsLoading = true;
    const page = await this.api.acceptances(policy.id, 0, 300);
    runInAction(() => {
      // Latest answer wins: another policy may have been opened meanwhile.
      if (this.selected?.id !== policy.id) return;
      this.selected = page.policy;
      this.rows = page.items;
      this.rowsTotal = page.total;
      this.rowsLoading = false;
    });
  }

  close(): void {
    this.selected = null;
    this.rows = [];
  }

  openRecord(row: AcceptanceRow): void {
    this.recordingFor = row;
    this.recordError = null;
  }

  cancelRecord(): void {
    this.recordingFor = null;
  }

  /** Records the current version's acceptance for the person chosen, with the reason; then reads the table again. */
  async record(language: PolicyLanguage, reason: string): Promise<boolean> {
    const policy = this.selected;
    const row = this.recordingFor;
    if (!policy || !row) return false;
    this.recordBusy = true;
    this.recordError = null;
    try {
      const outcome = await this.recordAcceptance.execute(policy.id, row.userId, language, reason);
      if (!outcome.ok) {
        runInAction(() => {
          this.recordBusy = false;
          this.recordError = outcome.message;
        });
        return false;
      }
      runInAction(() => {
        this.recordBusy = false;
        this.recordingFor = null;
      });
      await this.openAcceptances(policy);
      return true;
    } catch (error) {
      runInAction(() => {
        this.recordBusy = false;
        this.recordError = describeError(error);
      });
      return false;
    }
  }

  exportCsv(policyId: string) {
    return this.api.exportAcceptances(policyId);
  }
}
