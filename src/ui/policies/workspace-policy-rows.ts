import type { CataloguePolicyOffer } from '../../application/policies/policy-api.port';
import type { PolicyLanguage, PolicySummary } from '../../contracts/learning/catalogue.contract';
import type { WorkspacePolicy } from '../../contracts/learning/policies.contract';

/** Where a policy stands in the workspace: published, ready to publish (it has a PDF), or the workspace's own still without one. */
export type PolicyStatus = 'PUBLISHED' | 'READY' | 'NO_PDF';

/** One policy of the admin's policies table, whatever lists it came from. */
export interface WorkspacePolicyRow {
  /** The catalogue policy's id: a workspace's own policy is a catalogue policy of its own. */
  key: string;
  title: string;
  own: boolean;
  status: PolicyStatus;
  version: number;
  /** Its languages; `outdated` when only an earlier version's PDF is given (own policies). */
  languages: { language: PolicyLanguage; outdated: boolean }[];
  /** The publication and its acceptance, once published. */
  published: WorkspacePolicy | null;
  /** What publishing takes, once it has a PDF. */
  offer: CataloguePolicyOffer | null;
  /** The workspace's own policy, to open its versions and PDFs. */
  ownPolicy: PolicySummary | null;
}

export type PolicyFilter = 'ALL' | 'PUBLISHED' | 'NOT_PUBLISHED' | 'OWN';

/**
 * The admin's policies page shows each policy once (UI.md, a list page): the publications, the offers ready to publish
 * and the workspace's own policies are three reads of the same policies, joined here on the catalogue policy's id.
 * Published first, then ready to publish, then those still without a PDF; by title inside each.
 */
export function workspacePolicyRows(
  published: readonly WorkspacePolicy[],
  offers: readonly CataloguePolicyOffer[],
  own: readonly PolicySummary[],
): WorkspacePolicyRow[] {
  const rows = new Map<string, WorkspacePolicyRow>();
  const row = (key: string, title: string): WorkspacePolicyRow => {
    let r = rows.get(key);
    if (!r) {
      r = {
        key,
        title,
        own: false,
        status: 'NO_PDF',
        version: 0,
        languages: [],
        published: null,
        offer: null,
        ownPolicy: null,
      };
      rows.set(key, r);
    }
    return r;
  };
  for (const o of offers) {
    const r = row(o.cataloguePolicyId, o.title);
    r.offer = o;
    r.own = o.own;
    r.status = 'READY';
    r.version = o.currentVersion;
    r.languages = o.languages.map((language) => ({ language, outdated: false }));
  }
  for (const p of own) {
    const r = row(p.id, p.title);
    r.own = true;
    r.ownPolicy = p;
    r.version = Math.max(r.version, p.currentVersion);
    r.languages = Object.entries(p.translations).map(([language, state]) => ({
      language: language as PolicyLanguage,
      outdated: state === 'OUTDATED',
    }));
  }
  for (const p of published) {
    const r = row(p.cataloguePolicyId, p.title);
    r.published = p;
    r.status = 'PUBLISHED';
    r.version = Math.max(r.version, p.currentVersion);
  }
  const order: Record<PolicyStatus, number> = { PUBLISHED: 0, READY: 1, NO_PDF: 2 };
  return [...rows.values()].sort(
    (a, b) => order[a.status] - order[b.status] || a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }),
  );
}

/** The rows one filter and a search text keep (the title, case-insensitive). */
export function filterPolicyRows(
  rows: readonly WorkspacePolicyRow[],
  filter: PolicyFilter,
  search: string,
): WorkspacePolicyRow[] {
  const text = search.trim().toLowerCase();
  return rows.filter(
    (r) =>
      (filter === 'ALL' ||
        (filter === 'PUBLISHED' && r.status === 'PUBLISHED') ||
        (filter === 'NOT_PUBLISHED' && r.status !== 'PUBLISHED') ||
        (filter === 'OWN' && r.own)) &&
      (!text || r.title.toLowerCase().includes(text)),
  );
}
