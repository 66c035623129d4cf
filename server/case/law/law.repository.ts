import type { OccurrenceCategories } from '../../../src/domain/compliance/occurrence-categories';
import type { Sql } from '../../platform/db/database';
import type { AwarenessEventBody, ReturnInputs } from '../../../src/contracts/case/law.contract';
import type {
  AwarenessEvent as DomainAwarenessEvent,
  ReturnCase,
  ReturnKind,
} from '../../../src/domain/compliance/statutory-returns';
import type { Committee } from '../../../src/domain/complaints/committee';

/**
 * Every SQL of the law area (docs/law.md): counts for the legal rules, the employer's duties of IN-12, the returns'
 * inputs and list. No statement here reads a party's name, address or a case's text.
 */

const int = (v: unknown) => Number(v ?? 0);

export async function declaredCountries(tx: Sql, ws: string): Promise<string[]> {
  const rows = await tx.query<{ country: string }>(
    `SELECT DISTINCT j.country FROM workspace_jurisdictions w JOIN jurisdictions j ON j.id = w.jurisdiction_id WHERE w.workspace_id = $1`,
    [ws],
  );
  if (rows.length) return rows.map((r) => r.country);
  // A workspace that declared nothing follows its complaint regime.
  const [s] = await tx.query<{ compliance: string }>(
    `SELECT compliance FROM complaint_settings WHERE workspace_id = $1`,
    [ws],
  );
  return [s?.compliance === 'CA_FEDERAL' ? 'CA' : 'IN'];
}

export async function workspaceCounts(tx: Sql, ws: string, today: string) {
  const [row] = await tx.query<Record<string, string | number>>(
    `SELECT
       (SELECT count(*) FROM users WHERE workspace_id = $1 AND status <> 'INACTIVE') AS people,
       (SELECT count(*) FROM (SELECT u.branch_id FROM users u WHERE u.workspace_id = $1 AND u.status <> 'INACTIVE' AND u.branch_id IS NOT NULL
                               GROUP BY u.branch_id HAVING count(*) >= 10) b) AS units_of_10,
       (SELECT count(*) FROM (SELECT u.branch_id FROM users u WHERE u.workspace_id = $1 AND u.status <> 'INACTIVE' AND u.branch_id IS NOT NULL
                               GROUP BY u.branch_id HAVING count(*) >= 10) b
         WHERE NOT EXISTS (SELECT 1 FROM committees c WHERE c.workspace_id = $1 AND (c.branch_id IS NULL OR c.branch_id = b.branch_id))) AS units_uncovered,
       EXISTS (SELECT 1 FROM committees WHERE workspace_id = $1 AND branch_id IS NULL) AS workspace_committee,
       (SELECT count(*) FROM complaints WHERE workspace_id = $1 AND compliance = 'IN_POSH' AND NOT confirmation_pending) AS in_total,
       (SELECT count(*) FROM complaints WHERE workspace_id = $1 AND compliance = 'IN_POSH' AND status = 'OPEN' AND NOT confirmation_pending) AS in_open,
       (SELECT count(*) FROM complaints WHERE workspace_id = $1 AND compliance = 'CA_FEDERAL' AND NOT confirmation_pending) AS ca_total,
       (SELECT count(*) FROM complaints WHERE workspace_id = $1 AND compliance = 'CA_FEDERAL' AND status = 'OPEN' AND NOT confirmation_pending) AS ca_open,
       (SELECT count(*) FROM complaints WHERE workspace_id = $1 AND status = 'OPEN' AND timeliness <> 'ON_TIME' AND filing_extended_on IS NULL) AS late_filings,
       (SELECT count(*) FROM complaints WHERE workspace_id = $1 AND status = 'OPEN' AND committee_id IS NULL) AS without_committee,
       (SELECT count(*) FROM complaint_events WHERE workspace_id = $1 AND kind = 'CONCILIATION_REQUESTED') AS conciliations,
       (SELECT count(*) FROM complaint_events WHERE workspace_id = $1 AND kind = 'INTERIM_RELIEF_REQUESTED') AS interim_requested,
       (SELECT count(*) FROM complaint_events WHERE workspace_id = $1 AND kind = 'INTERIM_RELIEF_DECIDED') AS interim_decided,
       (SELECT count(*) FROM complaints WHERE workspace_id = $1 AND compliance = 'IN_POSH' AND status = 'CLOSED'
           AND coalesce(report_issued_on, (closed_at AT TIME ZONE 'UTC')::date) >= $2::date - 90) AS in_appeal_window,
       (SELECT count(*) FROM complaint_audit_events WHERE workspace_id = $1) AS access_log_entries,
       (SELECT count(*) FROM complaint_status_updates WHERE workspace_id = $1) AS monthly_updates,
       (SELECT count(*) FROM workspace_policies WHERE workspace_id = $1) AS policies_published,
       (SELECT count(*) FROM workspace_policies w JOIN catalogue_policies p ON p.id = w.catalogue_policy_id
         WHERE w.workspace_id = $1 AND p.review_due_on < $2::date) AS policies_review_overdue`,
    [ws, today],
  );
  return {
    people: int(row.people),
    unitsOf10: int(row.units_of_10),
    unitsOf10Uncovered: int(row.units_uncovered),
    workspaceCommittee: String(row.workspace_committee) === 'true' || String(row.workspace_committee) === 't',
    cases: {
      inTotal: int(row.in_total),
      inOpen: int(row.in_open),
      caTotal: int(row.ca_total),
      caOpen: int(row.ca_open),
    },
    lateFilings: int(row.late_filings),
    casesWithoutCommittee: int(row.without_committee),
    conciliations: int(row.conciliations),
    interimRequested: int(row.interim_requested),
    interimDecided: int(row.interim_decided),
    inAppealWindow: int(row.in_appeal_window),
    accessLogEntries: int(row.access_log_entries),
    monthlyUpdatesSent: int(row.monthly_updates),
    policiesPublished: int(row.policies_published),
    policiesReviewOverdue: int(row.policies_review_overdue),
  };
}

