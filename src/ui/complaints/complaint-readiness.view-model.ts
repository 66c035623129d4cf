import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { ComplaintsApi } from '../../application/complaints/complaints-api.port';
import type { ComplaintReadiness } from '../../contracts/case/complaints.contract';
import { Loadable } from '../shared/loadable';

/** A warning on the admin's home: what keeps the workspace from taking or routing a complaint, and where to fix it. */
export interface ReadinessWarning {
  key: 'no-process' | 'no-committee';
  title: string;
  text: string;
  link: { to: string; label: string };
}

/**
 * The admin's home card "Complaints" (docs/case.md "Statutory processes"): a complaint process must be published for
 * "Raise a concern" to load, and an Internal Committee (in Canada, designated recipients) constituted for a complaint
 * to reach one; without it complaints are still filed and referred outside (the Local Committee in India).
 */
@injectable()
export class ComplaintReadinessViewModel {
  readonly readiness = new Loadable<ComplaintReadiness | null>(null, { initial: 'idle' });

  constructor(@inject(ComplaintsApi) private readonly api: ComplaintsApi) {
    makeAutoObservable<ComplaintReadinessViewModel, 'api'>(this, { api: false }, { autoBind: true });
  }

  load(): Promise<boolean> {
    return this.readiness.load(() => this.api.readiness());
  }

  get warnings(): ReadinessWarning[] {
    const r = this.readiness.value;
    if (!r) return [];
    const out: ReadinessWarning[] = [];
    if (!r.processPublished) {
      out.push({
        key: 'no-process',
        title: 'Your people cannot raise a concern',
        text: 'No complaint process is published in this workspace: "Raise a concern" shows an error until one is.',
        link: { to: '/workflows', label: 'Publish a complaint process' },
      });
    }
    if (!r.committeeConstituted) {
      const waiting =
        r.casesWithoutCommittee === 0
          ? ''
          : ` ${r.casesWithoutCommittee === 1 ? '1 open complaint is' : `${r.casesWithoutCommittee} open complaints are`} waiting outside a committee.`;
      const canada = r.compliance === 'CA_FEDERAL';
      out.push({
        key: 'no-committee',
        title: 'This workspace cannot yet route complaints to an Internal Committee',
        text:
          (canada
            ? 'No designated recipients are named: complaints are still filed, but no one in the workspace receives them.'
            : "No Internal Committee is constituted: complaints are still filed, and are referred to the district's Local Committee (POSH Act s.6).") +
          waiting,
        link: {
          to: '/committees',
          label: canada ? 'Name the designated recipients' : 'Constitute the Internal Committee',
        },
      });
    }
    return out;
  }
}
