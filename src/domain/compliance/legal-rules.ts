import type { IsoDate } from '../shared/calendar';
import type { ReturnKind } from './statutory-returns';
import {
  FIRST_CONTACT_ELEMENTS,
  missingElements,
  reviewDueOn,
  reviewState,
  type PreventionProgramme,
} from './prevention-programme';
import type { HearingFigures } from '../complaints/hearings';

/**
 * Every rule of legal-rules.md judged from counts (docs/law.md): one pure evaluator per rule id, fed by the server's
 * reader of counts (never names, case numbers or contents). A rule of a country the workspace does not declare is
 * left out; a rule with nothing to judge yet (no case of that country) is NOT_APPLICABLE.
 */

export type RuleStatus = 'MET' | 'AT_RISK' | 'NOT_MET' | 'NOT_APPLICABLE';
export type Country = 'IN' | 'CA';

export interface ClockCount {
  running: number;
  dueSoon: number;
  missed: number;
  /** Open cases whose clock was met on time, and met after its due day. */
  met?: number;
  metLate?: number;
}
const NO_CLOCK: ClockCount = { running: 0, dueSoon: 0, missed: 0 };

export interface ReturnState {
  /** The period of the return due next (e.g. `2025`, `2025-26`), its deadline and whether it was generated. */
  period: string;
  deadline: IsoDate;
  done: boolean;
}

/** What the server counts for the rules: figures only. */
export interface LawFacts {
  today: IsoDate;
  countries: readonly Country[];
  people: number;
  /** IN-01: business units with 10 or more active people, and how many of them neither have their own committee nor are covered by a workspace-wide one. */
  unitsOf10: number;
  unitsOf10Uncovered: number;
  /** IN-01: each unit of 10 or more, by name with its headcount (counts only), with its own committee or not. */
  units: readonly { name: string; people: number; own: boolean; covered: boolean }[];
  workspaceCommittee: boolean;
  committees: number;
  /** IN-02 warnings over all committees (composition, term ending or ended). */
  compositionWarnings: number;
  /** Committees that cannot seat a quorum of 3 with the presiding officer (IN-06, IN-17). */
  committeesWithoutQuorum: number;
  /** CA-01: designated recipients seated. */
  designatedRecipients: number;
  cases: { inOpen: number; inTotal: number; caOpen: number; caTotal: number };
  /** IN-03: open cases filed beyond the extension, or needing one. */
  lateFilings: number;
  /** IN-01: open cases no committee hears (to go to the Local Committee). */
  casesWithoutCommittee: number;
  /** IN-04: conciliations requested and settled. */
  conciliations: number;
  /** IN-08: interim relief requested and decided. */
  interimRequested: number;
  interimDecided: number;
  /** Counts per statutory clock id (src/domain/complaints/statutory-clocks.ts) over open cases. */
  clocks: Readonly<Record<string, ClockCount>>;
  pendingOver90Days: number;
  /** IN-10: closed POSH cases inside the 90-day appeal window (kept whole by retention). */
  inAppealWindow: number;
  /** CA-08: monthly status updates sent by the daily case job. */
  monthlyUpdatesSent: number;
  /** IN-11: entries of the cases' access logs. */
  accessLogEntries: number;
  /** IN-12. */
  duties: {
    noticePublished: boolean;
    policeHelpGiven: boolean;
    workshopsLastYear: number;
    awarenessLastYear: number;
    orientationThisTerm: boolean;
  };
  returns: Readonly<Record<ReturnKind, ReturnState>>;
  /** IN-16: where else a complainant can go, shown on the complaint pages. */
  sheBoxShown: boolean;
  /** CA-11: active people whose training is overdue; null when no course meets a Canadian training obligation. */
  trainingOverdue: number | null;
  /** CA-12: published policies and those whose review date has passed. */
  policiesPublished: number;
  policiesReviewOverdue: number;
  /** CA-09: the shortest period, in years, the retention settings keep a closed case; null when kept until removed by hand. */
  retentionYears: number | null;
  /**
   * CA-05 / CA-06: investigators active on the roster, open cases whose parties have not agreed 60 days after the
   * proposal (the roster must choose), investigators' reports written, recommendations chosen and not implemented.
   */
  investigations: { roster: number; awaitingRoster: number; reports: number; outstanding: number };
  /**
   * CA-03, CA-12: the prevention programme the employer recorded (the policy's elements, the joint reviews), and the
   * Canadian notices whose responding party is a third party received since the last assessment (it must be updated).
   */
  prevention: PreventionProgramme & { thirdPartySinceAssessment: number };
  /** IN-06 / IN-17: the hearings held on POSH cases, judged from their attendance (src/domain/complaints/hearings.ts). */
  hearings: HearingFigures;
}

