import { describe, expect, it } from 'vitest';
import {
  formerEmployeeLastDay,
  formerEmployeeProblem,
  formerEmployeeProblems,
  lateNoticeExtension,
} from '../../../src/domain/complaints/former-employee';

describe("a former employee's notice (CA-01)", () => {
  it('runs 3 months from the day they left, that last day included', () => {
    expect(formerEmployeeLastDay('2026-06-30')).toBe('2026-09-30');
    expect(formerEmployeeProblem('CA_FEDERAL', '2026-06-30', '2026-09-30')).toBeNull();
    expect(formerEmployeeProblem('CA_FEDERAL', '2026-06-30', '2026-10-01')).toMatch(/^CA-01: .*by 2026-09-30/);
  });

  it('refuses a day after today, and asks nothing of a person employed or of a POSH case', () => {
    expect(formerEmployeeProblem('CA_FEDERAL', '2026-10-02', '2026-10-01')).toMatch(/^CA-01: /);
    expect(formerEmployeeProblem('CA_FEDERAL', null, '2030-01-01')).toBeNull();
    expect(formerEmployeeProblem('IN_POSH', '2020-01-01', '2026-10-01')).toBeNull();
  });

  it('takes a notice past the 3 months only for trauma or health, with a short reason', () => {
    const late = { leftOn: '2026-06-30', lateFor: null, lateReason: null };
    expect(formerEmployeeProblems('CA_FEDERAL', late, '2026-10-01')).toEqual({
      'formerEmployee.leftOn': expect.stringMatching(/^CA-01: .*by 2026-09-30, unless trauma or ill health/),
    });
    expect(
      formerEmployeeProblems('CA_FEDERAL', { ...late, lateFor: 'HEALTH', lateReason: '  ' }, '2026-10-01'),
    ).toEqual({
      'formerEmployee.lateReason': expect.stringMatching(/^CA-01: .*ill health/),
    });
    const told = { leftOn: '2026-06-30', lateFor: 'TRAUMA' as const, lateReason: ' In care until October ' };
    expect(formerEmployeeProblems('CA_FEDERAL', told, '2026-12-01')).toEqual({});
    expect(lateNoticeExtension('CA_FEDERAL', told, '2026-12-01')).toEqual({
      ground: 'TRAUMA',
      reason: 'In care until October',
    });
  });

  it('keeps no extension for a notice within the 3 months, nor on a POSH case', () => {
    const told = { leftOn: '2026-06-30', lateFor: 'TRAUMA' as const, lateReason: 'In care' };
    expect(lateNoticeExtension('CA_FEDERAL', told, '2026-09-30')).toBeNull();
    expect(lateNoticeExtension('IN_POSH', told, '2026-12-01')).toBeNull();
    expect(formerEmployeeProblems('IN_POSH', { leftOn: '2020-01-01' }, '2026-10-01')).toEqual({});
    expect(formerEmployeeProblems('CA_FEDERAL', { leftOn: '2026-10-02' }, '2026-10-01')).toEqual({
      'formerEmployee.leftOn': expect.stringMatching(/^CA-01: /),
    });
  });
});
