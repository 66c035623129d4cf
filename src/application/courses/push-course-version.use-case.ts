import type { WorkspaceCourse } from '../../contracts/learning/catalogue-courses.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { CatalogueCourseApi } from './catalogue-courses.port';

/** The platform admin moves a workspace's copy to the catalogue course's latest version; people who started keep theirs. Answers the copies moved (none when it was up to date). */
export class PushCourseVersion {
  constructor(private readonly api: CatalogueCourseApi) {}

  async execute(courseId: string, workspaceId: string): Promise<Outcome<{ moved: WorkspaceCourse[] }>> {
    const outcome = await attempt(() => this.api.pushVersion(courseId, workspaceId));
    return outcome.ok ? { ok: true, moved: outcome.value } : outcome;
  }
}
