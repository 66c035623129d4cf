import { describe, expect, it } from 'vitest';
import {
  ColumnMapping,
  IMPORT_COLUMNS,
  mappingProblem,
  proposeMapping,
} from '../../../src/domain/imports/import-columns';

describe('the import columns', () => {
  it('are the twelve columns of the spec, each with a label', () => {
    expect(IMPORT_COLUMNS.map((c) => c.label)).toEqual([
      'Email',
      'First name',
      'Last name',
      'Employee ID',
      'Gender',
      'Department',
      'Designation',
      'Business unit',
      'Role',
      'Home address',
      'Phone number',
      'Date of joining',
    ]);
  });
});

describe('proposeMapping', () => {
  it('matches headers whatever their case, spacing or punctuation', () => {
    expect(proposeMapping(['E-mail', ' FIRST  NAME ', 'last_name', 'Employee ID'])).toEqual({
      email: 0,
      firstName: 1,
      lastName: 2,
      employeeId: 3,
    });
  });

  it('knows the usual synonyms', () => {
    expect(
      proposeMapping(['Email Address', 'Business Unit', 'DOJ', 'Mobile', 'Surname', 'Dept', 'Job Title', 'Address']),
    ).toEqual({
      email: 0,
      branch: 1,
      dateOfJoining: 2,
      phoneNumber: 3,
      lastName: 4,
      department: 5,
      designation: 6,
      homeAddress: 7,
    });
    expect(proposeMapping(['Branch', 'Date of Joining', 'Gender', 'Role'])).toEqual({
      branch: 0,
      dateOfJoining: 1,
      gender: 2,
      role: 3,
    });
  });

  it('takes the first matching header and leaves unknown headers out', () => {
    expect(proposeMapping(['Salary', 'email', 'Mail', 'Notes'])).toEqual({ email: 1 });
    expect(proposeMapping([])).toEqual({});
  });
});

describe('a column mapping', () => {
  it('needs the email column and each file column at most once', () => {
    expect(mappingProblem({ firstName: 0 })).toBe('Choose the file column that holds the email address.');
    expect(mappingProblem({ email: 0, firstName: 1, lastName: 1 })).toBe(
      'File column 2 is chosen for both First name and Last name.',
    );
    expect(mappingProblem({ email: 0, firstName: 1 })).toBeNull();
  });

  it('is refused on the wire when a key is unknown, a number negative, or email missing', () => {
    expect(ColumnMapping.safeParse({ email: 0, firstName: 2 }).success).toBe(true);
    expect(ColumnMapping.safeParse({ email: 0, salary: 1 }).success).toBe(false);
    expect(ColumnMapping.safeParse({ email: -1 }).success).toBe(false);
    expect(ColumnMapping.safeParse({ firstName: 1 }).success).toBe(false);
    expect(ColumnMapping.safeParse({ email: 1, firstName: 1 }).success).toBe(false);
  });
});
