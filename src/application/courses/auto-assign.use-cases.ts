import type { AutoAssignRuleBody } from '../../contracts/learning/auto-assign.contract';
import { BULK_MAX_COURSES } from '../../contracts/learning/auto-assign.contract';
import { ruleProblems } from '../../domain/courses/auto-assign-rule';
import { refuse, type Refusal } from '../shared/refusal';
import type { AutoAssignApi, BulkResult, PeopleFileUpload, SaveRuleResult } from './auto-assign-api.port';

const refused = (message: string, fields: Record<string, string>): Refusal<never> =>
  refuse('invalid', message, { fields });

/** Saves a course's rule: the window's own rule is checked here first (the server checks it again), on its field. */
export class SaveAutoAssignRule {
  constructor(private readonly api: AutoAssignApi) {}

  async execute(courseId: string, rule: AutoAssignRuleBody): Promise<SaveRuleResult> {
    const problems = ruleProblems({
      startJoiningDate: rule.startJoiningDate ?? null,
      endJoiningDate: rule.endJoiningDate ?? null,
    });
    if (Object.keys(problems).length > 0) return refused(Object.values(problems)[0]!, problems);
    if (rule.departmentId && !rule.branchId)
      return refused('Choose the business unit of the department', { branchId: 'Choose the business unit first' });
    return this.api.save(courseId, rule);
  }
}

/** The file kinds bulk-add-users takes (the server checks the bytes too). */
const PEOPLE_FILE = /\.(csv|xlsx)$/i;

/** Assigns courses to the people a file lists: the file and the choice of courses are checked before anything is sent. */
export class BulkAssignCourses {
  constructor(
    private readonly api: AutoAssignApi,
    private readonly maxBytes: number,
  ) {}

  async execute(file: PeopleFileUpload | null, courseIds: readonly string[]): Promise<BulkResult> {
    if (!file) return refused('Choose a file of people', { file: 'Choose a CSV or XLSX file with an email column' });
    if (!PEOPLE_FILE.test(file.name))
      return refused('Upload a .csv or .xlsx file', { file: 'Only .csv and .xlsx files' });
    if (file.size === 0) return refused('The file is empty', { file: 'The file is empty' });
    if (file.size > this.maxBytes) {
      return refuse('too-large', `The file is larger than ${Math.floor(this.maxBytes / 1024 / 1024)} MB`, {
        fields: { file: 'Too large' },
      });
    }
    const courses = [...new Set(courseIds)];
    if (courses.length === 0)
      return refused('Choose at least one course', { courseList: 'Choose at least one course' });
    if (courses.length > BULK_MAX_COURSES)
      return refused(`At most ${BULK_MAX_COURSES} courses at once`, {
        courseList: `At most ${BULK_MAX_COURSES} courses`,
      });
    return this.api.bulkAdd(file, courses);
  }
}
