import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { WorkspacePolicyApi } from '../../application/policies/policy-api.port';
import { describeError } from '../../application/shared/api-error';
import type { AcceptedPolicy } from '../../contracts/learning/policies.contract';
import type { PdfSource } from '../shared/pdf-viewer/pdf-viewer';
import { rowOf, type AcceptedPolicyRow } from './accepted-policies.view-model';

/** A policy version the person accepted, read again (read-only: nothing to accept, nothing recorded). */
@injectable()
export class AcceptedPolicyViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  accepted: AcceptedPolicy | null = null;
  source: PdfSource | null = null;
  downloadUrl: string | null = null;
  documentError: string | null = null;
  private request = 0;

  constructor(@inject(WorkspacePolicyApi) private readonly api: WorkspacePolicyApi) {
    makeAutoObservable<AcceptedPolicyViewModel, 'request'>(this, { request: false }, { autoBind: true });
  }

  get row(): AcceptedPolicyRow | null {
    return this.accepted ? rowOf(this.accepted) : null;
  }

  async load(policyId: string, version: number): Promise<void> {
    const request = ++this.request;
    this.status = 'loading';
    this.error = null;
    this.dispose();
    try {
      const accepted = await this.api.acceptedOne(policyId, version);
      if (request !== this.request) return;
      runInAction(() => {
        this.accepted = accepted;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        if (request !== this.request) return;
        this.status = 'error';
        this.error = describeError(error);
      });
      return;
    }
    await this.fetchDocument(request);
  }

  async retryDocument(): Promise<void> {
    await this.fetchDocument(++this.request);
  }

  dispose(): void {
    if (this.downloadUrl) URL.revokeObjectURL(this.downloadUrl);
    this.downloadUrl = null;
    this.source = null;
    this.documentError = null;
  }

  private async fetchDocument(request: number): Promise<void> {
    const accepted = this.accepted;
    if (!accepted) return;
    this.documentError = null;
    try {
      const bytes = new Uint8Array(await (await this.api.acceptedDocument(accepted)).arrayBuffer());
      runInAction(() => {
        if (request !== this.request) return;
        this.source = { data: bytes };
        this.downloadUrl = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
      });
    } catch (error) {
      runInAction(() => {
        if (request === this.request) this.documentError = describeError(error);
      });
    }
  }
}
