import { inject, injectable } from 'inversify';
import { SetCertificateValidity } from '../../application/courses/set-certificate-validity.use-case';
import { makeAutoObservable, runInAction } from 'mobx';
import { ReminderApi } from '../../application/courses/reminder-api.port';
import { describeError } from '../../application/shared/api-error';

/** The course's validity (recertification): none, 1, 2 or 3 years; saved at once, without a new version. */
@injectable()
export class CourseValidityViewModel {
  years: 1 | 2 | 3 | null = null;
  status: 'loading' | 'ready' | 'error' = 'loading';
  saving = false;
  notice: { type: 'success' | 'error'; text: string } | null = null;

  constructor(
    @inject(ReminderApi) private readonly api: ReminderApi,
    @inject(SetCertificateValidity) private readonly validity: SetCertificateValidity,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async load(courseId: string): Promise<void> {
    try {
      const years = await this.api.validity(courseId);
      runInAction(() => {
        this.years = years === 1 || years === 2 || years === 3 ? years : null;
        this.status = 'ready';
      });
    } catch (error) {
      runInAction(() => {
        this.status = 'error';
        this.notice = { type: 'error', text: describeError(error) };
      });
    }
  }

  async choose(courseId: string, years: 1 | 2 | 3 | null): Promise<void> {
    const before = this.years;
    this.years = years;
    this.saving = true;
    this.notice = null;
    try {
      const outcome = await this.validity.execute(courseId, years);
      runInAction(() => {
        if (!outcome.ok) {
          this.years = before;
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
        this.years = before;
        this.notice = { type: 'error', text: describeError(error) };
      });
    } finally {
      runInAction(() => (this.saving = false));
    }
  }
}
