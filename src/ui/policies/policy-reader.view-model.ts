import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { AcceptPolicy } from '../../application/policies/accept-policy.use-case';
import { WorkspacePolicyApi } from '../../application/policies/policy-api.port';
import { describeError } from '../../application/shared/api-error';
import type { PolicyLanguage } from '../../contracts/learning/catalogue.contract';
import type { PolicyReading } from '../../contracts/learning/policies.contract';
import type { PdfSource } from '../shared/pdf-viewer/pdf-viewer';

/** One policy to read in the page (its PDF fetched by the server's document call, drawn by the PDF viewer) and accept. */
@injectable()
export class PolicyReaderViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  reading: PolicyReading | null = null;
  /** The PDF's bytes for the viewer; null while they are fetched. */
  source: PdfSource | null = null;
  /** An object URL of the same bytes, for "Download PDF". */
  downloadUrl: string | null = null;
  documentError: string | null = null;
  /** The viewer drew the document's first page: only then may the reader accept. */
  shown = false;
  accepting = false;
  acceptError: string | null = null;
  private request = 0;

  constructor(
    @inject(WorkspacePolicyApi) private readonly api: WorkspacePolicyApi,
    @inject(AcceptPolicy) private readonly acceptPolicy: AcceptPolicy,
  ) {
    makeAutoObservable<PolicyReaderViewModel, 'request'>(this, { request: false }, { autoBind: true });
  }

  /** Whether this version is accepted already (the reader then only reads). */
  get accepted(): boolean {
    const r = this.reading;
    return !!r && r.state === 'ACCEPTED' && r.acceptedVersion === r.version;
  }

  /** The accept button is enabled only once the document is on screen. */
  get canAccept(): boolean {
    return !!this.reading && this.shown && !this.accepting && !this.accepted;
  }

  async load(id: string, language?: PolicyLanguage): Promise<void> {
    const request = ++this.request;
    this.status = 'loading';
    this.error = null;
    this.acceptError = null;
    this.dispose();
    try {
      const reading = await this.api.reading(id, language);
      if (request !== this.request) return;
      runInAction(() => {
        this.reading = reading;
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

  /** Fetches the PDF again after a failure (the reading itself is kept). */
  async retryDocument(): Promise<void> {
    await this.fetchDocument(++this.request);
  }

  /** The viewer drew the first page. */
  markShown(): void {
    this.shown = true;
  }

  async accept(): Promise<void> {
    const reading = this.reading;
    if (!reading) return;
    this.accepting = true;
    this.acceptError = null;
    const outcome = await this.acceptPolicy.execute({
      policyId: reading.id,
      version: reading.version,
      language: reading.language,
      shown: this.shown,
    });
    runInAction(() => {
      this.accepting = false;
      if (outcome.ok)
        this.reading = {
          ...reading,
          state: 'ACCEPTED',
          acceptedVersion: outcome.version,
          acceptedAt: outcome.acceptedAt,
          dueOn: null,
        };
      else this.acceptError = outcome.message;
    });
  }

  dispose(): void {
    if (this.downloadUrl) URL.revokeObjectURL(this.downloadUrl);
    this.downloadUrl = null;
    this.source = null;
    this.shown = false;
    this.documentError = null;
  }

  private async fetchDocument(request: number): Promise<void> {
    const reading = this.reading;
    if (!reading) return;
    this.documentError = null;
    try {
      const blob = await this.api.document(reading);
      const bytes = new Uint8Array(await blob.arrayBuffer());
      runInAction(() => {
        if (request !== this.request) return;
        // Fetching it is what the server records as opening it; the viewer then says when it is shown.
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