/** The committees with their members' roles and genders (no names needed for the rules: ids stand in). */
export async function committeesForRules(
  tx: Sql,
  ws: string,
): Promise<{ committee: Committee; designatedRecipients: number; termStart: string }[]> {
  const rows = await tx.query<{
    id: string;
    term_start: string;
    term_end: string;
    members: { id: string; role: string; gender: string; senior: boolean; other: boolean }[] | null;
  }>(
    `SELECT c.id, c.term_start::text, c.term_end::text,
            (SELECT json_agg(json_build_object('id', m.id, 'role', m.role, 'gender', m.gender, 'senior', m.senior, 'other', m.from_another_office) ORDER BY m.position)
               FROM committee_members m WHERE m.workspace_id = c.workspace_id AND m.committee_id = c.id) AS members
       FROM committees c WHERE c.workspace_id = $1`,
    [ws],
  );
  return rows.map((r) => {
    const members = r.members ?? [];
    return {
      termStart: r.term_start,
      designatedRecipients: members.filter((m) => m.role === 'DESIGNATED_RECIPIENT').length,
      committee: {
        termStart: r.term_start,
        termEnd: r.term_end,
        members: members
          .filter((m) => m.role !== 'DESIGNATED_RECIPIENT')
          .map((m) => ({
            id: m.id,
            name: '',
            role: m.role as Committee['members'][number]['role'],
            gender: m.gender as Committee['members'][number]['gender'],
            senior: m.senior,
            fromAnotherOffice: m.other,
          })),
      },
    };
  });
}

/** The shortest retention period set, in whole years; null when no outcome has one. */
export async function shortestRetentionYears(tx: Sql, ws: string): Promise<number | null> {
  const [row] = await tx.query<{ days: number | null }>(
    `SELECT min(value::text::int) AS days FROM complaint_settings s, jsonb_each(s.retention_periods) WHERE s.workspace_id = $1`,
    [ws],
  );
  return row?.days == null ? null : Math.floor(Number(row.days) / 365);
}

