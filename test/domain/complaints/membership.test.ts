import { describe, expect, it } from 'vitest';
import {
  approverOf,
  changesSeats,
  decisionProblem,
  seatDiff,
  type Seat,
} from '../../../src/domain/complaints/membership';

const po: Seat = { userId: 'po', role: 'PRESIDING_OFFICER' };
const m1: Seat = { userId: 'm1', role: 'EMPLOYEE_MEMBER' };
const ext: Seat = { userId: 'ext', role: 'EXTERNAL_MEMBER' };

describe('changes of a committee’s members', () => {
  it('tells who joins, who leaves and whose role changes; details alone change no seat', () => {
    expect(
      seatDiff([po, m1], [po, { userId: 'm1', role: 'EXTERNAL_MEMBER' }, { userId: 'new', role: 'EMPLOYEE_MEMBER' }]),
    ).toEqual({ added: ['new'], removed: [], changedRole: ['m1'] });
    expect(seatDiff([po, m1, ext], [po, m1])).toEqual({ added: [], removed: ['ext'], changedRole: [] });
    expect(changesSeats(seatDiff([po, m1], [po, m1]))).toBe(false);
  });

  it('waits for the presiding officer, or a second admin for the presiding officer’s own seat', () => {
    expect(approverOf([po, m1], [po, m1, ext], 'admin')).toBe('PRESIDING_OFFICER');
    expect(approverOf([po, m1], [{ userId: 'm1', role: 'PRESIDING_OFFICER' }], 'admin')).toBe('SECOND_ADMIN');
    expect(approverOf([po, m1], [m1], 'admin')).toBe('SECOND_ADMIN');
    // No presiding officer (Canada's designated recipients), or the presiding officer asked.
    expect(approverOf([{ userId: 'r1', role: 'DESIGNATED_RECIPIENT' }], [], 'admin')).toBe('SECOND_ADMIN');
    expect(approverOf([po, m1], [po, m1, ext], 'po')).toBe('SECOND_ADMIN');
  });

  it('lets nobody approve their own request or their own seat, and only the one it waits for decide', () => {
    const change = { approver: 'PRESIDING_OFFICER' as const, requestedBy: 'admin', added: ['new'] };
    expect(decisionProblem(change, { userId: 'po', presides: true, setsUp: false }, 'APPROVE')).toBeNull();
    expect(decisionProblem(change, { userId: 'admin', presides: false, setsUp: true }, 'APPROVE')).toMatch(
      /asked for this change/,
    );
    expect(decisionProblem(change, { userId: 'admin', presides: false, setsUp: true }, 'REJECT')).toBeNull();
    expect(decisionProblem(change, { userId: 'employer', presides: false, setsUp: true }, 'APPROVE')).toMatch(
      /presiding officer/,
    );
    const second = { approver: 'SECOND_ADMIN' as const, requestedBy: 'admin', added: ['employer'] };
    expect(decisionProblem(second, { userId: 'employer', presides: false, setsUp: true }, 'APPROVE')).toMatch(
      /seats you/,
    );
    expect(
      decisionProblem({ ...second, added: [] }, { userId: 'employer', presides: false, setsUp: true }, 'APPROVE'),
    ).toBeNull();
    expect(
      decisionProblem({ ...second, added: [] }, { userId: 'po', presides: true, setsUp: false }, 'APPROVE'),
    ).toMatch(/second workspace admin/);
  });
});
