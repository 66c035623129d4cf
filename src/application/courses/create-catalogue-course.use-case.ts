import type { CourseLanguage } from '../../domain/courses/course';
import { attempt, type Outcome } from '../shared/refusal';
import type { CatalogueCourseApi } from './catalogue-courses.port';

/** The platform admin creates a catalogue course in a language; the builder opens on it. */
export class CreateCatalogueCourse {
  constructor(private readonly api: CatalogueCourseApi) {}

  async execute(title: string, language: CourseLanguage): Promise<Outcome<{ courseId: string }>> {
    const outcome = await attempt(() => this.api.create(title, language));
    return outcome.ok ? { ok: true, courseId: outcome.value.courseId } : outcome;
  }
}
