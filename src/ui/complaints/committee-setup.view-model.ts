import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { Committee, CommitteeList } from '../../contracts/case/complaints.contract';
import { ComplaintsApi, type PersonOption } from '../../application/complaints/complaints-api.port';
import { SaveCommittee } from '../../application/complaints/save-committee.use-case';
import { ApiError, describeError } from '../../application/shared/api-error';

type Status = 'idle' | 'loading' | 'ready' | 'error';

export interface MemberDraft {
  userId: string;
  label: string;
  role: Committee['members'][number]['role'];
  gender: Committee['members'][number]['gender'];
  senior: boolean;
}

/** The committee setup: committees with their composition warnings, and a drawer to constitute or change one. */
@injectable()
export class CommitteeSetupViewModel {
  status: Status = 'idle';
  error: string | null = null;
  list: CommitteeList | null = null;
  editing: Committee | 'new' | null = null;
  members: MemberDraft[] = [];
  people: PersonOption[] = [];
  saving = false;
  saveError: string | null = null;
  fieldErrors: Record<string, string> = {};
  /** False for a caller who may not set committees up (a presiding officer): the page shows only the changes. */
  setsUp = true;

  constructor(
    @inject(ComplaintsApi) private readonly api: ComplaintsApi,
    @inject(SaveCommittee) private readonly saveCommittee: SaveCommittee,
  ) {
    makeAutoObservable<CommitteeSetupViewModel, 'api' | 'saveCommittee'>(
      this,
      { api: false, saveCommittee: false },
      { autoBind: true },
    );
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const list = await this.api.committees();
      runInAction(() => {
        this.list = list;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        // A presiding officer who does not set committees up still comes here for the changes to approve.
        this.setsUp = !(ApiError.is(error) && error.reason === 'forbidden');
        this.error = describeError(error);
        this.status = this.setsUp ? 'error' : 'ready';
      });
    }
  }

  get canada(): boolean {
    return this.list?.compliance === 'CA_FEDERAL';
  }

  open(committee: Committee | 'new'): void {
    this.editing = committee;
    this.saveError = null;
    this.fieldErrors = {};
    this.members =
      committee === 'new'
        ? []
        : committee.members.map((m) => ({
            userId: m.userId,
            label: `${m.name} (${m.email})`,
            role: m.role,
            gender: m.gender,
            senior: m.senior,
          }));
  }

  closeDrawer(): void {
    this.editing = null;
  }

  async search(text: string): Promise<void> {
    if (!text.trim()) return;
    try {
      const people = await this.api.findPeople(text.trim());
      runInAction(() => (this.people = people));
    } catch {
      runInAction(() => (this.people = []));
    }
  }

  addMember(userId: string): void {
    const person = this.people.find((p) => p.userId === userId);
    if (!person || this.members.some((m) => m.userId === userId)) return;
    const first = this.members.length === 0;
    this.members.push({
      userId,
      label: person.label,
      role: this.canada ? 'DESIGNATED_RECIPIENT' : first ? 'PRESIDING_OFFICER' : 'EMPLOYEE_MEMBER',
      gender: 'UNDISCLOSED',
      senior: false,
    });
  }

  changeMember(userId: string, change: Partial<MemberDraft>): void {
    const m = this.members.find((x) => x.userId === userId);
    if (m) Object.assign(m, change);
  }

  removeMember(userId: string): void {
    this.members = this.members.filter((m) => m.userId !== userId);
  }

  async save(values: { name: string; termStart: string; termEnd: string }): Promise<boolean> {
    this.saving = true;
    this.saveError = null;
    this.fieldErrors = {};
    const members = this.members.map((m) => ({
      userId: m.userId,
      role: m.role,
      gender: m.gender,
      senior: m.senior,
      fromAnotherOffice: false,
    }));
    const editing = this.editing;
    try {
      const outcome = editing
        ? await this.saveCommittee.execute(editing === 'new' ? null : editing.committeeId, {
            name: values.name,
            termStart: values.termStart,
            termEnd: values.termEnd,
            members,
          })
        : ({ ok: true } as const);
      if (!outcome.ok) {
        runInAction(() => {
          this.saveError = outcome.message;
          this.fieldErrors = outcome.fields;
        });
        return false;
      }
      await this.load();
      runInAction(() => (this.editing = null));
      return true;
    } catch (error) {
      runInAction(() => (this.saveError = describeError(error)));
      return false;
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