export interface RuleResult {
  ruleId: string;
  country: Country;
  title: string;
  status: RuleStatus;
  /** What the product computed, in words, with its figures. */
  computed: string;
  figures: Record<string, number | string | boolean | null>;
  /** Where to act: an app route. */
  actionPath: string;
  /** IN-15: the penalty a rule not met exposes the employer to; null otherwise. */
  penalty: string | null;
}

type Evaluation = Pick<RuleResult, 'status' | 'computed' | 'figures'>;
interface Rule {
  ruleId: string;
  title: string;
  actionPath: string;
  evaluate: (f: LawFacts) => Evaluation;
}

const clock = (f: LawFacts, id: string) => f.clocks[id] ?? NO_CLOCK;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A statutory clock's rule: missed is not met, due within 7 days is at risk, none running with no case is not applicable. */
function byClocks(f: LawFacts, ids: readonly string[], cases: number, what: string): Evaluation {
  const c = ids
    .map((id) => clock(f, id))
    .reduce(
      (a, b) => ({ running: a.running + b.running, dueSoon: a.dueSoon + b.dueSoon, missed: a.missed + b.missed }),
      NO_CLOCK,
    );
  const figures = { running: c.running, dueSoon: c.dueSoon, missed: c.missed };
  if (cases === 0)
    return { status: 'NOT_APPLICABLE', computed: `No case yet: ${what} is counted on every case`, figures };
  if (c.missed > 0)
    return { status: 'NOT_MET', computed: `${what}: ${plural(c.missed, 'open case')} missed it`, figures };
  if (c.dueSoon > 0)
    return { status: 'AT_RISK', computed: `${what}: ${plural(c.dueSoon, 'open case')} due within 7 days`, figures };
  return { status: 'MET', computed: `${what}: ${c.running} running, none missed`, figures };
}

function byReturn(f: LawFacts, kind: ReturnKind, name: string): Evaluation {
  const r = f.returns[kind];
  const figures = { period: r.period, deadline: r.deadline, done: r.done };
  if (r.done) return { status: 'MET', computed: `${name} for ${r.period} generated`, figures };
  if (f.today > r.deadline)
    return {
      status: 'NOT_MET',
      computed: `${name} for ${r.period} not generated; it was due by ${r.deadline}`,
      figures,
    };
  return { status: 'AT_RISK', computed: `${name} for ${r.period} not generated yet; due by ${r.deadline}`, figures };
}

