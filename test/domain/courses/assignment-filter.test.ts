import { describe, expect, it } from 'vitest';
import {
  isCalendarDate,
  normaliseFilter,
  validateAssignmentFilter,
} from '../../../src/domain/courses/assignment-filter';

describe('assignment filter', () => {
  it('accepts real calendar dates only', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(isCalendarDate('01/02/2024')).toBe(false);
  });

  it('accepts an empty filter and a range that ends on or after its start', () => {
    expect(validateAssignmentFilter({})).toEqual({});
    expect(validateAssignmentFilter({ startJoiningDate: '2024-01-01', endJoiningDate: '2024-01-01' })).toEqual({});
    expect(validateAssignmentFilter({ startJoiningDate: '2024-01-01' })).toEqual({});
  });

  it('names the end of a range that ends before it starts', () => {
    expect(validateAssignmentFilter({ startJoiningDate: '2024-05-01', endJoiningDate: '2024-01-01' })).toEqual({
      endJoiningDate: 'The end of the joining-date range is before its start',
    });
  });

  it('names a malformed date by its field', () => {
    expect(validateAssignmentFilter({ startJoiningDate: '2024-02-30' })).toHaveProperty('startJoiningDate');
    expect(validateAssignmentFilter({ endJoiningDate: 'yesterday' })).toHaveProperty('endJoiningDate');
  });

  it('turns empty choices into no filter and trims the search', () => {
    expect(normaliseFilter({ branchId: '', departmentId: '', search: '   ', startJoiningDate: '' })).toEqual({});
    expect(normaliseFilter({ branchId: 'b1', search: '  esha ' })).toEqual({ branchId: 'b1', search: 'esha' });
  });
});
