import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { WorkspacePolicyApi } from '../../application/policies/policy-api.port';
import type { AcceptedPolicy } from '../../contracts/learning/policies.contract';
import { LANGUAGE_LABELS } from '../../domain/courses/course';
import { PagedList } from '../shared/paged-list';

/** The day an acceptance was recorded, as the screens write dates ("12 Dec 2026"). */
export const acceptedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** A row of "My policies", in words. */
export interface AcceptedPolicyRow {
  key: string;
  title: string;
  /** "Version 2 · English" */
  version: string;
  /** "Accepted 12 Dec 2026", or "Recorded for you 12 Dec 2026" when an admin recorded it. */
  accepted: string;
  /** Set when a newer version is out: "Version 3 is now current". */
  newer: string | null;
  /** The read-again page of this version, and its link's words ("Read version 2 again"). */
  readPath: string;
  readLabel: string;
  /** The current version's reader, when a newer version is out. */
  currentPath: string | null;
}

export function rowOf(item: AcceptedPolicy): AcceptedPolicyRow {
  const newer = item.currentVersion !== null && item.currentVersion > item.version;
  return {
    key: `${item.policyId}/${item.version}`,
    title: item.title,
    version: `Version ${item.version} · ${LANGUAGE_LABELS[item.language]}`,
    accepted: `${item.recordedForThem ? 'Recorded for you' : 'Accepted'} ${acceptedOn(item.acceptedAt)}`,
    newer: newer ? `Version ${item.currentVersion} is now current` : null,
    readPath: `/policies/mine/${item.policyId}/${item.version}`,
    readLabel: `Read version ${item.version} again`,
    currentPath: newer ? `/policies/read/${item.policyId}` : null,
  };
}

/** "My policies": every policy version the signed-in person accepted, the latest first, paged on the server. */
@injectable()
export class AcceptedPoliciesViewModel {
  readonly list: PagedList<AcceptedPolicy>;

  constructor(@inject(WorkspacePolicyApi) private readonly api: WorkspacePolicyApi) {
    this.list = new PagedList<AcceptedPolicy>((page, pageSize) => this.api.accepted(page, pageSize), { pageSize: 20 });
    makeAutoObservable(this, { list: false }, { autoBind: true });
  }

  get rows(): AcceptedPolicyRow[] {
    return this.list.items.map(rowOf);
  }

  load(page?: number): Promise<void> {
    return this.list.load(page);
  }
}