export const INDIA_RULES: readonly Rule[] = [
  {
    ruleId: 'IN-01',
    title: 'An Internal Committee for every office of 10 or more',
    actionPath: '/committees',
    evaluate: (f) => {
      const list = (units: LawFacts['units']) =>
        units.map((u) => `${u.name} (${plural(u.people, 'person', 'people')})`).join(', ');
      const lacking = f.units.filter((u) => !u.covered);
      const byWorkspace = f.units.filter((u) => u.covered && !u.own);
      const figures = {
        unitsOf10: f.unitsOf10,
        unitsUncovered: f.unitsOf10Uncovered,
        unitsWithoutCommittee: list(lacking),
        unitsCoveredByWorkspaceCommittee: list(byWorkspace),
        workspaceCommittee: f.workspaceCommittee,
        casesWithoutCommittee: f.casesWithoutCommittee,
      };
      if (!f.workspaceCommittee && f.committees === 0)
        return { status: 'NOT_MET', computed: 'No Internal Committee is constituted', figures };
      if (f.unitsOf10Uncovered > 0)
        return {
          status: 'NOT_MET',
          computed: `${plural(f.unitsOf10Uncovered, 'unit')} of 10 or more people without a committee${lacking.length ? `: ${list(lacking)}` : ''}`,
          figures,
        };
      // Said in every answer where it holds: which offices of 10 or more have no committee of their own.
      const coveredText =
        byWorkspace.length > 0
          ? `The workspace's committee covers ${plural(byWorkspace.length, 'unit')} of 10 or more without its own: ${list(byWorkspace)}`
          : null;
      if (f.casesWithoutCommittee > 0)
        return {
          status: 'AT_RISK',
          computed: `${plural(f.casesWithoutCommittee, 'open case')} no committee hears: refer to the Local Committee${coveredText ? `. ${coveredText}` : ''}`,
          figures,
        };
      return {
        status: 'MET',
        computed:
          coveredText ??
          (f.workspaceCommittee
            ? `The workspace's committee covers every unit (${f.unitsOf10} of 10 or more people)`
            : `Each of the ${f.unitsOf10} units of 10 or more has its committee`),
        figures,
      };
    },
  },
  {
    ruleId: 'IN-02',
    title: 'Committee composition and term',
    actionPath: '/committees',
    evaluate: (f) => {
      const figures = { committees: f.committees, warnings: f.compositionWarnings };
      if (f.committees === 0) return { status: 'NOT_MET', computed: 'No committee to check', figures };
      if (f.compositionWarnings > 0)
        return {
          status: 'NOT_MET',
          computed: `${plural(f.compositionWarnings, 'composition warning')} over ${plural(f.committees, 'committee')}`,
          figures,
        };
      return { status: 'MET', computed: `${plural(f.committees, 'committee')}, composition as the Act asks`, figures };
    },
  },
  {
    ruleId: 'IN-03',
    title: 'Complaint within 3 months, extension with reasons',
    actionPath: '/complaints',
    evaluate: (f) => {
      const figures = { lateFilings: f.lateFilings };
      if (f.cases.inTotal === 0)
        return { status: 'NOT_APPLICABLE', computed: 'No complaint yet: each is flagged when late', figures };
      if (f.lateFilings > 0)
        return {
          status: 'AT_RISK',
          computed: `${plural(f.lateFilings, 'open case')} filed late: the committee records its reasons to extend`,
          figures,
        };
      return { status: 'MET', computed: 'Every open complaint was filed in time', figures };
    },
  },
  {
    ruleId: 'IN-04',
    title: 'Conciliation only on request, recorded',
    actionPath: '/complaints',
    evaluate: (f) => ({
      status: f.cases.inTotal === 0 ? 'NOT_APPLICABLE' : 'MET',
      computed: `Conciliation is recorded only at the complainant's request: ${plural(f.conciliations, 'request')}`,
      figures: { conciliations: f.conciliations },
    }),
  },
  {
    ruleId: 'IN-05',
    title: 'Copy to the respondent in 7 working days, reply in 10',
    actionPath: '/complaints',
    evaluate: (f) => {
      // The reply recorded (with the day it came) stops its clock: on time, or late (the respondent's delay, counted).
      const reply = clock(f, 'IN_RESPONDENT_REPLY');
      const e = byClocks(f, ['IN_RESPONDENT_COPY', 'IN_RESPONDENT_REPLY'], f.cases.inTotal, 'Copy and reply clocks');
      const recorded = (reply.met ?? 0) + (reply.metLate ?? 0);
      const figures = { ...e.figures, repliesRecorded: recorded, repliesLate: reply.metLate ?? 0 };
      if (e.status === 'NOT_APPLICABLE') return { ...e, figures };
      return {
        ...e,
        computed: `${e.computed}; ${plural(recorded, 'reply', 'replies')} recorded${reply.metLate ? `, ${reply.metLate} after the 10 working days` : ''}`,
        figures,
      };
    },
  },
  {
    ruleId: 'IN-06',
    title: 'Natural justice: quorum of 3 with the presiding officer, ex parte rules',
    actionPath: '/complaints',
    evaluate: (f) => {
      const h = f.hearings;
      const figures = {
        committees: f.committees,
        withoutQuorum: f.committeesWithoutQuorum,
        hearingsHeld: h.held,
        hearingsWithoutQuorum: h.withoutQuorum,
        attendanceNotRecorded: h.attendanceNotRecorded,
      };
      if (f.committees === 0) return { status: 'NOT_MET', computed: 'No committee: no hearing can be held', figures };
      if (h.withoutQuorum > 0)
        return {
          status: 'NOT_MET',
          computed: `${plural(h.withoutQuorum, 'hearing')} of ${h.held} held without a quorum of 3 members including the presiding officer`,
          figures,
        };
      if (f.committeesWithoutQuorum > 0)
        return {
          status: 'NOT_MET',
          computed: `${plural(f.committeesWithoutQuorum, 'committee')} cannot seat a quorum of 3 with the presiding officer`,
          figures,
        };
      if (h.attendanceNotRecorded > 0)
        return {
          status: 'AT_RISK',
          computed: `${plural(h.attendanceNotRecorded, 'hearing')} held with no attendance recorded: its quorum is not shown`,
          figures,
        };
      return {
        status: 'MET',
        computed:
          h.held === 0
            ? 'No hearing held yet; every committee can seat a quorum; ex parte needs 3 absences and 15 days’ notice'
            : `Every one of the ${plural(h.held, 'hearing')} held had its quorum of 3 including the presiding officer`,
        figures,
      };
    },
  },
  {
    ruleId: 'IN-07',
    title: 'Inquiry within 90 days',
    actionPath: '/complaints/figures',
    evaluate: (f) => {
      const e = byClocks(f, ['IN_INQUIRY'], f.cases.inTotal, 'Inquiry clock');
      const figures = { ...e.figures, pendingOver90Days: f.pendingOver90Days };
      if (f.pendingOver90Days > 0)
        return { status: 'NOT_MET', computed: `${plural(f.pendingOver90Days, 'case')} pending over 90 days`, figures };
      return { ...e, figures };
    },
  },
  {
    ruleId: 'IN-08',
    title: 'Interim relief on written request',
    actionPath: '/complaints',
    evaluate: (f) => {
      const waiting = Math.max(0, f.interimRequested - f.interimDecided);
      const figures = { requested: f.interimRequested, decided: f.interimDecided };
      if (f.cases.inTotal === 0) return { status: 'NOT_APPLICABLE', computed: 'No complaint yet', figures };
      if (waiting > 0)
        return {
          status: 'AT_RISK',
          computed: `${plural(waiting, 'request')} for interim relief awaiting a decision`,
          figures,
        };
      return { status: 'MET', computed: `${plural(f.interimRequested, 'request')}, each decided`, figures };
    },
  },
  {
    ruleId: 'IN-09',
    title: 'Report in 10 days, employer action in 60',
    actionPath: '/complaints',
    evaluate: (f) =>
      byClocks(f, ['IN_REPORT', 'IN_EMPLOYER_ACTION'], f.cases.inTotal, 'Report and employer action clocks'),
  },
  {
    ruleId: 'IN-10',
    title: 'Appeal within 90 days; the record kept whole',
    actionPath: '/complaints/retention',
    evaluate: (f) => ({
      status: f.cases.inTotal === 0 ? 'NOT_APPLICABLE' : 'MET',
      computed: `${plural(f.inAppealWindow, 'closed case')} inside the appeal window, kept whole (never purged inside it)`,
      figures: { inAppealWindow: f.inAppealWindow },
    }),
  },
  {
    ruleId: 'IN-11',
    title: 'Confidentiality: access limited and logged',
    actionPath: '/complaints',
    evaluate: (f) => ({
      status: 'MET',
      computed: `Only the case's committee and its parties open a case; ${plural(f.accessLogEntries, 'access log entry', 'access log entries')}; figures free of identifiers`,
      figures: { accessLogEntries: f.accessLogEntries },
    }),
  },
  {
    ruleId: 'IN-12',
    title: "Employer's duties: notice, workshops, orientation, police help",
    actionPath: '/compliance/duties',
    evaluate: (f) => {
      const d = f.duties;
      const figures = { ...d };
      const missing = [
        d.noticePublished ? null : 'the notice of penal consequences and the committee is not published',
        d.workshopsLastYear + d.awarenessLastYear > 0
          ? null
          : 'no workshop or awareness programme in the last 12 months',
        d.orientationThisTerm ? null : "the committee's orientation is not recorded",
        d.policeHelpGiven ? null : 'where to get help with a police complaint is not given',
      ].filter((m): m is string => m !== null);
      if (missing.length === 0)
        return {
          status: 'MET',
          computed: `Notice shown; ${d.workshopsLastYear} workshops and ${d.awarenessLastYear} awareness programmes in 12 months; orientation recorded`,
          figures,
        };
      return {
        status: missing.length >= 3 ? 'NOT_MET' : 'AT_RISK',
        computed: `Missing: ${missing.join('; ')}`,
        figures,
      };
    },
  },
  {
    ruleId: 'IN-13',
    title: 'Annual report of each committee (calendar year)',
    actionPath: '/compliance/returns',
    evaluate: (f) => byReturn(f, 'POSH_ANNUAL', 'The POSH annual return'),
  },
  {
    ruleId: 'IN-14',
    title: "The board's report (financial year)",
    actionPath: '/compliance/returns',
    evaluate: (f) => byReturn(f, 'BOARD', "The board's report figures"),
  },
  {
    ruleId: 'IN-15',
    title: 'Penalty for non-compliance (s.26)',
    actionPath: '/compliance',
    // Judged from the other India rules by `evaluateLegalRules` (it needs their results).
    evaluate: () => ({ status: 'MET', computed: '', figures: {} }),
  },
  {
    ruleId: 'IN-16',
    title: 'SHe-Box and the Local Committee',
    actionPath: '/complaints',
    evaluate: (f) =>
      f.sheBoxShown
        ? {
            status: 'MET',
            computed: 'SHe-Box and the Local Committee are shown on the complaint pages',
            figures: { shown: true },
          }
        : {
            status: 'AT_RISK',
            computed: 'The complaint pages do not yet show SHe-Box and the Local Committee',
            figures: { shown: false },
          },
  },
  {
    ruleId: 'IN-17',
    title: 'Fair hearing and strict constitution (Aureliano Fernandes)',
    actionPath: '/complaints',
    evaluate: (f) => {
      const h = f.hearings;
      const figures = {
        compositionWarnings: f.compositionWarnings,
        withoutQuorum: f.committeesWithoutQuorum,
        hearingsWithoutQuorum: h.withoutQuorum,
        exParteOrders: h.exParteOrders,
        exParteWithoutBasis: h.exParteWithoutBasis,
      };
      if (f.committees === 0) return { status: 'NOT_MET', computed: 'No committee constituted', figures };
      if (h.exParteWithoutBasis > 0)
        return {
          status: 'NOT_MET',
          computed: `${plural(h.exParteWithoutBasis, 'ex parte order')} made without 3 recorded consecutive absences and 15 days’ notice`,
          figures,
        };
      if (h.withoutQuorum > 0)
        return {
          status: 'NOT_MET',
          computed: `${plural(h.withoutQuorum, 'hearing')} held without its quorum`,
          figures,
        };
      if (f.compositionWarnings > 0 || f.committeesWithoutQuorum > 0)
        return { status: 'NOT_MET', computed: 'A committee is not constituted as the Act asks', figures };
      return {
        status: 'MET',
        computed: `Committees constituted as the Act asks; hearings held with their quorum; ${plural(h.exParteOrders, 'ex parte order')}, each after 3 recorded absences and 15 days’ notice`,
        figures,
      };
    },
  },
];

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const CANADA_RULES: readonly Rule[] = [
  {
    ruleId: 'CA-01',
    title: 'Notice of occurrence to a designated recipient',
    actionPath: '/committees',
    evaluate: (f) =>
      f.designatedRecipients > 0
        ? {
            status: 'MET',
            computed: `${plural(f.designatedRecipients, 'designated recipient')} receive notices`,
            figures: { designatedRecipients: f.designatedRecipients },
          }
        : { status: 'NOT_MET', computed: 'No designated recipient is named', figures: { designatedRecipients: 0 } },
  },
  {
    ruleId: 'CA-02',
    title: 'Contact the principal party within 7 days',
    actionPath: '/complaints',
    evaluate: (f) => byClocks(f, ['CA_FIRST_CONTACT'], f.cases.caTotal, 'First-contact clock'),
  },
  {
    ruleId: 'CA-03',
    title: 'First contact with the responding party',
    actionPath: '/compliance/prevention',
    evaluate: (f) => {
      // The first contacts point each party to the policy and its resolution process: a policy without them fails them.
      const lacking = FIRST_CONTACT_ELEMENTS.filter((e) => !f.prevention.elements.includes(e));
      const figures = { open: f.cases.caOpen, policyElementsLacking: lacking.length };
      if (f.cases.caTotal === 0) return { status: 'NOT_APPLICABLE', computed: 'No notice of occurrence yet', figures };
      if (lacking.length > 0)
        return {
          status: 'NOT_MET',
          computed: `The first contacts point to a policy not confirmed to set out ${lacking.length === 2 ? 'the resolution process and the support measures' : lacking[0] === 'RESOLUTION_PROCESS' ? 'the resolution process' : 'the support measures'}`,
          figures,
        };
      return {
        status: 'MET',
        computed: `The first message to each party carries the policy, the steps and the right to representation; ${plural(f.cases.caOpen, 'open notice')}`,
        figures,
      };
    },
  },
  {
    ruleId: 'CA-04',
    title: 'Negotiated-resolution meeting within 45 days',
    actionPath: '/complaints',
    evaluate: (f) => byClocks(f, ['CA_NEGOTIATED_MEETING'], f.cases.caTotal, 'Negotiated-resolution clock'),
  },
  {
    ruleId: 'CA-05',
    title: 'Conciliation by agreement; investigator from a list or the roster',
    actionPath: '/complaints/investigators',
    evaluate: (f) => {
      const figures = {
        open: f.cases.caOpen,
        roster: f.investigations.roster,
        awaitingRoster: f.investigations.awaitingRoster,
      };
      if (f.cases.caTotal === 0) return { status: 'NOT_APPLICABLE', computed: 'No notice of occurrence yet', figures };
      if (f.investigations.roster === 0)
        return { status: 'NOT_MET', computed: 'No investigator is on the roster', figures };
      if (f.investigations.awaitingRoster > 0)
        return {
          status: 'AT_RISK',
          computed: `${plural(f.investigations.awaitingRoster, 'case')} without the parties' agreement after 60 days: appoint the roster's next investigator`,
          figures,
        };
      return {
        status: 'MET',
        computed: `${plural(f.investigations.roster, 'investigator')} on the roster; anonymous notices are not investigated`,
        figures,
      };
    },
  },
  {
    ruleId: 'CA-06',
    title: "Investigator's report without identifiers; recommendations implemented",
    actionPath: '/complaints',
    evaluate: (f) => {
      const figures = { reports: f.investigations.reports, outstanding: f.investigations.outstanding };
      if (f.cases.caTotal === 0) return { status: 'NOT_APPLICABLE', computed: 'No notice of occurrence yet', figures };
      if (f.investigations.outstanding > 0)
        return {
          status: 'AT_RISK',
          computed: `${plural(f.investigations.outstanding, 'recommendation')} chosen and not yet implemented`,
          figures,
        };
      return {
        status: 'MET',
        computed: `${plural(f.investigations.reports, 'report')} written in SafePlace, refused when they identify a party; every recommendation chosen is implemented`,
        figures,
      };
    },
  },
  {
    ruleId: 'CA-07',
    title: 'Resolution within 1 year',
    actionPath: '/complaints',
    evaluate: (f) => byClocks(f, ['CA_RESOLUTION'], f.cases.caTotal, 'One-year clock'),
  },
  {
    ruleId: 'CA-08',
    title: 'Monthly status updates',
    actionPath: '/complaints',
    evaluate: (f) => ({
      status: f.cases.caTotal === 0 ? 'NOT_APPLICABLE' : 'MET',
      computed: `The daily case job sends each party of an open notice its monthly update: ${plural(f.monthlyUpdatesSent, 'update')} sent`,
      figures: { updatesSent: f.monthlyUpdatesSent, open: f.cases.caOpen },
    }),
  },
  {
    ruleId: 'CA-09',
    title: 'Records kept 10 years',
    actionPath: '/complaints/retention',
    evaluate: (f) => ({
      // The purge never comes before the law's years for a Canadian case (src/domain/complaints/retention.ts), whatever
      // the workspace's period: the rule holds by construction; the figure says what the workspace set.
      status: 'MET',
      computed: `${
        f.retentionYears === null
          ? 'Closed cases are kept until removed by hand'
          : `Closed notices are kept at least 10 years, whatever the period set (shortest: ${f.retentionYears} years)`
      }; every joint review of the policy and of the workplace assessment, and every disagreement with the committee recorded, is kept 10 years (not cleared, moved earlier or deleted), and a published policy's versions are never deleted`,
      figures: { shortestPeriodYears: f.retentionYears, lawYears: 10 },
    }),
  },
  {
    ruleId: 'CA-10',
    title: 'Annual report by 1 March (LAB1206)',
    actionPath: '/compliance/returns',
    evaluate: (f) => byReturn(f, 'CANADA_ANNUAL', 'The annual report (LAB1206)'),
  },
  {
    ruleId: 'CA-11',
    title: 'Training within 3 months of hire, then every 3 years',
    actionPath: '/compliance/training-cadence',
    evaluate: (f) => {
      if (f.trainingOverdue === null)
        return {
          status: 'NOT_MET',
          computed: 'No course meets a Canadian training obligation',
          figures: { overdue: null },
        };
      if (f.trainingOverdue > 0)
        return {
          status: 'NOT_MET',
          computed: `${plural(f.trainingOverdue, 'person', 'people')} overdue for training`,
          figures: { overdue: f.trainingOverdue },
        };
      return { status: 'MET', computed: 'Nobody is overdue for training', figures: { overdue: 0 } };
    },
  },
  {
    ruleId: 'CA-12',
    title: 'Policy and workplace assessment jointly reviewed at least every 3 years',
    actionPath: '/compliance/prevention',
    evaluate: (f) => {
      const p = f.prevention;
      const missing = missingElements(p).length;
      const policy = reviewState(p.policyReviewedOn, f.today);
      const assessment = reviewState(p.assessmentReviewedOn, f.today);
      const figures = {
        published: f.policiesPublished,
        reviewOverdue: f.policiesReviewOverdue,
        elementsMissing: missing,
        policyReviewDue: reviewDueOn(p.policyReviewedOn),
        assessmentReviewDue: reviewDueOn(p.assessmentReviewedOn),
        thirdPartySinceAssessment: p.thirdPartySinceAssessment,
      };
      const notMet: string[] = [];
      if (f.policiesPublished === 0) notMet.push('no policy is published');
      if (f.policiesReviewOverdue > 0)
        notMet.push(`${plural(f.policiesReviewOverdue, 'policy', 'policies')} past the review date`);
      if (missing > 0) notMet.push(`the policy lacks ${plural(missing, 'required element')}`);
      if (policy === 'OVERDUE')
        notMet.push(
          p.policyReviewedOn
            ? 'the policy’s joint review is over 3 years old'
            : 'no joint review of the policy is recorded',
        );
      if (assessment === 'OVERDUE')
        notMet.push(
          p.assessmentReviewedOn
            ? 'the workplace assessment is over 3 years old'
            : 'no joint workplace assessment is recorded',
        );
      if (notMet.length > 0) return { status: 'NOT_MET', computed: capitalise(notMet.join('; ')), figures };
      if (p.thirdPartySinceAssessment > 0)
        return {
          status: 'AT_RISK',
          computed: `${plural(p.thirdPartySinceAssessment, 'notice')} against a third party since the last assessment: update it`,
          figures,
        };
      if (policy === 'DUE_SOON' || assessment === 'DUE_SOON')
        return {
          status: 'AT_RISK',
          computed: `A joint review falls due within 90 days (policy ${figures.policyReviewDue}, assessment ${figures.assessmentReviewDue})`,
          figures,
        };
      return {
        status: 'MET',
        computed: `The policy has every required element; joint reviews due ${figures.policyReviewDue} (policy) and ${figures.assessmentReviewDue} (assessment)`,
        figures,
      };
    },
  },
];

