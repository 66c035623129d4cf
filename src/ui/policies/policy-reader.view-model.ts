import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { WorkspacePolicyApi } from '../../application/policies/policy-api.port';
import { describeError } from '../../application/shared/api-error';
import type { PolicyLanguage } from '../../contracts/learning/catalogue.contract';
import type { MyPolicy, PolicyReading } from '../../contracts/learning/policies.contract';

/** One policy to read in the page (its PDF fetched by the server's document call) and accept. */
@injectable()
export class PolicyReaderViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  reading: PolicyReading | null = null;
  /** An object URL of the PDF, shown in the page. */
  documentUrl: string | null = null;
  accepting = false;
  acceptError: string | null = null;

  constructor(@inject(WorkspacePolicyApi) private readonly api: WorkspacePolicyApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(id: string, language?: PolicyLanguage): Promise<void> {
    this.status = 'loading';
    this.dispose();
    try {
      const reading = await this.api.reading(id, language);
      const pdf = await this.api.document(reading);
      runInAction(() => {
        // Opening it is recorded by the server: accepting is now possible.
        this.reading = { ...reading, opened: true };
        this.documentUrl = URL.createObjectURL(new Blob([pdf], { type: 'application/pdf' }));
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  async accept(): Promise<void> {
    const reading = this.reading;
    if (!reading) return;
    this.accepting = true;
    this.acceptError = null;
    try {
      const accepted = await this.api.accept(reading.id, reading.version, reading.language);
      runInAction(() => {
        this.reading = { ...reading, state: 'ACCEPTED', acceptedVersion: accepted.version, acceptedAt: accepted.acceptedAt, dueOn: null };
        this.accepting = false;
      });
    } catch (error) {
      runInAction(() => {
        this.accepting = false;
        this.acceptError = describeError(error);
      });
    }
  }

  dispose(): void {
    if (this.documentUrl) URL.revokeObjectURL(this.documentUrl);
    this.documentUrl = null;
  }
}

/** The signed-in person's policies, for "Policies to accept" on the home page. */
@injectable()
export class MyPoliciesViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  items: MyPolicy[] = [];

  constructor(@inject(WorkspacePolicyApi) private readonly api: WorkspacePolicyApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(): Promise<void> {
    try {
      const items = await this.api.mine();
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
}
