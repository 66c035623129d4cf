import { describe, expect, it } from 'vitest';
import { formerEmployeeLastDay, formerEmployeeProblem } from '../../../src/domain/complaints/former-employee';

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
});