/** IN-15: s.26's fine, on each contravention; more on a repeat, up to the business licence. */
export const IN_PENALTY = 'Fine up to ₹50,000 (s.26); twice on a repeat, and the licence may be cancelled';
/** Canada: Canada Labour Code s.148, on summary conviction. */
export const CA_PENALTY = 'Administrative monetary penalty or fine under the Canada Labour Code (s.148)';

/** The rules of the declared countries, India's first, each in its file order. */
export function evaluateLegalRules(f: LawFacts): RuleResult[] {
  const out: RuleResult[] = [];
  const run = (country: Country, rules: readonly Rule[]) => {
    for (const rule of rules) {
      const e = rule.evaluate(f);
      out.push({ ruleId: rule.ruleId, country, title: rule.title, actionPath: rule.actionPath, ...e, penalty: null });
    }
  };
  if (f.countries.includes('IN')) run('IN', INDIA_RULES);
  if (f.countries.includes('CA')) run('CA', CANADA_RULES);
  for (const r of out) if (r.status === 'NOT_MET') r.penalty = r.country === 'IN' ? IN_PENALTY : CA_PENALTY;
  const in15 = out.find((r) => r.ruleId === 'IN-15');
  if (in15) {
    const notMet = out.filter((r) => r.country === 'IN' && r.status === 'NOT_MET').length;
    const atRisk = out.filter((r) => r.country === 'IN' && r.status === 'AT_RISK').length;
    in15.figures = { rulesNotMet: notMet, rulesAtRisk: atRisk, maximumFineInr: notMet * 50_000 };
    in15.status = notMet > 0 ? 'NOT_MET' : atRisk > 0 ? 'AT_RISK' : 'MET';
    in15.computed =
      notMet > 0
        ? `${plural(notMet, 'rule')} not met: exposure up to ₹${(notMet * 50_000).toLocaleString('en-IN')} (₹50,000 each, s.26)`
        : atRisk > 0
          ? `No rule is broken; ${plural(atRisk, 'rule')} at risk`
          : 'No India rule is broken: no exposure';
    in15.penalty = notMet > 0 ? IN_PENALTY : null;
  }
  return out;
}
