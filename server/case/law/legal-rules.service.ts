import type { LegalRules } from '../../../src/contracts/case/law.contract';
import {
  evaluateLegalRules,
  type ClockCount,
  type Country,
  type LawFacts,
} from '../../../src/domain/compliance/legal-rules';
import { trainingCadence } from '../../../src/domain/compliance/compliance-rules';
import { currentReturnPeriod, returnDeadline, type ReturnKind } from '../../../src/domain/compliance/statutory-returns';
import { compositionWarnings, quorumPossible } from '../../../src/domain/complaints/committee';
import { judgeHearings, type HearingParty } from '../../../src/domain/complaints/hearings';
import { localDay, instantText } from '../../../src/domain/shared/date-time';
import { regimeOf } from '../complaints/regime';
import { addCalendarDays } from '../../../src/domain/shared/calendar';
import type { Clock } from '../../platform/clock';
import type { Database, Sql } from '../../platform/db/database';
import type { ComplaintService } from '../complaints/complaints.service';
import * as repo from './law.repository';
import { investigationCounts } from '../complaints/investigations.repository';
import { programmeOf, thirdPartyNoticesSince } from './prevention-programme.repository';

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * `GET /api/legal-rules` (docs/law.md): the reader gathers counts, the pure evaluators of
 * src/domain/compliance/legal-rules.ts judge them. The clocks' counts are the complaint figures' own (the same
 * computation as `GET /api/complaint-counts`), read in their own transaction first.
 */
export class LegalRulesService {
  constructor(
    private readonly db: Database,
    private readonly complaints: ComplaintService,
    private readonly clock: Clock,
  ) {}

