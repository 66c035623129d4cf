import { inject, injectable } from 'inversify';
import { CreateCatalogueCourse } from '../../application/courses/create-catalogue-course.use-case';
import { OfferCatalogueCourse } from '../../application/courses/offer-catalogue-course.use-case';
import { PushCourseVersion } from '../../application/courses/push-course-version.use-case';
import { makeAutoObservable, runInAction } from 'mobx';
import { CatalogueCourseApi, type OfferTarget } from '../../application/courses/catalogue-courses.port';
import { describeError } from '../../application/shared/api-error';
import type { CatalogueCourse, WorkspaceCourse } from '../../contracts/learning/catalogue-courses.contract';
import type { CourseLanguage } from '../../domain/courses/course';

/** The platform admin's catalogue courses: the list, a new course, and which workspaces have each (offer one more). */
@injectable()
export class CatalogueCoursesViewModel {
  status: 'loading' | 'ready' | 'error' = 'loading';
  error: string | null = null;
  items: CatalogueCourse[] = [];
  saving = false;
  saveError: string | null = null;

  /** The course whose workspaces are shown (the offer drawer). */
  selected: CatalogueCourse | null = null;
  offers: WorkspaceCourse[] = [];
  offersStatus: 'idle' | 'loading' | 'ready' | 'error' = 'idle';
  targets: OfferTarget[] = [];
  targetsLoading = false;
  offerError: string | null = null;
  offerNotice: string | null = null;

  constructor(
    @inject(CatalogueCourseApi) private readonly api: CatalogueCourseApi,
    @inject(CreateCatalogueCourse) private readonly creating: CreateCatalogueCourse,
    @inject(OfferCatalogueCourse) private readonly offering: OfferCatalogueCourse,
    @inject(PushCourseVersion) private readonly pushing: PushCourseVersion,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const page = await this.api.list();
      runInAction(() => {
        this.items = page.items;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.error = describeError(error);
      });
    }
  }

  /** Creates a draft and answers its id (the screen opens the builder), or null with saveError. */
  async create(title: string, language: CourseLanguage): Promise<string | null> {
    this.saving = true;
    this.saveError = null;
    try {
      const outcome = await this.creating.execute(title, language);
      runInAction(() => {
        this.saving = false;
        if (!outcome.ok) this.saveError = outcome.message;
      });
      return outcome.ok ? outcome.courseId : null;
    } catch (error) {
      runInAction(() => {
        this.saving = false;
        this.saveError = describeError(error);
      });
      return null;
    }
  }

  async open(course: CatalogueCourse): Promise<void> {
    this.selected = course;
    this.offerError = null;
    this.offerNotice = null;
    this.offersStatus = 'loading';
    void this.searchTargets('');
    try {
      const offers = await this.api.workspaceCourses({ courseId: course.courseId });
      runInAction(() => {
        this.offers = offers;
        this.offersStatus = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.offersStatus = 'error';
        this.offerError = describeError(error);
      });
    }
  }

  close(): void {
    this.selected = null;
  }

  async searchTargets(search: string): Promise<void> {
    this.targetsLoading = true;
    try {
      const found = await this.api.workspaces(search);
      runInAction(() => (this.targets = found));
    } catch (error) {
      runInAction(() => (this.offerError = describeError(error)));
    } finally {
      runInAction(() => (this.targetsLoading = false));
    }
  }

  /** The workspaces not yet offered the selected course, for the picker. */
  get targetOptions(): { value: string; label: string }[] {
    const offered = new Set(this.offers.map((o) => o.workspaceId));
    return this.targets
      .filter((t) => !offered.has(t.workspaceId))
      .map((t) => ({ value: t.workspaceId, label: t.name }));
  }

  async offer(workspaceId: string): Promise<boolean> {
    const course = this.selected;
    if (!course) return false;
    this.saving = true;
    this.offerError = null;
    this.offerNotice = null;
    try {
      const outcome = await this.offering.execute(course.courseId, workspaceId);
      if (!outcome.ok) {
        runInAction(() => {
          this.saving = false;
          this.offerError = outcome.message;
        });
        return false;
      }
      const offered = outcome.offered;
      runInAction(() => {
        this.offers = [...this.offers.filter((o) => o.workspaceId !== offered.workspaceId), offered];
        this.offerNotice = `${offered.workspaceName} now has "${offered.title}" (version ${offered.version}).`;
        this.saving = false;
      });
      await this.load();
      return true;
    } catch (error) {
      runInAction(() => {
        this.saving = false;
        this.offerError = describeError(error);
      });
      return false;
    }
  }

  /** Gives a workspace the catalogue's newer version; its learners who started keep the version they were given. */
  async pushVersion(row: WorkspaceCourse): Promise<void> {
    this.saving = true;
    this.offerError = null;
    this.offerNotice = null;
    try {
      const outcome = await this.pushing.execute(row.courseId, row.workspaceId);
      if (!outcome.ok) {
        runInAction(() => {
          this.saving = false;
          this.offerError = outcome.message;
        });
        return;
      }
      const [moved] = outcome.moved;
      runInAction(() => {
        if (moved) {
          const { fromVersion: _from, ...copy } = moved as WorkspaceCourse & { fromVersion?: number };
          this.offers = this.offers.map((o) => (o.workspaceId === copy.workspaceId ? copy : o));
          this.offerNotice = `${copy.workspaceName} now has version ${copy.version}; people who started keep the version they were given.`;
        } else {
          this.offerNotice = `${row.workspaceName} already has the latest version.`;
        }
        this.saving = false;
      });
    } catch (error) {
      runInAction(() => {
        this.saving = false;
        this.offerError = describeError(error);
      });
    }
  }
}