/** CA-11: each active person's hire day and completions of a course meeting a Canadian training obligation; null when none does. */
export async function canadianTraining(
  tx: Sql,
  ws: string,
): Promise<{ hiredOn: string; completions: string[] }[] | null> {
  const titles = (
    await tx.query<{ title: string }>(
      `SELECT DISTINCT lower(t.title) AS title FROM compliance_course_titles t JOIN compliances m ON m.id = t.compliance_id
         JOIN jurisdictions j ON j.id = m.jurisdiction_id
         JOIN workspace_jurisdictions w ON w.jurisdiction_id = j.id AND w.workspace_id = $1
        WHERE m.kind = 'TRAINING' AND j.country = 'CA'`,
      [ws],
    )
  ).map((r) => r.title);
  if (titles.length === 0) return null;
  const people = await tx.query<{ hired_on: string; completions: string[] | null }>(
    `SELECT coalesce(u.date_of_joining, (u.created_at AT TIME ZONE 'UTC')::date)::text AS hired_on,
            (SELECT array_agg((a.completed_at AT TIME ZONE 'UTC')::date::text)
               FROM course_assignments a JOIN courses c ON c.workspace_id = a.workspace_id AND c.id = a.course_id
              WHERE a.workspace_id = u.workspace_id AND a.user_id = u.id AND a.completed_at IS NOT NULL AND lower(c.title) = ANY($2::text[])) AS completions
       FROM users u WHERE u.workspace_id = $1 AND u.status <> 'INACTIVE'`,
    [ws, titles],
  );
  return people.map((p) => ({ hiredOn: p.hired_on, completions: p.completions ?? [] }));
}

// ---------------------------------------------------------------- IN-12

export async function duties(
  tx: Sql,
  ws: string,
): Promise<{ notice_published_at: Date | string | null; police_help: string }> {
  const [row] = await tx.query<{ notice_published_at: Date | string | null; police_help: string }>(
    `SELECT notice_published_at, police_help FROM employer_duties WHERE workspace_id = $1`,
    [ws],
  );
  return row ?? { notice_published_at: null, police_help: '' };
}

