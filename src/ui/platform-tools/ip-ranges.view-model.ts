import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { SaveIpRanges, type IpRangeInput } from '../../application/platform-tools/ip-ranges.use-case';
import { IpRangesApi, WorkspaceDirectory } from '../../application/platform-tools/platform-tools-api.port';
import { describeError } from '../../application/shared/api-error';
import type { WorkspaceOption } from '../../contracts/main/workspace-options.contract';

/** One workspace's allowed address ranges (the elevated-IP mode lets only these in). */
@injectable()
export class IpRangesViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  workspace: WorkspaceOption | null = null;
  ranges: IpRangeInput[] = [];
  saving = false;
  saveError: string | null = null;
  fields: Record<string, string> = {};
  saved = 0;

  constructor(
    @inject(IpRangesApi) private readonly api: IpRangesApi,
    @inject(WorkspaceDirectory) private readonly directory: WorkspaceDirectory,
    @inject(SaveIpRanges) private readonly saveRanges: SaveIpRanges,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** The error the server or the shared schema gave for row `index`'s range. */
  rangeError(index: number): string | undefined {
    return this.fields[`ranges.${index}.cidr`];
  }

  async load(workspaceUrl: string): Promise<void> {
    this.status = 'loading';
    this.error = null;
    try {
      const found = (await this.directory.search(workspaceUrl)).find((w) => w.workspaceUrl === workspaceUrl) ?? null;
      if (!found) throw new Error(`There is no workspace at ${workspaceUrl}`);
      const ranges = await this.api.get(found.workspaceId);
      runInAction(() => {
        this.workspace = found;
        this.ranges = ranges.map((r) => ({ cidr: r.cidr, label: r.label ?? '' }));
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = error instanceof Error && !('status' in error) ? error.message : describeError(error);
      });
    }
  }

  async save(rows: IpRangeInput[]): Promise<void> {
    if (!this.workspace) return;
    this.saving = true;
    this.saveError = null;
    this.fields = {};
    try {
      const outcome = await this.saveRanges.execute(this.workspace.workspaceId, rows);
      runInAction(() => {
        if (outcome.ok) {
          this.ranges = outcome.ranges.map((r) => ({ cidr: r.cidr, label: r.label ?? '' }));
          this.saved += 1;
        } else {
          this.saveError = outcome.message;
          this.fields = outcome.fields;
        }
      });
    } catch (error) {
      runInAction(() => (this.saveError = describeError(error)));
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
