import type {
  AutoAssignRule,
  AutoAssignRuleBody,
  AutoAssignRun,
  BulkAddUsersResult,
} from '../../contracts/learning/auto-assign.contract';

/** A refusal the screens show: the message, and the fields it names. */
export interface Refusal {
  ok: false;
  reason: 'rejected' | 'not-published' | 'not-found' | 'forbidden' | 'too-large';
  message: string;
  fields: Record<string, string>;
}

export type SaveRuleResult = { ok: true; rule: AutoAssignRule; run: AutoAssignRun } | Refusal;
export type BulkResult = ({ ok: true } & BulkAddUsersResult) | Refusal;

export interface PeopleFileUpload {
  name: string;
  size: number;
  content: Blob;
}

/** The auto-assignment and bulk-add-users calls of the learning API (docs/learning.md "Auto-assignment"). */
export const AutoAssignApi = Symbol('AutoAssignApi');
export interface AutoAssignApi {
  /** The course's rule, or null when it has none. */
  rule(courseId: string): Promise<AutoAssignRule | null>;
  save(courseId: string, rule: AutoAssignRuleBody): Promise<SaveRuleResult>;
  /** Clears the rules of these courses; answers how many there were. Nobody is unassigned. */
  reset(courseIds: string[]): Promise<number>;
  bulkAdd(file: PeopleFileUpload, courseIds: string[]): Promise<BulkResult>;
}
