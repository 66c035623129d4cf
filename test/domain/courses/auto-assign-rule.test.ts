import { describe, expect, it } from 'vitest';
import {
  hasCriteria,
  matchesRule,
  NO_CRITERIA,
  ruleFieldsChanged,
  ruleProblems,
  type AutoAssignRule,
  type RulePerson,
} from '../../../src/domain/courses/auto-assign-rule';

const rule = (over: Partial<AutoAssignRule> = {}): AutoAssignRule => ({
  ...NO_CRITERIA,
  enabled: true,
  dueDays: null,
  ...over,
});
const person = (over: Partial<RulePerson> = {}): RulePerson => ({
  branchId: 'pune',
  departmentId: 'hr',
  dateOfJoining: '2024-03-01',
  role: 'EMPLOYEE',
  status: 'ACTIVE',
  ...over,
});

describe('an auto-assignment rule', () => {
  it('with no criterion matches everyone who is not deactivated, invited people included', () => {
    expect(matchesRule(rule(), person())).toBe(true);
    expect(matchesRule(rule(), person({ status: 'INVITED' }))).toBe(true);
    expect(matchesRule(rule(), person({ status: 'INACTIVE' }))).toBe(false);
    expect(hasCriteria(NO_CRITERIA)).toBe(false);
  });

  it('matches only while enabled', () => {
    expect(matchesRule(rule({ enabled: false }), person())).toBe(false);
  });

  it('needs every criterion it gives: unit, department and role', () => {
    const r = rule({ branchId: 'pune', departmentId: 'hr', role: 'EMPLOYEE' });
    expect(hasCriteria(r)).toBe(true);
    expect(matchesRule(r, person())).toBe(true);
    expect(matchesRule(r, person({ branchId: 'hq' }))).toBe(false);
    expect(matchesRule(r, person({ departmentId: 'sales' }))).toBe(false);
    expect(matchesRule(r, person({ departmentId: null }))).toBe(false);
    expect(matchesRule(r, person({ role: 'EMPLOYER' }))).toBe(false);
  });

  it('includes both ends of the joining-date window, either end may be open, and an unknown date is outside any window', () => {
    const window = rule({ startJoiningDate: '2024-01-01', endJoiningDate: '2024-06-30' });
    expect(matchesRule(window, person({ dateOfJoining: '2024-01-01' }))).toBe(true);
    expect(matchesRule(window, person({ dateOfJoining: '2024-06-30' }))).toBe(true);
    expect(matchesRule(window, person({ dateOfJoining: '2023-12-31' }))).toBe(false);
    expect(matchesRule(window, person({ dateOfJoining: '2024-07-01' }))).toBe(false);
    expect(matchesRule(window, person({ dateOfJoining: null }))).toBe(false);
    expect(matchesRule(rule({ startJoiningDate: '2024-01-01' }), person({ dateOfJoining: '2030-01-01' }))).toBe(true);
    expect(matchesRule(rule({ endJoiningDate: '2024-01-01' }), person({ dateOfJoining: '2000-01-01' }))).toBe(true);
  });

  it('names the field of a bad window', () => {
    expect(ruleProblems({ startJoiningDate: '2024-06-01', endJoiningDate: '2024-01-01' })).toHaveProperty(
      'endJoiningDate',
    );
    expect(ruleProblems({ startJoiningDate: '2024-02-30', endJoiningDate: null })).toHaveProperty('startJoiningDate');
    expect(ruleProblems({ startJoiningDate: '2024-01-01', endJoiningDate: '2024-01-01' })).toEqual({});
  });

  it('tells which changes of a person can make them match (what a rule reads), and which cannot', () => {
    const before = person();
    expect(ruleFieldsChanged(before, person({ departmentId: 'sales' }))).toBe(true);
    expect(ruleFieldsChanged(before, person({ branchId: 'hq' }))).toBe(true);
    expect(ruleFieldsChanged(before, person({ role: 'BRANCH_ADMIN' }))).toBe(true);
    expect(ruleFieldsChanged(before, person({ dateOfJoining: '2024-03-02' }))).toBe(true);
    expect(ruleFieldsChanged(person({ status: 'INACTIVE' }), person())).toBe(true);
    expect(ruleFieldsChanged(person({ status: 'INVITED' }), person())).toBe(false);
    expect(ruleFieldsChanged(before, person())).toBe(false);
  });
});
