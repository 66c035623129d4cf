import type { WorkspaceCourse } from '../../contracts/learning/catalogue-courses.contract';
import { attempt, type Outcome } from '../shared/refusal';
import type { CatalogueCourseApi } from './catalogue-courses.port';

/** The platform admin offers a catalogue course to a workspace (a copy at the course's latest version). */
export class OfferCatalogueCourse {
  constructor(private readonly api: CatalogueCourseApi) {}

  async execute(courseId: string, workspaceId: string): Promise<Outcome<{ offered: WorkspaceCourse }>> {
    const outcome = await attempt(() => this.api.offer(courseId, workspaceId));
    return outcome.ok ? { ok: true, offered: outcome.value } : outcome;
  }
}
