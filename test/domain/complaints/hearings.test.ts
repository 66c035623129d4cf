import { describe, expect, it } from 'vitest';
import {
  exParteCheck,
  hearingQuorum,
  judgeHearings,
  type AttendanceStatus,
  type HeldHearing,
} from '../../../src/domain/complaints/hearings';

const sitting = new Set(['po', 'm1', 'm2', 'ext']);
const members = (entries: Record<string, AttendanceStatus>) =>
  Object.entries(entries).map(([userId, status]) => ({ userId, status }));

describe('the quorum of a hearing (IN-06)', () => {
  it('is met by 3 members present including the presiding officer', () => {
    expect(hearingQuorum({ members: members({ po: 'PRESENT', m1: 'PRESENT', m2: 'PRESENT' }) }, sitting, 'po')).toEqual(
      { met: true, present: 3, presidingPresent: true, problem: null },
    );
  });

  it('is not met by 2 present, and says so naming the rule', () => {
    const q = hearingQuorum(
      { members: members({ po: 'PRESENT', m1: 'PRESENT', m2: 'ABSENT', ext: 'EXCUSED' }) },
      sitting,
      'po',
    );
    expect(q.met).toBe(false);
    expect(q.present).toBe(2);
    expect(q.problem).toMatch(/^IN-06: .*quorum of 3.*2 of the 3 members needed were present/);
  });

  it('is not met by 3 present without the presiding officer', () => {
    const q = hearingQuorum(
      { members: members({ po: 'ABSENT', m1: 'PRESENT', m2: 'PRESENT', ext: 'PRESENT' }) },
      sitting,
      'po',
    );
    expect(q).toMatchObject({ met: false, present: 3, presidingPresent: false });
    expect(q.problem).toMatch(/the presiding officer was not present/);
  });

  it('does not count someone who does not sit on the case (recused, or not a member)', () => {
    const q = hearingQuorum({ members: members({ po: 'PRESENT', m1: 'PRESENT', stranger: 'PRESENT' }) }, sitting, 'po');
    expect(q).toMatchObject({ met: false, present: 2 });
  });

  it('is not met when nobody presides over the case', () => {
    expect(
      hearingQuorum({ members: members({ m1: 'PRESENT', m2: 'PRESENT', ext: 'PRESENT' }) }, sitting, null).met,
    ).toBe(false);
  });
});

describe('ex parte (IN-06, IN-17)', () => {
  const hearing = (notifiedOn: string, day: string, status: AttendanceStatus | null) => ({
    notifiedOn,
    startsAt: `${day}T05:30:00.000Z`,
    status,
  });
  const three = [
    hearing('2026-10-01', '2026-10-05', 'ABSENT'),
    hearing('2026-10-06', '2026-10-10', 'ABSENT'),
    hearing('2026-10-11', '2026-10-14', 'ABSENT'),
  ];

  it('is allowed after 3 consecutive absences and 15 days from the first notice', () => {
    expect(exParteCheck(three, '2026-10-16')).toEqual({ allowed: true, absences: 3, noticeFrom: '2026-10-01' });
  });

  it("is refused on the 14th day after the first hearing's notice, and names the notice", () => {
    const check = exParteCheck(three, '2026-10-15');
    expect(check).toMatchObject({ allowed: false, absences: 3 });
    expect(!check.allowed && check.problem).toMatch(/15 days' written notice.*notified 14 days ago/);
  });

  it('is refused after 2 absences, naming the count', () => {
    const check = exParteCheck(three.slice(0, 2), '2026-12-01');
    expect(check).toMatchObject({ allowed: false, absences: 2 });
    expect(!check.allowed && check.problem).toMatch(/3 consecutive recorded absences.*has 2/);
  });

  it('counts only consecutive absences: a hearing attended or excused starts the count again', () => {
    const broken = [three[0], hearing('2026-10-07', '2026-10-08', 'EXCUSED'), three[1], three[2]];
    expect(exParteCheck(broken, '2026-12-01')).toMatchObject({ allowed: false, absences: 2 });
    const present = [...three, hearing('2026-10-15', '2026-10-20', 'PRESENT')];
    expect(exParteCheck(present, '2026-12-01')).toMatchObject({ allowed: false, absences: 0 });
  });

  it('ignores hearings whose attendance is not recorded, and counts from the first of the last 3 absences', () => {
    const four = [hearing('2026-09-01', '2026-09-05', 'ABSENT'), ...three, hearing('2026-10-20', '2026-10-25', null)];
    expect(exParteCheck(four, '2026-10-16')).toEqual({ allowed: true, absences: 4, noticeFrom: '2026-10-01' });
  });
});

describe('the hearings held, as the legal rules judge them (IN-06, IN-17)', () => {
  const held = (day: string, present: string[], respondent: AttendanceStatus | null, caseId = 'a'): HeldHearing => ({
    caseId,
    startsAt: `${day}T05:00:00.000Z`,
    heldOn: day,
    notifiedOn: day,
    attendance:
      respondent === null && present.length === 0
        ? null
        : {
            members: present.map((userId) => ({ userId, status: 'PRESENT' as const })),
            complainant: 'PRESENT',
            respondent,
          },
    sitting,
    presidingUserId: 'po',
  });

  it('counts hearings without quorum and those with no attendance recorded', () => {
    expect(
      judgeHearings(
        [
          held('2026-01-05', ['po', 'm1', 'm2'], 'PRESENT'),
          held('2026-01-06', ['m1', 'm2', 'ext'], 'PRESENT'),
          held('2026-01-07', [], null),
        ],
        [],
      ),
    ).toEqual({ held: 3, withoutQuorum: 1, attendanceNotRecorded: 1, exParteOrders: 0, exParteWithoutBasis: 0 });
  });

  it('bears out an ex parte order only on 3 consecutive absences before it and 15 days from the first notice', () => {
    const three = ['2026-01-05', '2026-01-08', '2026-01-12'].map((d) => held(d, ['po', 'm1', 'm2'], 'ABSENT'));
    expect(judgeHearings(three, [{ caseId: 'a', party: 'RESPONDENT', on: '2026-01-20' }]).exParteWithoutBasis).toBe(0);
    // Too early: 14 days after the first notice.
    expect(judgeHearings(three, [{ caseId: 'a', party: 'RESPONDENT', on: '2026-01-19' }]).exParteWithoutBasis).toBe(1);
    // The complainant attended each: no basis against her; another case's hearings do not count.
    expect(judgeHearings(three, [{ caseId: 'a', party: 'COMPLAINANT', on: '2026-01-20' }]).exParteWithoutBasis).toBe(1);
    expect(judgeHearings(three, [{ caseId: 'b', party: 'RESPONDENT', on: '2026-01-20' }]).exParteWithoutBasis).toBe(1);
    // A hearing after the order does not bear it out.
    const late = [...three.slice(0, 2), held('2026-01-25', ['po', 'm1', 'm2'], 'ABSENT')];
    expect(judgeHearings(late, [{ caseId: 'a', party: 'RESPONDENT', on: '2026-01-20' }]).exParteWithoutBasis).toBe(1);
  });
});
