import { makeAutoObservable, runInAction } from 'mobx';
import type { WorkspaceOption } from '../../contracts/main/workspace-options.contract';
import type { WorkspaceDirectory } from '../../application/platform-tools/platform-tools-api.port';
import { describeError } from '../../application/shared/api-error';

/** A searchable workspace picker's state, owned by a screen's view-model. */
export class WorkspaceChoices {
  options: WorkspaceOption[] = [];
  /** Every workspace seen so far, so a chosen one keeps its name when a search no longer lists it. */
  known = new Map<string, WorkspaceOption>();
  searching = false;
  error: string | null = null;
  private latest = 0;

  constructor(private readonly directory: WorkspaceDirectory) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  /** Plain options for antd's Select, valued by workspace id. */
  get byId(): { value: string; label: string }[] {
    return this.options.map((w) => ({ value: w.workspaceId, label: `${w.companyName} (${w.workspaceUrl})` }));
  }

  /** Plain options valued by address (feature flags name workspaces by address). */
  get byUrl(): { value: string; label: string }[] {
    return this.options.map((w) => ({ value: w.workspaceUrl, label: `${w.companyName} (${w.workspaceUrl})` }));
  }

  find(idOrUrl: string | null): WorkspaceOption | null {
    if (!idOrUrl) return null;
    return this.known.get(idOrUrl) ?? [...this.known.values()].find((w) => w.workspaceUrl === idOrUrl) ?? null;
  }

  async search(q = ''): Promise<void> {
    const call = ++this.latest;
    this.searching = true;
    this.error = null;
    try {
      const found = await this.directory.search(q);
      runInAction(() => {
        if (call !== this.latest) return;
        this.options = found;
        for (const w of found) this.known.set(w.workspaceId, w);
        this.searching = false;
      });
    } catch (error) {
      runInAction(() => {
        if (call !== this.latest) return;
        this.searching = false;
        this.error = describeError(error);
      });
    }
  }
}
