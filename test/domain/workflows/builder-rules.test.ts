import { describe, expect, it } from 'vitest';
import {
  attributeProblems,
  attributeRolesProblems,
  canRemoveAttribute,
  describeTimeLimit,
  escalationProblems,
  mailTemplateProblems,
  meetingFieldsProblems,
  moveTo,
  STANDARD_ATTRIBUTES,
  STATUTORY_TIME_LIMITS,
  TimeLimit,
} from '../../../src/domain/workflows/builder-rules';

describe('step order', () => {
  const order = ['a', 'b', 'c', 'd'];
  it('moves a step up, down, to the ends, and clamps places outside the list', () => {
    expect(moveTo(order, 'c', 1)).toEqual(['c', 'a', 'b', 'd']);
    expect(moveTo(order, 'a', 3)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveTo(order, 'b', 4)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveTo(order, 'b', 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveTo(order, 'd', 0)).toEqual(['d', 'a', 'b', 'c']);
  });
  it('leaves the order as it is for an unknown step or its own place', () => {
    expect(moveTo(order, 'x' as string, 1)).toEqual(order);
    expect(moveTo(order, 'b', 2)).toEqual(order);
  });
});

describe('time limits', () => {
  it('takes days or a statutory clock, and refuses anything else', () => {
    expect(TimeLimit.parse({ kind: 'DAYS', days: 5 })).toEqual({ kind: 'DAYS', days: 5, workingDays: false });
    expect(TimeLimit.safeParse({ kind: 'DAYS', days: 0 }).success).toBe(false);
    expect(TimeLimit.safeParse({ kind: 'STATUTORY', clockId: 'IN_RESPONDENT_COPY' }).success).toBe(true);
    expect(TimeLimit.safeParse({ kind: 'STATUTORY', clockId: 'SOMETIME' }).success).toBe(false);
  });
  it('names the statutory clock the law fixes (POSH Rule 7: 7 working days)', () => {
    expect(STATUTORY_TIME_LIMITS.IN_RESPONDENT_COPY).toMatchObject({ days: 7, workingDays: true, rule: 'IN-05' });
    expect(describeTimeLimit({ kind: 'STATUTORY', clockId: 'IN_RESPONDENT_COPY' })).toBe(
      'POSH Rule 7: copy to respondent within 7 working days',
    );
    expect(describeTimeLimit({ kind: 'DAYS', days: 1, workingDays: false })).toBe('1 day');
    expect(describeTimeLimit({ kind: 'DAYS', days: 10, workingDays: true })).toBe('10 working days');
    expect(describeTimeLimit(null)).toBe('No time limit');
  });
});

describe('the complaint form', () => {
  it('holds the spec’s fields, with name, email, details and date required', () => {
    expect(STANDARD_ATTRIBUTES.filter((a) => a.required).map((a) => a.key)).toEqual([
      'COMPLAINANT_NAME',
      'COMPLAINANT_EMAIL',
      'INCIDENT_DETAILS',
      'INCIDENT_DATE',
    ]);
  });
  it('needs a label, and choices exactly for list fields', () => {
    expect(attributeProblems({ label: ' ', fieldType: 'TEXT', required: false, options: [] })).toHaveProperty('label');
    expect(
      attributeProblems({ label: 'Kind', fieldType: 'SELECT', required: false, options: ['One'] }).options,
    ).toMatch(/two choices/);
    expect(
      attributeProblems({ label: 'Kind', fieldType: 'SELECT', required: false, options: ['One', 'one'] }).options,
    ).toMatch(/once/);
    expect(attributeProblems({ label: 'Kind', fieldType: 'TEXT', required: false, options: ['One'] }).options).toMatch(
      /Only a list/,
    );
    expect(
      attributeProblems({ label: 'Kind', fieldType: 'MULTI_SELECT', required: true, options: ['A', 'B'] }),
    ).toEqual({});
  });
  it('keeps a spec field’s type and requiredness, and refuses to remove it', () => {
    expect(
      attributeProblems({
        label: 'Name',
        fieldType: 'TEXT',
        required: false,
        options: [],
        systemKey: 'COMPLAINANT_NAME',
      }),
    ).toHaveProperty('required');
    expect(
      attributeProblems({
        label: 'Name',
        fieldType: 'EMAIL',
        required: true,
        options: [],
        systemKey: 'COMPLAINANT_NAME',
      }),
    ).toHaveProperty('fieldType');
    expect(
      attributeProblems({
        label: 'Phone',
        fieldType: 'PHONE',
        required: true,
        options: [],
        systemKey: 'COMPLAINANT_PHONE',
      }),
    ).toEqual({});
    expect(canRemoveAttribute('INCIDENT_DATE').ok).toBe(false);
    expect(canRemoveAttribute(null).ok).toBe(true);
  });
  it('always lets the presiding officer see a field', () => {
    expect(attributeRolesProblems(['COMPLAINANT'])).toHaveProperty('roles');
    expect(attributeRolesProblems(['PRESIDING_OFFICER', 'PRESIDING_OFFICER'])).toHaveProperty('roles');
    expect(attributeRolesProblems(['PRESIDING_OFFICER', 'RESPONDENT'])).toEqual({});
  });
});

describe('meeting fields, mails and escalation', () => {
  it('refuses an empty, repeated or built-in meeting field label, naming its place', () => {
    expect(meetingFieldsProblems(['Attendance', 'attendance'])).toEqual({
      'meetingFieldList.1.label': 'The meeting form already has "attendance"',
    });
    expect(meetingFieldsProblems(['Agenda'])).toHaveProperty(['meetingFieldList.0.label']);
    expect(meetingFieldsProblems(['', 'x'])).toHaveProperty(['meetingFieldList.0.label']);
    expect(meetingFieldsProblems(['Attendance', 'Interpreter'])).toEqual({});
  });
  it('knows the placeholders of an action mail', () => {
    expect(mailTemplateProblems('mailBody', 'Case {{caseNumber}} due {{ dueDate }}')).toEqual({});
    expect(mailTemplateProblems('mailBody', 'Dear {{name}}').mailBody).toMatch(/Unknown placeholder \{\{name\}\}/);
  });
  it('puts the second escalation after the first', () => {
    expect(escalationProblems({ firstThresholdDate: 3, secondThresholdDate: 3 })).toHaveProperty('secondThresholdDate');
    expect(escalationProblems({ firstThresholdDate: 0, secondThresholdDate: null })).toEqual({});
    expect(escalationProblems({ firstThresholdDate: 1, secondThresholdDate: 4 })).toEqual({});
  });
});
