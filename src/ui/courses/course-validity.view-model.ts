import { inject, injectable } from 'inversify';
import { SetCertificateValidity } from '../../application/courses/set-certificate-validity.use-case';
import { makeAutoObservable, runInAction } from 'mobx';
import { ReminderApi } from '../../application/courses/reminder-api.port';
import { describeError } from '../../application/shared/api-error';
import { Loadable } from '../shared/loadable';

/** The course's validity (recertification): none, 1, 2 or 3 years; saved at once, without a new version. */
@injectable()
export class CourseValidityViewModel {
  readonly years = new Loadable<1 | 2 | 3 | null>(null);
  saving = false;
  notice: { type: 'success' | 'error'; text: string } | null = null;

  constructor(
    @inject(ReminderApi) private readonly api: ReminderApi,
    @inject(SetCertificateValidity) private readonly validity: SetCertificateValidity,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(courseId: string): Promise<void> {
    const loaded = await this.years.load(async () => {
      const years = await this.api.validity(courseId);
      return years === 1 || years === 2 || years === 3 ? years : null;
    });
    if (!loaded && this.years.status === 'error') {
      runInAction(() => (this.notice = { type: 'error', text: this.years.error ?? '' }));
    }
  }

  async choose(courseId: string, years: 1 | 2 | 3 | null): Promise<void> {
    const before = this.years.value;
    this.years.set(years);
    this.saving = true;
    this.notice = null;
    try {
      const outcome = await this.validity.execute(courseId, years);
      runInAction(() => {
        if (!outcome.ok) {
          this.years.set(before);
          this.notice = { type: 'error', text: outcome.message };
          return;
        }
        this.notice = {
          type: 'success',
          text: years
            ? `Certificates are valid for ${years} ${years === 1 ? 'year' : 'years'}; learners are assigned the course again before.`
            : 'Certificates do not expire.',
        };
      });
    } catch (error) {
      runInAction(() => {
        this.years.set(before);
        this.notice = { type: 'error', text: describeError(error) };
      });
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
