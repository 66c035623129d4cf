import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { SaveIpRanges, type IpRangeInput } from '../../application/platform-tools/ip-ranges.use-case';
import { IpRangesApi, WorkspaceDirectory } from '../../application/platform-tools/platform-tools-api.port';
import { describeError } from '../../application/shared/api-error';
import type { WorkspaceOption } from '../../contracts/main/workspace-options.contract';
import { Loadable } from '../shared/loadable';

/** One workspace's allowed address ranges (the elevated-IP mode lets only these in). */
@injectable()
export class IpRangesViewModel {
  /** The chosen workspace and its ranges. */
  readonly loaded = new Loadable<{ workspace: WorkspaceOption | null; ranges: IpRangeInput[] }>({
    workspace: null,
    ranges: [],
  });
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

  async load(workspaceUrl: string): Promise<boolean> {
    const taken = await this.loaded.load(async () => {
      const all = await this.directory.search(workspaceUrl);
      const workspace = all.find((w) => w.workspaceUrl === workspaceUrl) ?? null;
      if (!workspace) return { workspace: null, ranges: [] };
      const ranges = await this.api.get(workspace.workspaceId);
      return { workspace, ranges: ranges.map((r) => ({ cidr: r.cidr, label: r.label ?? '' })) };
    });
    if (taken && !this.workspace) runInAction(() => this.loaded.fail(`There is no workspace at ${workspaceUrl}`));
    return taken && !!this.workspace;
  }

  get workspace(): WorkspaceOption | null {
    return this.loaded.value.workspace;
  }

  get ranges(): IpRangeInput[] {
    return this.loaded.value.ranges;
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
          this.loaded.set({
            workspace: this.workspace,
            ranges: outcome.ranges.map((r) => ({ cidr: r.cidr, label: r.label ?? '' })),
          });
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
