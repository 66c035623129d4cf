import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { UserRecord } from '../../contracts/main/platform-users.contract';
import { WorkspaceDirectory } from '../../application/platform-tools/platform-tools-api.port';
import {
  FindUserRecord,
  UpdateWorkspaceUser,
  type UserFixes,
} from '../../application/platform-tools/platform-users.use-cases';
import { describeError } from '../../application/shared/api-error';
import { WorkspaceChoices } from './workspace-choices';

export interface CourseRow {
  key: string;
  title: string;
  status: string;
  progress: string;
  assigned: string;
  completed: string;
}

const STATUS_LABELS = { ASSIGNED: 'Assigned', IN_PROGRESS: 'In progress', COMPLETED: 'Completed' } as const;
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** Find a workspace's user by email, fix their details, see their course and policy record. */
@injectable()
export class PlatformUsersViewModel {
  workspaceId: string | null = null;
  searching = false;
  searchError: string | null = null;
  record: UserRecord | null = null;

  saving = false;
  saveError: string | null = null;
  fields: Record<string, string> = {};
  notice: string | null = null;
  /** Bumped when a new user is shown, so the screen resets its form. */
  shown = 0;
  readonly workspaces: WorkspaceChoices;

  constructor(
    @inject(WorkspaceDirectory) directory: WorkspaceDirectory,
    @inject(FindUserRecord) private readonly findRecord: FindUserRecord,
    @inject(UpdateWorkspaceUser) private readonly updateUser: UpdateWorkspaceUser,
  ) {
    this.workspaces = new WorkspaceChoices(directory);
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get courseRows(): CourseRow[] {
    return (this.record?.courses ?? []).map((c) => ({
      key: c.courseId,
      title: c.title,
      status: STATUS_LABELS[c.status],
      progress: c.progress === null ? '—' : `${c.progress}%`,
      assigned: day(c.assignedAt),
      completed: c.completedAt ? day(c.completedAt) : '—',
    }));
  }

  choose(workspaceId: string): void {
    this.workspaceId = workspaceId;
    this.record = null;
    this.searchError = null;
    this.notice = null;
  }

  async find(email: string): Promise<void> {
    if (!this.workspaceId) {
      this.searchError = 'Choose a workspace first';
      return;
    }
    this.searching = true;
    this.searchError = null;
    this.notice = null;
    this.saveError = null;
    this.fields = {};
    try {
      const outcome = await this.findRecord.execute(this.workspaceId, email);
      runInAction(() => {
        if (outcome.ok) {
          this.record = outcome.record;
          this.shown += 1;
        } else {
          this.record = null;
          this.searchError =
            outcome.reason === 'not-found'
              ? `No user with the email ${email.trim()} in this workspace`
              : outcome.message;
        }
      });
    } catch (error) {
      runInAction(() => (this.searchError = describeError(error)));
    } finally {
      runInAction(() => (this.searching = false));
    }
  }

  async save(fixes: UserFixes): Promise<void> {
    const record = this.record;
    if (!record) return;
    this.saving = true;
    this.saveError = null;
    this.fields = {};
    this.notice = null;
    try {
      const outcome = await this.updateUser.execute(record.user, fixes);
      runInAction(() => {
        if (outcome.ok) {
          this.record = { ...record, user: outcome.user };
          this.notice = `${outcome.user.firstName} ${outcome.user.lastName}`.trim() + ' was saved.';
        } else if (outcome.code === 'unchanged') {
          this.notice = outcome.message;
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
