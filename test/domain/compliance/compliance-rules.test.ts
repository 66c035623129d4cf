import { describe, expect, it } from 'vitest';
import {
  acceptanceState,
  append,
  balance,
  inPolicyScope,
  lastMaterialVersion,
  nextReviewDue,
  readingLanguage,
  reviewDateProblem,
  reviewLimitYears,
  trainingCadence,
  translationStates,
  type LedgerEntry,
  type PolicyVersion,
} from '../../../src/domain/compliance/compliance-rules';

describe('CA-11: training within 3 months of hire, then every 3 years', () => {
  it('is due 3 months after hire until trained, then 3 years after the last training', () => {
    expect(trainingCadence('2026-11-30', [], '2026-12-10')).toEqual({
      dueOn: '2027-02-28',
      state: 'DUE',
      lastCompletedOn: null,
    });
    expect(trainingCadence('2026-11-30', [], '2027-03-01').state).toBe('OVERDUE');
    expect(trainingCadence('2026-11-30', ['2027-01-10'], '2027-03-01')).toEqual({
      dueOn: '2030-01-10',
      state: 'DONE',
      lastCompletedOn: '2027-01-10',
    });
    expect(trainingCadence('2020-01-01', ['2020-02-01', '2023-01-15'], '2026-02-01')).toMatchObject({
      dueOn: '2026-01-15',
      state: 'OVERDUE',
    });
    // Trained before hire (elsewhere in the group): the 3 years count from hire.
    expect(trainingCadence('2026-06-01', ['2026-05-01'], '2026-07-01').dueOn).toBe('2029-06-01');
  });
});

describe('policy acceptance', () => {
  const versions: PolicyVersion[] = [
    { version: 1, change: 'MATERIAL', publishedOn: '2026-01-10' },
    { version: 2, change: 'MINOR', publishedOn: '2026-03-01' },
    { version: 3, change: 'MATERIAL', publishedOn: '2026-06-01' },
    { version: 4, change: 'MINOR', publishedOn: '2026-07-01' },
  ];
  const rule = { daysToAccept: 14, yearly: false };

  it('a minor version asks nobody again; a material one asks everyone', () => {
    expect(lastMaterialVersion(versions)?.version).toBe(3);
    expect(lastMaterialVersion(versions.slice(0, 2))?.version).toBe(1);
    expect(
      acceptanceState(
        versions.slice(0, 2),
        [{ version: 1, acceptedOn: '2026-01-12' }],
        '2020-01-01',
        rule,
        '2026-03-05',
      ),
    ).toMatchObject({
      state: 'ACCEPTED',
      version: 1,
    });
    expect(
      acceptanceState(versions, [{ version: 2, acceptedOn: '2026-03-02' }], '2020-01-01', rule, '2026-06-10'),
    ).toEqual({ state: 'PENDING', dueOn: '2026-06-15' });
    expect(
      acceptanceState(versions, [{ version: 2, acceptedOn: '2026-03-02' }], '2020-01-01', rule, '2026-06-16'),
    ).toEqual({ state: 'OVERDUE', dueOn: '2026-06-15' });
    expect(
      acceptanceState(versions, [{ version: 4, acceptedOn: '2026-07-02' }], '2020-01-01', rule, '2026-08-01'),
    ).toMatchObject({ state: 'ACCEPTED', version: 4 });
  });

  it('a new joiner has the set days from joining', () => {
    expect(acceptanceState(versions, [], '2026-09-01', rule, '2026-09-02')).toEqual({
      state: 'PENDING',
      dueOn: '2026-09-15',
    });
  });

  it('a yearly policy is asked again a year after the last acceptance, without a new version', () => {
    const yearly = { daysToAccept: 14, yearly: true };
    const accepted = [{ version: 3, acceptedOn: '2026-06-05' }];
    expect(acceptanceState(versions, accepted, '2020-01-01', yearly, '2027-06-04')).toMatchObject({
      state: 'ACCEPTED',
      validUntil: '2027-06-04',
    });
    expect(acceptanceState(versions, accepted, '2020-01-01', yearly, '2027-06-05')).toEqual({
      state: 'PENDING',
      dueOn: '2027-06-19',
    });
    expect(acceptanceState(versions, accepted, '2020-01-01', yearly, '2027-06-20')).toEqual({
      state: 'OVERDUE',
      dueOn: '2027-06-19',
    });
  });

  it('a policy is reviewed at least every 3 years (CA-12)', () => {
    expect(nextReviewDue('2024-02-29')).toBe('2027-02-28');
  });
});

