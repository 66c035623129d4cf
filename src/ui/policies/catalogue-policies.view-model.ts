import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { CataloguePolicyApi } from '../../application/policies/policy-api.port';
import {
  AddPolicyVersion,
  CreatePolicy,
  RecordPolicyReview,
  type PolicyEditOutcome,
} from '../../application/policies/policy-editor.use-cases';
import { UploadPolicyPdf } from '../../application/policies/upload-policy-pdf.use-case';
import { describeError } from '../../application/shared/api-error';
import type {
  CreatePolicyBody,
  NewVersionBody,
  PolicyDetails,
  PolicyLanguage,
  PolicySummary,
  ReviewBody,
} from '../../contracts/learning/catalogue.contract';

export interface UploadState {
  sent: number;
  total: number;
  status: 'sending' | 'done' | 'failed';
  message?: string;
}

/** The platform admin's policies: the list, one policy's versions and PDFs, and the uploads with their progress. */
@injectable()
export class CataloguePoliciesViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  items: PolicySummary[] = [];
  total = 0;
  selected: PolicyDetails | null = null;
  saving = false;
  saveError: string | null = null;
  uploads: Partial<Record<PolicyLanguage, UploadState>> = {};

  constructor(
    @inject(CataloguePolicyApi) private readonly api: CataloguePolicyApi,
    @inject(UploadPolicyPdf) private readonly uploadPdf: UploadPolicyPdf,
    @inject(CreatePolicy) private readonly createPolicy: CreatePolicy,
    @inject(AddPolicyVersion) private readonly addVersion: AddPolicyVersion,
    @inject(RecordPolicyReview) private readonly recordReview: RecordPolicyReview,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const page = await this.api.list(0, 100);
      runInAction(() => {
        this.items = page.items;
        this.total = page.total;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  async open(id: string): Promise<void> {
    const details = await this.api.details(id);
    runInAction(() => {
      this.selected = details;
      this.uploads = {};
    });
  }

  close(): void {
    this.selected = null;
  }

  async create(body: CreatePolicyBody): Promise<boolean> {
    return this.save(() => this.createPolicy.execute(body));
  }

  async newVersion(body: NewVersionBody): Promise<boolean> {
    const id = this.selected?.id;
    if (!id) return false;
    return this.save(() => this.addVersion.execute(id, body));
  }

  /** The review ended in "reviewed, no change": recorded with the next review date, the version unchanged. */
  async reviewNoChange(body: ReviewBody): Promise<boolean> {
    const id = this.selected?.id;
    if (!id) return false;
    return this.save(() => this.recordReview.execute(id, body));
  }

  async upload(language: PolicyLanguage, file: File): Promise<void> {
    const id = this.selected?.id;
    if (!id) return;
    this.uploads[language] = { sent: 0, total: file.size, status: 'sending' };
    const outcome = await this.uploadPdf.execute(
      id,
      language,
      file,
      (sent, total) => runInAction(() => (this.uploads[language] = { sent, total, status: 'sending' })),
      new AbortController().signal,
    );
    runInAction(() => {
      if (outcome.ok) {
        // The person may have closed the drawer while the file was being checked: never open it again behind them.
        if (this.selected?.id === id) this.selected = outcome.policy;
        this.uploads[language] = { sent: file.size, total: file.size, status: 'done' };
      } else {
        this.uploads[language] = { sent: 0, total: file.size, status: 'failed', message: outcome.message };
      }
    });
    if (outcome.ok) await this.load();
  }

  private async save(run: () => Promise<PolicyEditOutcome>): Promise<boolean> {
    this.saving = true;
    this.saveError = null;
    try {
      const outcome = await run();
      runInAction(() => {
        this.saving = false;
        if (outcome.ok) this.selected = outcome.policy;
        else this.saveError = outcome.message;
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

/** The same view-model over a workspace's own policies (bound in policies.bindings.ts with OwnPolicyApi). */
export const OwnPoliciesViewModel = Symbol('OwnPoliciesViewModel');
