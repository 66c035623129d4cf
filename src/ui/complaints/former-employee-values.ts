import type { LateNoticeGround } from '../../domain/complaints/former-employee';

/** The former-employee card's form values (CA-01); `formerEmployeeLate` is '' while the notice is within 3 months. */
export interface FormerEmployeeValues {
  formerEmployee?: boolean;
  formerEmployeeLeftOn?: string;
  formerEmployeeLate?: '' | LateNoticeGround;
  formerEmployeeLateReason?: string;
}

/** The notice's `formerEmployee` as the contract takes it (null for a person still employed). */
export function formerEmployeeBody(values: FormerEmployeeValues) {
  if (!values.formerEmployee || !values.formerEmployeeLeftOn) return null;
  const lateFor = values.formerEmployeeLate ? values.formerEmployeeLate : null;
  return {
    leftOn: values.formerEmployeeLeftOn,
    lateFor,
    lateReason: lateFor ? (values.formerEmployeeLateReason ?? '') : null,
  };
}
