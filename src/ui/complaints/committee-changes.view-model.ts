import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { AdmitMember } from '../../application/complaints/admit-member.use-case';
import { CommitteeMembershipApi } from '../../application/complaints/committee-membership-api.port';
import { DecideCommitteeChange } from '../../application/complaints/decide-committee-change.use-case';
import type { AdmissionWaiting, MembershipChange } from '../../contracts/case/committee-membership.contract';
import { Loadable } from '../shared/loadable';

/** Changes of the committee's members, pending first then their history, and the members waiting to be admitted. */
@injectable()
export class CommitteeChangesViewModel {
  readonly loaded = new Loadable<{ changes: MembershipChange[]; admissions: AdmissionWaiting[] }>(
    { changes: [], admissions: [] },
    { initial: 'idle' },
  );
  /** The change or admission being sent (its id), so only its buttons wait. */
  busy: string | null = null;
  actionError: string | null = null;
  note: string | null = null;

  constructor(
    @inject(CommitteeMembershipApi) private readonly api: CommitteeMembershipApi,
    @inject(DecideCommitteeChange) private readonly decideChange: DecideCommitteeChange,
    @inject(AdmitMember) private readonly admitMember: AdmitMember,
  ) {
    makeAutoObservable<CommitteeChangesViewModel, 'api' | 'decideChange' | 'admitMember'>(
      this,
      { api: false, decideChange: false, admitMember: false },
      { autoBind: true },
    );
  }

  get pending(): MembershipChange[] {
    return this.changes.filter((c) => c.status === 'PENDING');
  }

  get history(): MembershipChange[] {
    return this.changes.filter((c) => c.status !== 'PENDING');
  }

  load(): Promise<boolean> {
    return this.loaded.load(() => this.api.changes());
  }

  get changes(): MembershipChange[] {
    return this.loaded.value.changes;
  }

  get admissions(): AdmissionWaiting[] {
    return this.loaded.value.admissions;
  }

  async decide(change: MembershipChange, decision: 'APPROVE' | 'REJECT'): Promise<void> {
    this.busy = change.changeId;
    this.actionError = null;
    this.note = null;
    const outcome = await this.decideChange.execute(change.changeId, decision);
    runInAction(() => {
      this.busy = null;
      if (!outcome.ok) this.actionError = outcome.message;
      else
        this.note =
          decision === 'APPROVE' ? 'Approved: the committee now has these members.' : 'Rejected: nothing changed.';
    });
    if (outcome.ok) await this.load();
  }

  async admit(item: AdmissionWaiting): Promise<void> {
    const key = `${item.complaintId}:${item.member.userId}`;
    this.busy = key;
    this.actionError = null;
    this.note = null;
    const outcome = await this.admitMember.execute(item.complaintId, item.member.userId);
    runInAction(() => {
      this.busy = null;
      if (!outcome.ok) this.actionError = outcome.message;
      else this.note = `${item.member.name} can now read case ${item.caseNumber}.`;
    });
    if (outcome.ok) await this.load();
  }
}
