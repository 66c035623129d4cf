import { describe, expect, it } from 'vitest';
import {
  judgeCommittee,
  judgePolicies,
  judgeTraining,
  judgeUntracked,
  percent,
} from '../../../src/domain/compliance/compliance-status';

describe('compliance status rules', () => {
  it('rounds percentages down, so nearly everyone is not everyone', () => {
    expect(percent(199, 200)).toBe(99);
    expect(percent(2, 2)).toBe(100);
    expect(percent(0, 0)).toBe(0);
  });

  it('judges training: no course, nobody assigned, some left to do with the nearest due date, all done', () => {
    expect(judgeTraining({ people: 5, courses: 0, assigned: 0, completed: 0, nextDueOn: null })).toMatchObject({
      state: 'MISSING',
      missing: 'No course of this workspace meets it yet',
    });
    expect(judgeTraining({ people: 5, courses: 1, assigned: 0, completed: 0, nextDueOn: null }).state).toBe('MISSING');
    expect(judgeTraining({ people: 5, courses: 1, assigned: 4, completed: 3, nextDueOn: '2026-12-01' })).toEqual({
      state: 'PARTIAL',
      missing: '1 person has not been assigned it; 1 person has not completed it',
      dueOn: '2026-12-01',
    });
    expect(judgeTraining({ people: 5, courses: 1, assigned: 5, completed: 5, nextDueOn: null })).toEqual({
      state: 'MET',
      missing: null,
      dueOn: null,
    });
  });

  it('judges policies: nothing linked is not tracked, unpublished is missing, awaited acceptances are partial', () => {
    expect(judgePolicies({ linked: 0, published: 0, inScope: 0, accepted: 0, nextDueOn: null }).state).toBe(
      'NOT_TRACKED',
    );
    expect(judgePolicies({ linked: 1, published: 0, inScope: 0, accepted: 0, nextDueOn: null })).toMatchObject({
      state: 'MISSING',
      missing: 'The policy is not published',
    });
    expect(judgePolicies({ linked: 2, published: 1, inScope: 10, accepted: 7, nextDueOn: '2026-12-10' })).toEqual({
      state: 'PARTIAL',
      missing: '1 of its policies is not published; 3 acceptances are awaited',
      dueOn: '2026-12-10',
    });
    expect(judgePolicies({ linked: 1, published: 1, inScope: 3, accepted: 3, nextDueOn: null }).state).toBe('MET');
  });

  it('judges the Internal Committee by its term: none, ended, no members, in term until its end', () => {
    expect(judgeCommittee(null, '2026-11-27')).toMatchObject({
      state: 'MISSING',
      missing: 'No Internal Committee is constituted',
    });
    expect(judgeCommittee({ termStart: '2023-01-01', termEnd: '2026-01-01', members: 4 }, '2026-11-27')).toMatchObject({
      state: 'MISSING',
      dueOn: '2026-01-01',
    });
    expect(judgeCommittee({ termStart: '2026-01-01', termEnd: '2029-01-01', members: 0 }, '2026-11-27').state).toBe(
      'PARTIAL',
    );
    expect(judgeCommittee({ termStart: '2026-01-01', termEnd: '2029-01-01', members: 4 }, '2026-11-27')).toEqual({
      state: 'MET',
      missing: null,
      dueOn: '2029-01-01',
    });
  });

  it('keeps the annual report "not yet tracked" until the product produces returns', () => {
    expect(judgeUntracked('REPORT')).toEqual({
      state: 'NOT_TRACKED',
      missing: 'See Statutory returns and Legal rules below: SafePlace makes the returns and tracks them there',
      dueOn: null,
    });
  });
});
