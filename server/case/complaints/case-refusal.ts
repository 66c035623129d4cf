import type { Refusal } from '../../platform/refusal';

/** A refusal of the case's rules (case-runtime.service.ts): services answer it, the HTTP side turns it into a status. */
export type RuntimeRefusal = Refusal;

export { refusalError } from '../../platform/refusal';
