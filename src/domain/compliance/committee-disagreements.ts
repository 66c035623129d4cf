import { addYears, type IsoDate } from '../shared/calendar';

/**
 * CA-09 (SOR/2020-130 s.35, s.37): the disagreements between the employer and the workplace committee (or the policy
 * committee, or the health and safety representative) about the prevention programme are records the employer keeps
 * for 10 years. Each is kept from the day it was recorded, whatever the day of the disagreement itself.
 */
export const DISAGREEMENT_RECORD_YEARS = 10;

export function disagreementKeptUntil(recordedOn: IsoDate): IsoDate {
  return addYears(recordedOn, DISAGREEMENT_RECORD_YEARS);
}

/** Why a disagreement recorded on `recordedOn` may not be deleted on `today` (null once its 10 years have run). */
export function disagreementDeleteProblem(recordedOn: IsoDate, today: IsoDate): string | null {
  const until = disagreementKeptUntil(recordedOn);
  return today < until
    ? `CA-09: a disagreement with the committee is a record kept 10 years (until ${until}); it cannot be deleted before`
    : null;
}