  async rules(ws: string): Promise<LegalRules> {
    const today = utcDay(this.clock.now());
    const counts = await this.complaints.counts(ws);
    const clocks: Record<string, ClockCount> = Object.fromEntries(
      counts.clocks.map((c) => [
        c.id,
        { running: c.running, dueSoon: c.dueSoon, missed: c.missed, met: c.met ?? 0, metLate: c.metLate ?? 0 },
      ]),
    );
    const facts = await this.db.tenant(ws, async (tx): Promise<LawFacts> => {
      const countries = (await repo.declaredCountries(tx, ws)).filter((c): c is Country => c === 'IN' || c === 'CA');
      const w = await repo.workspaceCounts(tx, ws, today);
      const committees = await repo.committeesForRules(tx, ws);
      const posh = committees.filter((c) => c.committee.members.length > 0);
      const duties = await repo.duties(tx, ws);
      const events = await repo.awarenessForReturns(tx, ws);
      const yearAgo = addCalendarDays(today, -365);
      const termStart = posh.map((c) => c.termStart).sort()[0] ?? null;
      const periods = await repo.generatedPeriods(tx, ws);
      const returnState = (kind: ReturnKind) => {
        const { label, period } = currentReturnPeriod(kind, today);
        return { period: label, deadline: returnDeadline(kind, period), done: periods.has(`${kind}:${label}`) };
      };
      const training = countries.includes('CA') ? await repo.canadianTraining(tx, ws) : null;
      const zone = (await regimeOf(tx, ws)).timeZone;
      const held = (await repo.hearingsHeld(tx, ws, this.clock.now())).map((h) => {
        const recused = new Set(h.recused ?? []);
        const presiding =
          h.officer && !recused.has(h.officer)
            ? h.officer
            : h.presiding_member_id && !recused.has(h.presiding_member_id)
              ? h.presiding_member_id
              : null;
        return {
          caseId: h.complaint_id,
          startsAt: instantText(h.starts_at),
          heldOn: localDay(h.starts_at, zone),
          notifiedOn: localDay(h.created_at, zone),
          attendance: h.attendance,
          sitting: new Set((h.members ?? []).filter((m) => !recused.has(m))),
          presidingUserId: presiding,
        };
      });
      const orders = (await repo.exParteDecisions(tx, ws))
        .filter((o) => o.party === 'COMPLAINANT' || o.party === 'RESPONDENT')
        .map((o) => ({
          caseId: o.complaint_id,
          party: o.party as HearingParty,
          on: o.on_day ?? localDay(o.at, zone),
        }));
      return {
        today,
        countries,
        people: w.people,
        unitsOf10: w.unitsOf10,
        unitsOf10Uncovered: w.unitsOf10Uncovered,
        units: await repo.unitsOf10(tx, ws),
        workspaceCommittee: w.workspaceCommittee,
        committees: posh.length,
        compositionWarnings: posh.reduce((n, c) => n + compositionWarnings(c.committee, today).length, 0),
        committeesWithoutQuorum: posh.filter(
          (c) =>
            !quorumPossible(c.committee, new Set()) || !c.committee.members.some((m) => m.role === 'PRESIDING_OFFICER'),
        ).length,
        designatedRecipients: committees.reduce((n, c) => n + c.designatedRecipients, 0),
        cases: w.cases,
        lateFilings: w.lateFilings,
        casesWithoutCommittee: w.casesWithoutCommittee,
        conciliations: w.conciliations,
        interimRequested: w.interimRequested,
        interimDecided: w.interimDecided,
        clocks,
        pendingOver90Days: counts.pendingOver90Days,
        inAppealWindow: w.inAppealWindow,
        monthlyUpdatesSent: w.monthlyUpdatesSent,
        accessLogEntries: w.accessLogEntries,
        duties: {
          noticePublished: duties.notice_published_at !== null,
          policeHelpGiven: duties.police_help.trim().length > 0,
          workshopsLastYear: events.filter((e) => e.kind === 'WORKSHOP' && e.heldOn >= yearAgo && e.heldOn <= today)
            .length,
          awarenessLastYear: events.filter(
            (e) => e.kind === 'AWARENESS_PROGRAMME' && e.heldOn >= yearAgo && e.heldOn <= today,
          ).length,
          orientationThisTerm:
            termStart !== null && events.some((e) => e.kind === 'COMMITTEE_ORIENTATION' && e.heldOn >= termStart),
        },
        returns: {
          POSH_ANNUAL: returnState('POSH_ANNUAL'),
          BOARD: returnState('BOARD'),
          CANADA_ANNUAL: returnState('CANADA_ANNUAL'),
        },
        // IN-16 (SHe-Box and the Local Committee on the complaint pages) is not shown yet.
        // The complainant's pages of a POSH case show SHe-Box and the Local Committee (src/ui/complaints/where-else-to-go.tsx).
        sheBoxShown: true,
        trainingOverdue:
          training === null
            ? null
            : training.filter((p) => trainingCadence(p.hiredOn, p.completions, today).state === 'OVERDUE').length,
        policiesPublished: w.policiesPublished,
        policiesReviewOverdue: w.policiesReviewOverdue,
        retentionYears: await repo.shortestRetentionYears(tx, ws),
        investigations: await investigationCounts(tx, ws, today),
        prevention: await preventionFacts(tx, ws),
        hearings: judgeHearings(held, orders),
      };
    });
    return {
      asOf: today,
      countries: [...facts.countries],
      rules: evaluateLegalRules(facts).map((r) => ({
        ruleId: r.ruleId,
        country: r.country,
        title: r.title,
        status: r.status,
        computed: { text: r.computed, figures: r.figures },
        actionPath: r.actionPath,
        penalty: r.penalty,
      })),
    };
  }
}

/** CA-03, CA-12: the prevention programme recorded, and the third-party notices since the last assessment. */
async function preventionFacts(tx: Sql, ws: string): Promise<LawFacts['prevention']> {
  const p = await programmeOf(tx, ws);
  const assessmentReviewedOn = p?.assessment_reviewed_on ?? null;
  return {
    elements: p?.policy_elements ?? [],
    policyReviewedOn: p?.policy_reviewed_on ?? null,
    assessmentReviewedOn,
    thirdPartySinceAssessment: await thirdPartyNoticesSince(tx, ws, assessmentReviewedOn),
  };
}
