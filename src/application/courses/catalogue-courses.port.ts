import type { CatalogueCourse, WorkspaceCourse } from '../../contracts/learning/catalogue-courses.contract';
import type {
  AdminCreditRequest,
  CreditRequest,
  LedgerEntry,
  RequestCreditsBody,
} from '../../contracts/learning/credits.contract';
import type { CourseLanguage } from '../../domain/courses/course';

/** A workspace a catalogue course can be offered to. */
export interface OfferTarget {
  workspaceId: string;
  name: string;
}

/** The platform admin's catalogue courses and the workspaces' credit requests (learning API, admin/course). */
export const CatalogueCourseApi = Symbol('CatalogueCourseApi');
export interface CatalogueCourseApi {
  /** @read */
  list(search?: string): Promise<{ items: CatalogueCourse[]; total: number }>;
  create(title: string, language: CourseLanguage): Promise<{ courseId: string }>;
  offer(courseId: string, workspaceId: string): Promise<WorkspaceCourse>;
  /** Brings a workspace's older copy to the catalogue's published version (learners who started keep theirs). */
  pushVersion(courseId: string, workspaceId: string): Promise<WorkspaceCourse[]>;
  /** @read */
  workspaceCourses(filter: { courseId?: string; workspaceId?: string }): Promise<WorkspaceCourse[]>;
  /** @read Workspaces whose name or address contains the text (the platform's workspace picker). */
  workspaces(search?: string): Promise<OfferTarget[]>;
  /** @read */
  creditRequests(status?: 'REQUESTED' | 'GRANTED'): Promise<{ items: AdminCreditRequest[]; total: number }>;
  grant(requestId: string, credits?: number): Promise<AdminCreditRequest>;
}

/** A workspace's credits for a catalogue course: ask for more, see the requests and the ledger. */
export const CourseCreditsApi = Symbol('CourseCreditsApi');
export interface CourseCreditsApi {
  /** @read */
  requests(courseId: string): Promise<{ items: CreditRequest[]; balance: number }>;
  /** @read */
  credited(courseId: string): Promise<{ items: LedgerEntry[]; balance: number }>;
  /** The idempotency key makes a retried request (a timeout, a double click) ask once. */
  request(body: RequestCreditsBody): Promise<CreditRequest>;
}
