import { z } from 'zod';
import { route } from '../route';
import { CourseLanguage } from '../../domain/courses/course';

export const CompanyProfile = z.object({
  workspaceId: z.string(),
  workspaceUrl: z.string(),
  companyName: z.string(),
  companyLogo: z.string().nullable(),
  backgroundColor: z.string().nullable(),
  socialPlatformSet: z.array(z.enum(['GOOGLE', 'MICROSOFT'])),
  bulkSignUpEnabled: z.boolean(),
  /** The workspace's shortest accepted password, for the password forms' hints (absent: the default, 15). */
  minPasswordLength: z.number().int().optional(),
  /** The workspace's default language: the sign-in pages speak it until the person chooses one. */
  defaultLanguage: CourseLanguage.optional(),
  /** The languages its sign-in pages offer: the six course languages, and French in a Canadian workspace. */
  languages: z.array(CourseLanguage).optional(),
  /** The workspace's country (CA: Canadian), for the order of dates on the sign-in pages. */
  country: z.enum(['IN', 'CA']).optional(),
});
export type CompanyProfile = z.infer<typeof CompanyProfile>;

export const companyProfile = route({
  api: 'main',
  method: 'GET',
  path: '/api/workspace/company-profile/{host}',
  summary: 'Branding of the workspace served at host (public: the sign-in page shows it)',
  params: z.strictObject({ host: z.string().min(1).max(253) }),
  response: CompanyProfile,
  access: 'public',
});

export const Branch = z.object({
  branchId: z.string(),
  branchName: z.string(),
  headquarter: z.boolean(),
  backgroundColor: z.string().nullable(),
  userCount: z.number().int().nullable(),
});
export type Branch = z.infer<typeof Branch>;

export const allBranches = route({
  api: 'main',
  method: 'GET',
  path: '/api/workspace/all-branches1',
  summary: 'Business units the caller may see, optionally with user counts',
  query: z.strictObject({ isUserCountRequired: z.enum(['true', 'false']).optional() }),
  response: z.array(Branch),
  access: 'signed-in',
});

export const Department = z.object({
  departmentId: z.string(),
  departmentName: z.string(),
  branchId: z.string(),
  createdAt: z.string(),
});
export type Department = z.infer<typeof Department>;

export const DepartmentListBody = z.strictObject({
  branchId: z.string().uuid().optional(),
  showAll: z.boolean().optional(),
});

export const departmentList = route({
  api: 'main',
  method: 'POST',
  path: '/api/department/list',
  summary: 'Departments of one business unit, or of all (showAll)',
  body: DepartmentListBody,
  response: z.array(Department),
  access: 'signed-in',
});
