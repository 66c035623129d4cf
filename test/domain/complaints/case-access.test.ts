import { describe, expect, it } from 'vitest';
import { audiencesFor, caseRole, mayWriteTo, type CaseParties } from '../../../src/domain/complaints/case-access';
import { meetingInvitation, fold } from '../../../src/domain/complaints/ics';
import { workspaceCalendar } from '../../../src/domain/complaints/regime';
import { caseClocks } from '../../../src/domain/complaints/statutory-clocks';

const parties: CaseParties = {
  filedBy: 'esha',
  respondentUserId: 'rahul',
  respondentCopySent: false,
  memberIds: ['po', 'm1', 'm2'],
  recusedIds: ['m2'],
};

describe('who sees a case (IN-11)', () => {
  it('the complainant, the assigned members not recused, and the respondent only once the copy is sent', () => {
    expect(caseRole('esha', parties)).toBe('COMPLAINANT');
    expect(caseRole('po', parties)).toBe('COMMITTEE');
    expect(caseRole('m2', parties)).toBeNull();
    expect(caseRole('rahul', parties)).toBeNull();
    expect(caseRole('rahul', { ...parties, respondentCopySent: true })).toBe('RESPONDENT');
    expect(caseRole('admin', parties)).toBeNull();
  });

  it('a member who filed it sees it as the committee would only if not recused, else as the complainant', () => {
    expect(caseRole('m2', { ...parties, filedBy: 'm2' })).toBe('COMPLAINANT');
  });

  it('refuses a party before it considers membership: a seat never opens the case to its respondent or filer', () => {
    const seated = { ...parties, memberIds: ['po', 'm1', 'm2', 'rahul', 'esha'], recusedIds: [] };
    expect(caseRole('rahul', seated)).toBeNull();
    expect(caseRole('rahul', { ...seated, respondentCopySent: true })).toBe('RESPONDENT');
    expect(caseRole('esha', seated)).toBe('COMPLAINANT');
  });

  it('threads: each party reads and writes its own; the committee all', () => {
    expect(audiencesFor('COMPLAINANT')).toEqual(['COMPLAINANT']);
    expect(audiencesFor('RESPONDENT')).toEqual(['RESPONDENT']);
    expect(audiencesFor('COMMITTEE')).toEqual(['COMPLAINANT', 'RESPONDENT', 'COMMITTEE']);
    expect(mayWriteTo('COMPLAINANT', 'COMMITTEE')).toBe(false);
    expect(mayWriteTo('COMPLAINANT', 'RESPONDENT')).toBe(false);
    expect(mayWriteTo('RESPONDENT', 'RESPONDENT')).toBe(true);
    expect(mayWriteTo('COMMITTEE', 'RESPONDENT')).toBe(true);
  });
});

describe('a workspace calendar', () => {
  it('skips the admin’s added holidays and a Saturday off across a year end (IN-05)', () => {
    // Copy sent Thursday 24 December 2026; a five-day week, 25 and 31 December and 1 January added as holidays.
    const calendar = workspaceCalendar(
      { compliance: 'IN_POSH', extraHolidays: ['2026-12-25', '2026-12-31', '2027-01-01'], saturdayOff: true },
      2026,
      2027,
    );
    const clocks = caseClocks({ receivedOn: '2026-12-20', respondentCopySentOn: '2026-12-24' }, calendar, '2026-12-24');
    // Working days: 28, 29, 30 Dec; 4, 5, 6, 7, 8, 11, 12 Jan -> the 10th is 12 January.
    expect(clocks.find((c) => c.id === 'IN_RESPONDENT_REPLY')?.dueOn).toBe('2027-01-12');
    const sixDays = workspaceCalendar({ compliance: 'IN_POSH', extraHolidays: [], saturdayOff: false }, 2026, 2027);
    // Sunday the only weekly holiday: 25, 26, 28, 29, 30, 31 Dec, 1, 2, 4, 5 Jan.
    expect(
      caseClocks({ receivedOn: '2026-12-20', respondentCopySentOn: '2026-12-24' }, sixDays, '2026-12-24').find(
        (c) => c.id === 'IN_RESPONDENT_REPLY',
      )?.dueOn,
    ).toBe('2027-01-05');
  });

  it('Canada counts its federal holidays and the weekend', () => {
    const calendar = workspaceCalendar({ compliance: 'CA_FEDERAL', extraHolidays: [], saturdayOff: false }, 2026, 2027);
    expect(calendar.jurisdiction).toBe('CANADA');
    expect(calendar.weekend).toEqual([0, 6]);
    expect(calendar.holidays.has('2026-12-26')).toBe(true);
  });
});

describe('a meeting invitation (.ics)', () => {
  const ics = meetingInvitation({
    uid: 'm1@safeplace',
    title: 'Hearing; case C-0001, room 4',
    description: 'Agenda:\nhear the complainant',
    startsAt: '2026-12-01T10:00:00+05:30',
    endsAt: '2026-12-01T11:00:00+05:30',
    location: 'https://meet.example/ic',
    organizerEmail: 'po@acme.test',
    guests: ['a@acme.test', 'b@acme.test'],
    stamp: '2026-11-25T12:00:00Z',
  });

  it('has one event in UTC with every guest, text escaped, CRLF line ends', () => {
    expect(ics).toContain('DTSTART:20261201T043000Z\r\n');
    expect(ics).toContain('DTEND:20261201T053000Z\r\n');
    expect(ics).toContain('SUMMARY:Hearing\\; case C-0001\\, room 4\r\n');
    expect(ics).toContain('DESCRIPTION:Agenda:\\nhear the complainant\r\n');
    expect(ics.match(/ATTENDEE/g)).toHaveLength(2);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const long = `SUMMARY:${'सुनवाई '.repeat(20)}`;
    const lines = fold(long).split('\r\n');
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(long);
  });
});
