import { inject, injectable } from 'inversify';
import { makeAutoObservable } from 'mobx';
import { TrainingApi, type MyCourse } from '../../application/training/training-api.port';
import type { LearnerStatus } from '../../domain/courses/assignment-lifecycle';
import { tr } from '../i18n/i18n';
import { actionLabel, dueLabel, statusLabel, STATUS_COLOURS } from './training-labels';
import { Loadable } from '../shared/loadable';

/** The order of the cards: what is late first, then what is under way, then what is done. */
const ORDER: Record<LearnerStatus, number> = { OVERDUE: 0, EXPIRED: 1, IN_PROGRESS: 2, NOT_STARTED: 3, COMPLETED: 4 };

export interface TrainingCard {
  courseId: string;
  title: string;
  status: LearnerStatus;
  statusLabel: string;
  statusColour: string;
  late: boolean;
  progressPercent: number;
  due: string | null;
  next: string | null;
  action: string;
  path: string;
}

/** "My training": the courses assigned to the signed-in person, with what to do next in each. */
@injectable()
export class MyTrainingViewModel {
  readonly courses = new Loadable<MyCourse[]>([]);

  constructor(@inject(TrainingApi) private readonly api: TrainingApi) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  load(): Promise<boolean> {
    return this.courses.load(() => this.api.myCourses());
  }

  get cards(): TrainingCard[] {
    return [...this.courses.value]
      .sort(
        (a, b) =>
          ORDER[a.status] - ORDER[b.status] ||
          (a.dueAt ?? '9999').localeCompare(b.dueAt ?? '9999') ||
          a.title.localeCompare(b.title),
      )
      .map((c) => ({
        courseId: c.courseId,
        title: c.title,
        status: c.status,
        statusLabel: statusLabel(c.status),
        statusColour: STATUS_COLOURS[c.status],
        late: c.status === 'OVERDUE' || c.status === 'EXPIRED',
        progressPercent: c.progressPercent,
        due: dueLabel(c),
        next:
          c.status === 'COMPLETED' || !c.next
            ? null
            : tr(c.next.kind === 'QUIZ' ? 'training.nextQuiz' : 'training.nextLesson', { title: c.next.title }),
        action: actionLabel(c),
        path: `/training/${c.courseId}`,
      }));
  }

  /** How many courses still want something from the learner. */
  get toDo(): number {
    return this.courses.value.filter((c) => c.status !== 'COMPLETED').length;
  }

  get overdue(): number {
    return this.courses.value.filter((c) => c.status === 'OVERDUE' || c.status === 'EXPIRED').length;
  }
}