export async function saveDuties(
  tx: Sql,
  ws: string,
  userId: string,
  noticePublished: boolean,
  policeHelp: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO employer_duties (workspace_id, notice_published_at, notice_published_by, police_help)
     VALUES ($1, CASE WHEN $3 THEN now() END, CASE WHEN $3 THEN $2::uuid END, $4)
     ON CONFLICT (workspace_id) DO UPDATE SET
       notice_published_at = CASE WHEN $3 THEN coalesce(employer_duties.notice_published_at, now()) END,
       notice_published_by = CASE WHEN $3 THEN coalesce(employer_duties.notice_published_by, $2::uuid) END,
       police_help = $4, updated_at = now()`,
    [ws, userId, noticePublished, policeHelp],
  );
}

export interface AwarenessRow {
  id: string;
  kind: DomainAwarenessEvent['kind'];
  title: string;
  held_on: string;
  audience: string;
  head_count: number | null;
  named: number;
  recorded_at: Date | string;
}

export async function awarenessEvents(tx: Sql, ws: string): Promise<AwarenessRow[]> {
  return tx.query<AwarenessRow>(
    `SELECT id, kind, title, held_on::text, audience, head_count, cardinality(attendee_ids) AS named, recorded_at
       FROM awareness_events WHERE workspace_id = $1 ORDER BY held_on DESC, recorded_at DESC`,
    [ws],
  );
}

/** The people of the workspace among `ids` (attendees are chosen from the directory). */
export async function knownPeople(tx: Sql, ws: string, ids: readonly string[]): Promise<Set<string>> {
  const rows = await tx.query<{ id: string }>(`SELECT id FROM users WHERE workspace_id = $1 AND id = ANY($2::uuid[])`, [
    ws,
    ids,
  ]);
  return new Set(rows.map((r) => r.id));
}

export async function insertAwarenessEvent(
  tx: Sql,
  ws: string,
  userId: string,
  body: AwarenessEventBody,
  committeeId: string | null,
): Promise<void> {
  await tx.query(
    `INSERT INTO awareness_events (workspace_id, kind, title, held_on, audience, attendee_ids, head_count, committee_id, recorded_by)
     VALUES ($1, $2, $3, $4, $5, $6::uuid[], $7, $8, $9)`,
    [
      ws,
      body.kind,
      body.title,
      body.heldOn,
      body.audience,
      [...new Set(body.attendeeIds)],
      body.headCount,
      committeeId,
      userId,
    ],
  );
}

export async function workspaceCommitteeId(tx: Sql, ws: string): Promise<string | null> {
  const [row] = await tx.query<{ id: string }>(
    `SELECT id FROM committees WHERE workspace_id = $1 AND branch_id IS NULL`,
    [ws],
  );
  return row?.id ?? null;
}

/** The committees and their members as the notice shows them (IN-12 asks the employer to display them). */
export async function noticeCommittees(tx: Sql, ws: string) {
  return tx.query<{
    name: string;
    members: { name: string; role: string; email: string | null; phone: string | null }[] | null;
  }>(
    `SELECT c.name,
            (SELECT json_agg(json_build_object('name', trim(u.first_name || ' ' || u.last_name), 'role', m.role, 'email', u.email, 'phone', u.phone_number) ORDER BY m.position)
               FROM committee_members m JOIN users u ON u.workspace_id = m.workspace_id AND u.id = m.user_id
              WHERE m.workspace_id = c.workspace_id AND m.committee_id = c.id) AS members
       FROM committees c WHERE c.workspace_id = $1 ORDER BY c.branch_id NULLS FIRST, c.name`,
    [ws],
  );
}

// ---------------------------------------------------------------- The returns

/** Every case as the returns see it: dates, regime, committee, outcome. Purged cases are counted by their tombstones. */
export async function returnCases(tx: Sql, ws: string): Promise<ReturnCase[]> {
  const rows = await tx.query<{
    compliance: ReturnCase['regime'];
    committee_id: string | null;
    received_on: string;
    disposed_on: string | null;
    outcome: ReturnCase['outcome'];
    negotiated_meeting_on: string | null;
    ca_nature: 'SEXUAL' | 'NON_SEXUAL' | null;
    ca_grounds: string[];
    ca_location: string | null;
    ca_relationship: string | null;
    ca_resolution: string | null;
  }>(
    `SELECT compliance, committee_id, received_on::text, ca_nature, ca_grounds, ca_location, ca_relationship, ca_resolution,
            CASE WHEN status = 'CLOSED' THEN coalesce(inquiry_completed_on, (closed_at AT TIME ZONE 'UTC')::date)::text END AS disposed_on,
            outcome, negotiated_meeting_on::text
       FROM complaints WHERE workspace_id = $1 AND NOT confirmation_pending`,
    [ws],
  );
  return rows.map((r) => ({
    regime: r.compliance,
    committeeId: r.committee_id,
    receivedOn: r.received_on,
    disposedOn: r.disposed_on,
    outcome: r.outcome,
    negotiatedMeetingOn: r.negotiated_meeting_on,
    categories:
      r.compliance === 'CA_FEDERAL'
        ? ({
            nature: r.ca_nature,
            grounds: r.ca_grounds ?? [],
            location: r.ca_location,
            relationship: r.ca_relationship,
            resolution: r.ca_resolution,
          } as OccurrenceCategories)
        : null,
  }));
}

export async function committeesOfReturn(
  tx: Sql,
  ws: string,
  presidedBy: string | null,
): Promise<{ id: string; name: string }[]> {
  return tx.query<{ id: string; name: string }>(
    `SELECT c.id, c.name FROM committees c
      WHERE c.workspace_id = $1
        AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM committee_members m WHERE m.workspace_id = c.workspace_id AND m.committee_id = c.id
                                          AND m.user_id = $2 AND m.role = 'PRESIDING_OFFICER'))
        AND EXISTS (SELECT 1 FROM committee_members m WHERE m.workspace_id = c.workspace_id AND m.committee_id = c.id AND m.role <> 'DESIGNATED_RECIPIENT')
      ORDER BY c.branch_id NULLS FIRST, c.name`,
    [ws, presidedBy],
  );
}

export async function presidesAny(tx: Sql, ws: string, userId: string): Promise<boolean> {
  const [row] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM committee_members WHERE workspace_id = $1 AND user_id = $2 AND role = 'PRESIDING_OFFICER'`,
    [ws, userId],
  );
  return row.n > 0;
}

