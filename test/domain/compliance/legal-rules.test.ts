import { describe, expect, it } from 'vitest';
import { evaluateLegalRules, type LawFacts } from '../../../src/domain/compliance/legal-rules';
import { POLICY_ELEMENTS } from '../../../src/domain/compliance/prevention-programme';

/** A workspace that does everything right, declaring both countries, with one open case of each. */
const good = (): LawFacts => ({
  today: '2026-11-28',
  countries: ['IN', 'CA'],
  people: 40,
  unitsOf10: 2,
  unitsOf10Uncovered: 0,
  workspaceCommittee: true,
  committees: 1,
  compositionWarnings: 0,
  committeesWithoutQuorum: 0,
  designatedRecipients: 1,
  cases: { inOpen: 1, inTotal: 2, caOpen: 1, caTotal: 1 },
  lateFilings: 0,
  casesWithoutCommittee: 0,
  conciliations: 0,
  interimRequested: 1,
  interimDecided: 1,
  clocks: { IN_RESPONDENT_COPY: { running: 1, dueSoon: 0, missed: 0 } },
  pendingOver90Days: 0,
  inAppealWindow: 1,
  monthlyUpdatesSent: 2,
  accessLogEntries: 12,
  duties: {
    noticePublished: true,
    policeHelpGiven: true,
    workshopsLastYear: 2,
    awarenessLastYear: 1,
    orientationThisTerm: true,
  },
  returns: {
    POSH_ANNUAL: { period: '2025', deadline: '2026-01-31', done: true },
    BOARD: { period: '2025-26', deadline: '2026-09-30', done: true },
    CANADA_ANNUAL: { period: '2025', deadline: '2026-03-01', done: true },
  },
  sheBoxShown: true,
  trainingOverdue: 0,
  policiesPublished: 1,
  policiesReviewOverdue: 0,
  retentionYears: 10,
  investigations: { roster: 2, awaitingRoster: 0, reports: 1, outstanding: 0 },
  prevention: {
    elements: [...POLICY_ELEMENTS],
    policyReviewedOn: '2025-01-10',
    assessmentReviewedOn: '2025-02-01',
    thirdPartySinceAssessment: 0,
  },
  units: [],
  hearings: { held: 2, withoutQuorum: 0, attendanceNotRecorded: 0, exParteOrders: 0, exParteWithoutBasis: 0 },
});
const rule = (facts: LawFacts, id: string) => evaluateLegalRules(facts).find((r) => r.ruleId === id)!;

