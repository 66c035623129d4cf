import type { Outcome } from '../shared/refusal';
import type {
  AutoAssignRule,
  AutoAssignRuleBody,
  AutoAssignRun,
  BulkAddUsersResult,
} from '../../contracts/learning/auto-assign.contract';

/** Refused as `invalid` (fields named), `conflict` coded `not-published`, `not-found`, `forbidden` or `too-large`. */
export type SaveRuleResult = Outcome<{ rule: AutoAssignRule; run: AutoAssignRun }, 'not-published'>;
export type BulkResult = Outcome<BulkAddUsersResult, 'not-published'>;

export interface PeopleFileUpload {
  name: string;
  size: number;
  content: Blob;
}

/** The auto-assignment and bulk-add-users calls of the learning API (docs/learning.md "Auto-assignment"). */
export const AutoAssignApi = Symbol('AutoAssignApi');
export interface AutoAssignApi {
  /** @read The course's rule, or null when it has none. */
  rule(courseId: string): Promise<AutoAssignRule | null>;
  save(courseId: string, rule: AutoAssignRuleBody): Promise<SaveRuleResult>;
  /** Clears the rules of these courses; answers how many there were. Nobody is unassigned. */
  reset(courseIds: string[]): Promise<number>;
  bulkAdd(file: PeopleFileUpload, courseIds: string[]): Promise<BulkResult>;
}