describe('the credits ledger', () => {
  const ledger: LedgerEntry[] = [
    { kind: 'GRANT', credits: 2, key: 'grant-1' },
    { kind: 'CONSUME', credits: 1, key: 'assign-ana' },
  ];

  it('derives the balance and never lets it go below 0', () => {
    expect(balance(ledger)).toBe(1);
    const second = append(ledger, { kind: 'CONSUME', credits: 1, key: 'assign-ben' });
    expect(second).toMatchObject({ ok: true, entry: { key: 'assign-ben' } });
    const after = [...ledger, { kind: 'CONSUME' as const, credits: 1 as const, key: 'assign-ben' }];
    expect(append(after, { kind: 'CONSUME', credits: 1, key: 'assign-cy' })).toEqual({
      ok: false,
      reason: 'NO_CREDITS',
    });
  });

  it('a retried request with the same key never moves credits twice', () => {
    expect(append(ledger, { kind: 'CONSUME', credits: 1, key: 'assign-ana' })).toEqual({ ok: true, duplicate: true });
    expect(append(ledger, { kind: 'GRANT', credits: 2, key: 'grant-1' })).toEqual({ ok: true, duplicate: true });
  });

  it('returns a credit once, only for a consumption that happened', () => {
    expect(append(ledger, { kind: 'RETURN', credits: 1, key: 'assign-ana:return' }, 'assign-ana')).toMatchObject({
      ok: true,
    });
    const returned = [...ledger, { kind: 'RETURN' as const, credits: 1 as const, key: 'assign-ana:return' }];
    expect(balance(returned)).toBe(2);
    expect(append(returned, { kind: 'RETURN', credits: 1, key: 'assign-ana:return-again' }, 'assign-ana')).toEqual({
      ok: false,
      reason: 'NOT_CONSUMED',
    });
    expect(append(ledger, { kind: 'RETURN', credits: 1, key: 'assign-zed:return' }, 'assign-zed')).toEqual({
      ok: false,
      reason: 'NOT_CONSUMED',
    });
  });

  it('grants whole credits only', () => {
    expect(append(ledger, { kind: 'GRANT', credits: 0, key: 'g0' })).toEqual({ ok: false, reason: 'BAD_AMOUNT' });
    expect(append(ledger, { kind: 'GRANT', credits: 1.5, key: 'g1' })).toEqual({ ok: false, reason: 'BAD_AMOUNT' });
  });
});

describe('policy reviews, translations and scope', () => {
  it('holds a Canadian review to 3 years (CA-12) and any review to a date not in the past', () => {
    expect(reviewLimitYears('CA')).toBe(3);
    expect(reviewLimitYears('IN')).toBeNull();
    expect(reviewDateProblem('CA', '2026-11-25', '2029-11-25')).toBeNull();
    expect(reviewDateProblem('CA', '2026-11-25', '2029-11-26')).toContain('CA-12');
    expect(reviewDateProblem('IN', '2026-11-25', '2035-01-01')).toBeNull();
    expect(reviewDateProblem(null, '2026-11-25', '2026-11-24')).toContain('past');
  });

  it('marks each language of the current version given or outdated', () => {
    const docs = [
      { version: 1, language: 'ENGLISH' },
      { version: 1, language: 'HINDI' },
      { version: 2, language: 'ENGLISH' },
    ];
    expect(translationStates(2, docs)).toEqual({ ENGLISH: 'CURRENT', HINDI: 'OUTDATED' });
    expect(translationStates(1, docs)).toEqual({ ENGLISH: 'CURRENT', HINDI: 'CURRENT' });
    expect(translationStates(3, docs)).toEqual({ ENGLISH: 'OUTDATED', HINDI: 'OUTDATED' });
  });

  it('serves the language asked when its copy is given, else English, else the first, saying so', () => {
    expect(readingLanguage('HINDI', ['ENGLISH', 'HINDI'])).toEqual({ language: 'HINDI', fallback: false });
    expect(readingLanguage('HINDI', ['ENGLISH'])).toEqual({ language: 'ENGLISH', fallback: true });
    expect(readingLanguage('TAMIL', ['HINDI'])).toEqual({ language: 'HINDI', fallback: true });
    expect(readingLanguage(null, ['ENGLISH', 'HINDI'])).toEqual({ language: 'ENGLISH', fallback: false });
    expect(readingLanguage('HINDI', [])).toBeNull();
  });

  it('puts everyone in a workspace policy’s scope, and only the chosen units’ people in a unit policy’s', () => {
    expect(inPolicyScope('WORKSPACE', [], null)).toBe(true);
    expect(inPolicyScope('UNITS', ['pune'], 'pune')).toBe(true);
    expect(inPolicyScope('UNITS', ['pune'], 'hq')).toBe(false);
    expect(inPolicyScope('UNITS', ['pune'], null)).toBe(false);
  });

  it('asks again every year for a yearly policy, with the days to accept after the anniversary', () => {
    const versions: PolicyVersion[] = [{ version: 1, change: 'MATERIAL', publishedOn: '2026-01-01' }];
    const rule = { daysToAccept: 30, yearly: true };
    const accepted = [{ version: 1, acceptedOn: '2026-01-10' }];
    expect(acceptanceState(versions, accepted, '2020-01-01', rule, '2027-01-09')).toMatchObject({
      state: 'ACCEPTED',
      validUntil: '2027-01-09',
    });
    expect(acceptanceState(versions, accepted, '2020-01-01', rule, '2027-01-10')).toEqual({
      state: 'PENDING',
      dueOn: '2027-02-09',
    });
    expect(acceptanceState(versions, accepted, '2020-01-01', rule, '2027-02-10')).toEqual({
      state: 'OVERDUE',
      dueOn: '2027-02-09',
    });
  });

  it('counts a ledger: grants and returns add, consumptions take one, a retried key moves nothing, never below zero', () => {
    const ledger: LedgerEntry[] = [{ kind: 'GRANT', credits: 2, key: 'grant:r1' }];
    expect(append(ledger, { kind: 'GRANT', credits: 2, key: 'grant:r1' })).toEqual({ ok: true, duplicate: true });
    const spent: LedgerEntry[] = [
      ...ledger,
      { kind: 'CONSUME', credits: 1, key: 'a' },
      { kind: 'CONSUME', credits: 1, key: 'b' },
    ];
    expect(balance(spent)).toBe(0);
    expect(append(spent, { kind: 'CONSUME', credits: 1, key: 'c' })).toEqual({ ok: false, reason: 'NO_CREDITS' });
    expect(append(spent, { kind: 'RETURN', credits: 1, key: 'a:return' }, 'a')).toMatchObject({ ok: true });
    expect(balance([...spent, { kind: 'RETURN', credits: 1, key: 'a:return' }])).toBe(1);
  });
});