export async function awarenessForReturns(
  tx: Sql,
  ws: string,
): Promise<(DomainAwarenessEvent & { committeeId: string | null })[]> {
  const rows = await tx.query<{
    kind: DomainAwarenessEvent['kind'];
    held_on: string;
    attendance: number;
    committee_id: string | null;
  }>(
    `SELECT kind, held_on::text, coalesce(head_count, cardinality(attendee_ids))::int AS attendance, committee_id FROM awareness_events WHERE workspace_id = $1`,
    [ws],
  );
  return rows.map((r) => ({ kind: r.kind, heldOn: r.held_on, attendance: r.attendance, committeeId: r.committee_id }));
}

export async function activeGenders(tx: Sql, ws: string): Promise<(string | null)[]> {
  return (
    await tx.query<{ gender: string | null }>(
      `SELECT gender FROM users WHERE workspace_id = $1 AND status <> 'INACTIVE'`,
      [ws],
    )
  ).map((r) => r.gender);
}

const EMPTY_INPUTS: ReturnInputs = {
  employerName: '',
  employerAddress: '',
  districtOfficer: '',
  businessNumber: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
};

export async function inputs(tx: Sql, ws: string): Promise<ReturnInputs> {
  const [row] = await tx.query<Record<string, string>>(
    `SELECT employer_name, employer_address, district_officer, business_number, contact_name, contact_email, contact_phone FROM return_inputs WHERE workspace_id = $1`,
    [ws],
  );
  if (!row) return { ...EMPTY_INPUTS };
  return {
    employerName: row.employer_name,
    employerAddress: row.employer_address,
    districtOfficer: row.district_officer,
    businessNumber: row.business_number,
    contactName: row.contact_name,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
  };
}

export async function saveInputs(tx: Sql, ws: string, userId: string, i: ReturnInputs): Promise<void> {
  await tx.query(
    `INSERT INTO return_inputs (workspace_id, employer_name, employer_address, district_officer, business_number, contact_name, contact_email, contact_phone, updated_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (workspace_id) DO UPDATE SET employer_name = $2, employer_address = $3, district_officer = $4, business_number = $5,
       contact_name = $6, contact_email = $7, contact_phone = $8, updated_by = $9, updated_at = now()`,
    [
      ws,
      i.employerName,
      i.employerAddress,
      i.districtOfficer,
      i.businessNumber,
      i.contactName,
      i.contactEmail,
      i.contactPhone,
      userId,
    ],
  );
}

export async function recordGenerated(
  tx: Sql,
  ws: string,
  g: { kind: ReturnKind; period: string; format: 'PDF' | 'XLSX'; figures: unknown; userId: string; userName: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO generated_returns (workspace_id, kind, period, format, figures, generated_by, generated_by_name) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
    [ws, g.kind, g.period, g.format, JSON.stringify(g.figures), g.userId, g.userName],
  );
}

export async function generated(tx: Sql, ws: string, kinds: readonly ReturnKind[]) {
  return tx.query<{
    id: string;
    kind: ReturnKind;
    period: string;
    format: 'PDF' | 'XLSX';
    generated_by_name: string;
    generated_at: Date | string;
  }>(
    `SELECT id, kind, period, format, generated_by_name, generated_at FROM generated_returns WHERE workspace_id = $1 AND kind = ANY($2::text[])
      ORDER BY generated_at DESC LIMIT 200`,
    [ws, kinds],
  );
}

export async function generatedPeriods(tx: Sql, ws: string): Promise<Set<string>> {
  const rows = await tx.query<{ kind: string; period: string }>(
    `SELECT DISTINCT kind, period FROM generated_returns WHERE workspace_id = $1`,
    [ws],
  );
  return new Set(rows.map((r) => `${r.kind}:${r.period}`));
}

