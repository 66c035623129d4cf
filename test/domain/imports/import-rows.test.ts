import { describe, expect, it } from 'vitest';
import { checkImportRow, isBlankRow, parseImportRole } from '../../../src/domain/imports/import-rows';
import { parseImportDate, timestampedFileName } from '../../../src/domain/imports/import-dates';
import { escapeReportCell } from '../../../src/domain/imports/report-cells';

const mapping = { email: 0, firstName: 1, lastName: 2, role: 3, dateOfJoining: 4, branch: 5 };
const reasons = (cells: string[], actor: Parameters<typeof checkImportRow>[2] = 'WORKSPACE_ADMIN') =>
  checkImportRow(cells, mapping, actor).problems.map((p) => p.reason);

describe('checkImportRow', () => {
  it('turns a good row into a user to create, trimmed, email in lower case, employee by default', () => {
    const { candidate, problems } = checkImportRow(
      [' Ann@Acme.TEST ', 'Ann', 'Lee', '', '15/01/2024', 'Acme Pune'],
      mapping,
      'WORKSPACE_ADMIN',
    );
    expect(problems).toEqual([]);
    expect(candidate).toMatchObject({
      email: 'ann@acme.test',
      firstName: 'Ann',
      lastName: 'Lee',
      role: 'EMPLOYEE',
      dateOfJoining: '2024-01-15',
      branch: 'Acme Pune',
      phoneNumber: null,
    });
  });

  it('names a bad email, a missing required value, a bad date and an unknown role', () => {
    expect(reasons(['ann@', 'Ann', '', '', '', ''])).toEqual(['"ann@" is not a valid email address']);
    expect(reasons(['', '', '', '', '', ''])).toEqual(['Email is required', 'First name is required']);
    expect(reasons(['a@b.test', 'A', '', '', '2024-13-01', ''])).toEqual([
      '"2024-13-01" is not a date (use YYYY-MM-DD or DD/MM/YYYY)',
    ]);
    expect(reasons(['a@b.test', 'A', '', 'Boss', '', ''])).toEqual([
      '"Boss" is not a role (use Employee, Business Unit Admin, Workspace Admin or Employer)',
    ]);
  });

  it('lets a business-unit admin give only the employee role', () => {
    expect(reasons(['a@b.test', 'A', '', 'Employee', '', ''], 'BRANCH_ADMIN')).toEqual([]);
    expect(reasons(['a@b.test', 'A', '', 'Workspace Admin', '', ''], 'BRANCH_ADMIN')).toEqual([
      'You may not give the role Workspace Admin',
    ]);
    expect(reasons(['a@b.test', 'A', '', 'EMPLOYER', '', ''], 'WORKSPACE_ADMIN')).toEqual([]);
    expect(reasons(['a@b.test', 'A', '', '', '', ''], 'EMPLOYEE')).toEqual(['You may not give the role Employee']);
  });

  it('refuses over-long values', () => {
    expect(reasons(['a@b.test', 'x'.repeat(201), '', '', '', ''])).toEqual([
      'First name is longer than 200 characters',
    ]);
  });

  it('reads role names as people write them', () => {
    expect(parseImportRole('business unit admin')).toBe('BRANCH_ADMIN');
    expect(parseImportRole('BRANCH_ADMIN')).toBe('BRANCH_ADMIN');
    expect(parseImportRole('Employer')).toBe('EMPLOYER');
    expect(parseImportRole(' ')).toBe('EMPLOYEE');
    expect(parseImportRole('CEO')).toBeNull();
  });

  it('treats a row of empty cells as blank', () => {
    expect(isBlankRow(['', ' ', ''])).toBe(true);
    expect(isBlankRow(['', 'x'])).toBe(false);
  });
});

describe('parseImportDate', () => {
  it('accepts YYYY-MM-DD and DD/MM/YYYY', () => {
    expect(parseImportDate('2024-01-15')).toBe('2024-01-15');
    expect(parseImportDate('15/01/2024')).toBe('2024-01-15');
    expect(parseImportDate('5/1/2024')).toBe('2024-01-05');
    expect(parseImportDate('29/02/2024')).toBe('2024-02-29');
    expect(parseImportDate(' 2000-02-29 ')).toBe('2000-02-29');
    expect(parseImportDate('2024-12-31')).toBe('2024-12-31');
    expect(parseImportDate('2024-1-5')).toBe('2024-01-05');
  });

  it('rejects impossible dates and other shapes', () => {
    expect(parseImportDate('31/02/2024')).toBeNull();
    expect(parseImportDate('29/02/2023')).toBeNull();
    expect(parseImportDate('2024-00-10')).toBeNull();
    expect(parseImportDate('01/13/2024')).toBeNull();
    expect(parseImportDate('Jan 5 2024')).toBeNull();
    expect(parseImportDate('2024-02-30')).toBeNull();
    expect(parseImportDate('2100-02-29')).toBeNull();
    expect(parseImportDate('2024-04-31')).toBeNull();
    expect(parseImportDate('1899-12-31')).toBeNull();
    expect(parseImportDate('2024-1a-05')).toBeNull();
    expect(parseImportDate('')).toBeNull();
  });
});

describe('timestampedFileName', () => {
  it('prefixes the name with the upload time and drops any folder', () => {
    expect(timestampedFileName('users.csv', new Date('2026-11-23T01:15:09.123Z'))).toBe('20261123-011509_users.csv');
    expect(timestampedFileName('C:\\temp\\people.xlsx', new Date('2026-01-02T03:04:05Z'))).toBe(
      '20260102-030405_people.xlsx',
    );
  });
});

describe('escapeReportCell', () => {
  it('makes cells that spreadsheets would run as formulas plain text', () => {
    expect(escapeReportCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(escapeReportCell('+1')).toBe("'+1");
    expect(escapeReportCell('-2')).toBe("'-2");
    expect(escapeReportCell('@cmd')).toBe("'@cmd");
    expect(escapeReportCell('\tx')).toBe("'\tx");
    expect(escapeReportCell('ann@acme.test')).toBe('ann@acme.test');
    expect(escapeReportCell(12)).toBe('12');
    expect(escapeReportCell(null)).toBe('');
  });
});
