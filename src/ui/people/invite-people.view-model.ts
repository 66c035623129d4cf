import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import type { InviteOutcome } from '../../contracts/main/invite-management.contract';
import type { Department } from '../../contracts/main/workspace.contract';
import { InvitePeople, type InvitePeopleOutcome } from '../../application/people/invite-people.use-case';
import { describeError } from '../../application/shared/api-error';
import { OrganisationApi } from '../../application/shared/main-reads.port';
import type { Role } from '../../domain/auth/roles';
import { plural } from '../shared/plural';

export interface InviteFormValues {
  mode: 'one' | 'list';
  branchId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** '' = no department. */
  departmentId: string;
  emails: string;
}

/** "Invite people": one person with their details, or a pasted list of emails, to one business unit. */
@injectable()
export class InvitePeopleViewModel {
  departments: Department[] = [];
  departmentsLoading = false;
  submitting = false;
  error: string | null = null;
  fieldErrors: Record<string, string> = {};
  /** The last invite's result, shown until the modal closes. */
  result: InviteOutcome | null = null;
  private departmentsTicket = 0;

  constructor(
    @inject(InvitePeople) private readonly invitePeople: InvitePeople,
    @inject(OrganisationApi) private readonly organisation: OrganisationApi,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  get summary(): string | null {
    if (!this.result) return null;
    const invited = `Invited ${plural(this.result.invited, 'person', 'people')}`;
    if (this.result.skipped.length === 0) return invited;
    return `${invited}; skipped ${this.result.skipped.map((s) => `${s.email} (${s.reason})`).join('; ')}`;
  }

  reset(): void {
    this.error = null;
    this.fieldErrors = {};
    this.result = null;
  }

  /**
   * The departments of the chosen unit. The previous unit's are dropped at once, and only the latest call's answer
   * is applied: the opening unit's list arriving after the admin picked another unit never replaces that unit's.
   */
  async loadDepartments(branchId: string): Promise<void> {
    const ticket = ++this.departmentsTicket;
    this.departments = [];
    this.departmentsLoading = true;
    try {
      const departments = await this.organisation.departments({ branchId });
      runInAction(() => {
        if (ticket === this.departmentsTicket) this.departments = departments;
      });
    } catch {
      // No list: "No department" stays possible.
    } finally {
      runInAction(() => {
        if (ticket === this.departmentsTicket) this.departmentsLoading = false;
      });
    }
  }

  /** Answers true when someone was invited (the list behind should reload). */
  async submit(values: InviteFormValues): Promise<boolean> {
    this.submitting = true;
    this.error = null;
    this.fieldErrors = {};
    this.result = null;
    try {
      const outcome: InvitePeopleOutcome =
        values.mode === 'one'
          ? await this.invitePeople.one(values.branchId, {
              email: values.email,
              firstName: values.firstName,
              lastName: values.lastName,
              role: values.role,
              departmentId: values.departmentId || null,
            })
          : await this.invitePeople.list(values.branchId, values.emails);
      runInAction(() => {
        if (outcome.ok) this.result = outcome.outcome;
        else {
          this.error = outcome.message;
          this.fieldErrors = outcome.fields;
        }
      });
      return outcome.ok && outcome.outcome.invited > 0;
    } catch (error) {
      runInAction(() => (this.error = describeError(error)));
      return false;
    } finally {
      runInAction(() => (this.submitting = false));
    }
  }
}