/** The workspace's security log row for a change of the employer's duties or the returns' inputs. */
export async function insertAuditEvent(
  tx: Sql,
  actor: { ws: string; userId: string; ip: string | null | undefined },
  action: string,
  details: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    `INSERT INTO audit_events (workspace_id, actor_user_id, action, target, ip, details) VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
    [actor.ws, actor.userId, action, actor.ws, actor.ip, JSON.stringify(details)],
  );
}

// ---------------------------------------------------------------- IN-06, IN-17: hearings as held

export interface HearingForRules {
  complaint_id: string;
  starts_at: Date | string;
  created_at: Date | string;
  attendance: import('../../../src/domain/complaints/hearings').Attendance | null;
  /** The case's committee members (user ids), those recused from the case, its presiding officer and the one named. */
  members: string[] | null;
  recused: string[] | null;
  officer: string | null;
  presiding_member_id: string | null;
}

/** Every hearing of a workflow step on a POSH case that has begun by `now`, with what its quorum is judged against. */
export async function hearingsHeld(tx: Sql, ws: string, now: Date): Promise<HearingForRules[]> {
  return tx.query<HearingForRules>(
    `SELECT m.complaint_id, m.starts_at, m.created_at, m.attendance, c.presiding_member_id,
            (SELECT array_agg(cm.user_id) FROM committee_members cm
              WHERE cm.workspace_id = c.workspace_id AND cm.committee_id = c.committee_id AND cm.role <> 'DESIGNATED_RECIPIENT') AS members,
            (SELECT cm.user_id FROM committee_members cm
              WHERE cm.workspace_id = c.workspace_id AND cm.committee_id = c.committee_id AND cm.role = 'PRESIDING_OFFICER' LIMIT 1) AS officer,
            (SELECT array_agg(r.user_id) FROM complaint_recusals r WHERE r.workspace_id = c.workspace_id AND r.complaint_id = c.id) AS recused
       FROM complaint_meetings m JOIN complaints c ON c.workspace_id = m.workspace_id AND c.id = m.complaint_id
      WHERE m.workspace_id = $1 AND c.compliance = 'IN_POSH' AND m.step_id IS NOT NULL AND m.starts_at <= $2
      ORDER BY m.complaint_id, m.starts_at`,
    [ws, now],
  );
}

/** The ex parte decisions recorded on POSH cases (the case's access log), with when and against whom. */
export async function exParteDecisions(
  tx: Sql,
  ws: string,
): Promise<{ complaint_id: string; at: Date | string; on_day: string | null; party: string | null }[]> {
  return tx.query(
    `SELECT e.complaint_id, e.at, e.details->>'on' AS on_day, e.details->>'party' AS party
       FROM complaint_audit_events e JOIN complaints c ON c.workspace_id = e.workspace_id AND c.id = e.complaint_id
      WHERE e.workspace_id = $1 AND e.action = 'complaint.ex-parte' AND c.compliance = 'IN_POSH'`,
    [ws],
  );
}

// ---------------------------------------------------------------- IN-01: units of 10 or more

/** The business units of 10 or more active people, with their headcount and whether a committee covers them. */
export async function unitsOf10(
  tx: Sql,
  ws: string,
): Promise<{ name: string; people: number; own: boolean; covered: boolean }[]> {
  const rows = await tx.query<{ name: string; people: number | string; own: boolean; covered: boolean }>(
    `SELECT b.name, count(*) AS people,
            EXISTS (SELECT 1 FROM committees c WHERE c.workspace_id = b.workspace_id AND c.branch_id = b.id) AS own,
            EXISTS (SELECT 1 FROM committees c WHERE c.workspace_id = b.workspace_id AND (c.branch_id IS NULL OR c.branch_id = b.id)) AS covered
       FROM users u JOIN branches b ON b.workspace_id = u.workspace_id AND b.id = u.branch_id
      WHERE u.workspace_id = $1 AND u.status <> 'INACTIVE'
      GROUP BY b.workspace_id, b.id, b.name HAVING count(*) >= 10 ORDER BY b.name`,
    [ws],
  );
  return rows.map((r) => ({ name: r.name, people: int(r.people), own: r.own, covered: r.covered }));
}