describe('the legal rules judged from counts', () => {
  it('answers all 29 rules, in the file’s order, for a workspace declaring both countries', () => {
    const ids = evaluateLegalRules(good()).map((r) => r.ruleId);
    expect(ids).toHaveLength(29);
    expect(ids.slice(0, 3)).toEqual(['IN-01', 'IN-02', 'IN-03']);
    expect(ids.at(-1)).toBe('CA-12');
    expect(new Set(ids).size).toBe(29);
  });

  it('answers only the declared country’s rules', () => {
    expect(evaluateLegalRules({ ...good(), countries: ['IN'] }).map((r) => r.ruleId)).toHaveLength(17);
    expect(evaluateLegalRules({ ...good(), countries: ['CA'] }).every((r) => r.country === 'CA')).toBe(true);
  });

  it('judges the good workspace: nothing not met, no exposure', () => {
    const results = evaluateLegalRules(good());
    expect(results.filter((r) => r.status === 'NOT_MET')).toEqual([]);
    expect(rule(good(), 'IN-15')).toMatchObject({ status: 'MET', penalty: null });
    expect(rule({ ...good(), sheBoxShown: false }, 'IN-15').status).toBe('AT_RISK');
    expect(results.every((r) => r.actionPath.startsWith('/'))).toBe(true);
  });

  it('IN-01: a unit of 10 or more with no committee is not met', () => {
    expect(rule({ ...good(), workspaceCommittee: false, unitsOf10Uncovered: 1 }, 'IN-01').status).toBe('NOT_MET');
    expect(rule({ ...good(), casesWithoutCommittee: 2 }, 'IN-01').status).toBe('AT_RISK');
  });

  it('IN-01: says which offices of 10 or more the workspace’s committee covers without their own, even at risk', () => {
    const units = [
      { name: 'Pune', people: 12, own: false, covered: true },
      { name: 'Head office', people: 40, own: true, covered: true },
    ];
    const atRisk = rule({ ...good(), units, casesWithoutCommittee: 1 }, 'IN-01');
    expect(atRisk.status).toBe('AT_RISK');
    expect(atRisk.computed).toBe(
      "1 open case no committee hears: refer to the Local Committee. The workspace's committee covers 1 unit of 10 or more without its own: Pune (12 people)",
    );
    expect(rule({ ...good(), units }, 'IN-01').computed).toBe(
      "The workspace's committee covers 1 unit of 10 or more without its own: Pune (12 people)",
    );
  });

  it('IN-05: a missed copy clock is not met, one due within 7 days at risk, no case not applicable', () => {
    expect(
      rule({ ...good(), clocks: { IN_RESPONDENT_COPY: { running: 1, dueSoon: 0, missed: 1 } } }, 'IN-05').status,
    ).toBe('NOT_MET');
    expect(
      rule({ ...good(), clocks: { IN_RESPONDENT_REPLY: { running: 1, dueSoon: 1, missed: 0 } } }, 'IN-05').status,
    ).toBe('AT_RISK');
    expect(rule({ ...good(), cases: { inOpen: 0, inTotal: 0, caOpen: 1, caTotal: 1 } }, 'IN-05').status).toBe(
      'NOT_APPLICABLE',
    );
  });

  it('IN-07: a case pending over 90 days is not met', () => {
    expect(rule({ ...good(), pendingOver90Days: 1 }, 'IN-07')).toMatchObject({
      status: 'NOT_MET',
      figures: { pendingOver90Days: 1 },
    });
  });

  it('IN-12: each missing duty is named; three or more missing is not met', () => {
    const some = rule({ ...good(), duties: { ...good().duties, orientationThisTerm: false } }, 'IN-12');
    expect(some.status).toBe('AT_RISK');
    expect(some.computed).toContain('orientation');
    const none = rule(
      {
        ...good(),
        duties: {
          noticePublished: false,
          policeHelpGiven: false,
          workshopsLastYear: 0,
          awarenessLastYear: 0,
          orientationThisTerm: false,
        },
      },
      'IN-12',
    );
    expect(none.status).toBe('NOT_MET');
  });

  it('IN-13 and CA-10: a return not made is at risk before its deadline and not met after', () => {
    const before = {
      ...good(),
      today: '2026-01-10',
      returns: { ...good().returns, POSH_ANNUAL: { period: '2025', deadline: '2026-01-31', done: false } },
    };
    expect(rule(before, 'IN-13').status).toBe('AT_RISK');
    expect(rule({ ...before, today: '2026-02-01' }, 'IN-13').status).toBe('NOT_MET');
    const ca = {
      ...good(),
      today: '2026-03-02',
      returns: { ...good().returns, CANADA_ANNUAL: { period: '2025', deadline: '2026-03-01', done: false } },
    };
    expect(rule(ca, 'CA-10')).toMatchObject({ status: 'NOT_MET', figures: { deadline: '2026-03-01' } });
  });

  it('IN-15: the exposure is ₹50,000 for each India rule not met, shown beside each of them', () => {
    const bad = { ...good(), pendingOver90Days: 2, compositionWarnings: 1 };
    const results = evaluateLegalRules(bad);
    const in15 = results.find((r) => r.ruleId === 'IN-15')!;
    // IN-02, IN-07, IN-17 are not met.
    expect(in15).toMatchObject({ status: 'NOT_MET', figures: { rulesNotMet: 3, maximumFineInr: 150_000 } });
    expect(results.find((r) => r.ruleId === 'IN-07')!.penalty).toContain('₹50,000');
    expect(results.find((r) => r.ruleId === 'IN-01')!.penalty).toBeNull();
  });

  it('CA-09: records are kept 10 years whatever the period set; CA-11: training overdue is not met', () => {
    expect(rule({ ...good(), retentionYears: 7 }, 'CA-09')).toMatchObject({
      status: 'MET',
      figures: { shortestPeriodYears: 7, lawYears: 10 },
    });
    expect(rule({ ...good(), trainingOverdue: 3 }, 'CA-11').computed).toBe('3 people overdue for training');
    expect(rule({ ...good(), trainingOverdue: null }, 'CA-11').status).toBe('NOT_MET');
  });

  it('CA-03: first contacts pointing to a policy without its resolution process are not met', () => {
    const lacking = { ...good().prevention, elements: POLICY_ELEMENTS.filter((e) => e !== 'RESOLUTION_PROCESS') };
    expect(rule({ ...good(), prevention: lacking }, 'CA-03')).toMatchObject({
      status: 'NOT_MET',
      computed: expect.stringContaining('the resolution process'),
      figures: { policyElementsLacking: 1 },
    });
    expect(rule(good(), 'CA-03').status).toBe('MET');
    expect(rule({ ...good(), cases: { ...good().cases, caTotal: 0 } }, 'CA-03').status).toBe('NOT_APPLICABLE');
  });

  it('CA-12: the policy’s elements and the joint reviews every 3 years; a third-party notice asks for an update', () => {
    const p = good().prevention;
    const at = (prevention: typeof p, today = good().today) => rule({ ...good(), today, prevention }, 'CA-12');
    expect(at(p).status).toBe('MET');
    expect(at({ ...p, assessmentReviewedOn: null }).computed).toMatch(/no joint workplace assessment/i);
    expect(at({ ...p, elements: p.elements.slice(1) })).toMatchObject({
      status: 'NOT_MET',
      figures: { elementsMissing: 1 },
    });
    // Three years on to the day is due: not met; 90 days before, at risk.
    expect(at(p, '2028-01-10').status).toBe('NOT_MET');
    expect(at(p, '2027-10-20').status).toBe('AT_RISK');
    expect(at(p, '2027-10-01').status).toBe('MET');
    expect(at({ ...p, thirdPartySinceAssessment: 1 }).status).toBe('AT_RISK');
  });

  it('CA-01: no designated recipient is not met', () => {
    expect(rule({ ...good(), designatedRecipients: 0 }, 'CA-01').status).toBe('NOT_MET');
  });

  it('judges the investigation of Canada (CA-05, CA-06) from the roster, the 60 days and the recommendations', () => {
    const with_ = (investigations: LawFacts['investigations']) => ({ ...good(), investigations });
    expect(rule(good(), 'CA-05')).toMatchObject({ status: 'MET', figures: { roster: 2 } });
    expect(rule(with_({ roster: 0, awaitingRoster: 0, reports: 0, outstanding: 0 }), 'CA-05').status).toBe('NOT_MET');
    expect(rule(with_({ roster: 2, awaitingRoster: 1, reports: 0, outstanding: 0 }), 'CA-05')).toMatchObject({
      status: 'AT_RISK',
      computed: expect.stringContaining('60 days'),
    });
    expect(rule(good(), 'CA-06').status).toBe('MET');
    expect(rule(with_({ roster: 2, awaitingRoster: 0, reports: 1, outstanding: 2 }), 'CA-06')).toMatchObject({
      status: 'AT_RISK',
      figures: { outstanding: 2 },
    });
    const none = { ...good(), cases: { inOpen: 1, inTotal: 2, caOpen: 0, caTotal: 0 } };
    expect(rule(none, 'CA-05').status).toBe('NOT_APPLICABLE');
    expect(rule(none, 'CA-06').status).toBe('NOT_APPLICABLE');
  });
});
