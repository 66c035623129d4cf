import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { WorkspacePolicyApi } from '../../application/policies/policy-api.port';
import type { AcceptedPolicy } from '../../contracts/learning/policies.contract';
import { LANGUAGE_AUTONYMS } from '../../domain/shared/app-language';
import { showDate, tr } from '../i18n/i18n';
import { PagedList } from '../shared/paged-list';

/** The day an acceptance was recorded, in the reader's locale ("12 Dec 2026"). */
export const acceptedOn = (iso: string) => showDate(iso);

/** A row of "My policies", in words. */
export interface AcceptedPolicyRow {
  key: string;
  title: string;
  /** "Version 2 · English", the language in its own script */
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
    version: tr('myPolicies.versionIn', { version: item.version, language: LANGUAGE_AUTONYMS[item.language] }),
    accepted: tr(item.recordedForThem ? 'myPolicies.recordedForYou' : 'myPolicies.accepted', {
      date: acceptedOn(item.acceptedAt),
    }),
    newer: newer ? tr('myPolicies.newer', { version: item.currentVersion ?? '' }) : null,
    readPath: `/policies/mine/${item.policyId}/${item.version}`,
    readLabel: tr('myPolicies.readAgain', { version: item.version }),
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
