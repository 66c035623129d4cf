import type { PolicyElement } from '../../../src/domain/compliance/prevention-programme';
import type { Sql } from '../../platform/db/database';

/** The SQL of Canada's prevention programme (migration 0142). */
export interface ProgrammeRow {
  policy_elements: PolicyElement[];
  policy_reviewed_on: string | null;
  assessment_reviewed_on: string | null;
  updated_at: Date | string;
}

export async function programmeOf(tx: Sql, ws: string): Promise<ProgrammeRow | null> {
  const [row] = await tx.query<ProgrammeRow>(
    `SELECT policy_elements, policy_reviewed_on::text AS policy_reviewed_on,
            assessment_reviewed_on::text AS assessment_reviewed_on, updated_at
       FROM prevention_programmes WHERE workspace_id = $1`,
    [ws],
  );
  return row ?? null;
}

export async function saveProgramme(
  tx: Sql,
  ws: string,
  userId: string,
  p: { elements: readonly PolicyElement[]; policyReviewedOn: string | null; assessmentReviewedOn: string | null },
): Promise<void> {
  await tx.query(
    `INSERT INTO prevention_programmes (workspace_id, policy_elements, policy_reviewed_on, assessment_reviewed_on, updated_by)
     VALUES ($1, $2::text[], $3::date, $4::date, $5)
     ON CONFLICT (workspace_id) DO UPDATE SET policy_elements = EXCLUDED.policy_elements,
       policy_reviewed_on = EXCLUDED.policy_reviewed_on, assessment_reviewed_on = EXCLUDED.assessment_reviewed_on,
       updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [ws, [...p.elements], p.policyReviewedOn, p.assessmentReviewedOn, userId],
  );
}

/**
 * CA-12: Canadian notices whose committee recorded a third-party relationship (CA-10's categories), received after
 * the last assessment (all of them when none was recorded): each asks for the assessment to be updated.
 */
export async function thirdPartyNoticesSince(tx: Sql, ws: string, since: string | null): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM complaints
      WHERE workspace_id = $1 AND compliance = 'CA_FEDERAL' AND ca_relationship = 'THIRD_PARTY'
        AND ($2::date IS NULL OR received_on > $2::date)`,
    [ws, since],
  );
  return row.n;
}

/** CA-09: appends a joint review to the programme's kept records (a day already recorded stays as it was). */
export async function recordReview(
  tx: Sql,
  ws: string,
  userId: string,
  kind: 'POLICY' | 'ASSESSMENT',
  reviewedOn: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO prevention_reviews (workspace_id, kind, reviewed_on, recorded_by) VALUES ($1, $2, $3::date, $4)
     ON CONFLICT (workspace_id, kind, reviewed_on) DO NOTHING`,
    [ws, kind, reviewedOn, userId],
  );
}
