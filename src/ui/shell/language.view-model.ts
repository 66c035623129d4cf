import { inject, injectable } from 'inversify';
import { makeAutoObservable, runInAction } from 'mobx';
import { ChooseLanguage } from '../../application/auth/choose-language.use-case';
import { describeError } from '../../application/shared/api-error';
import type { CourseLanguage } from '../../domain/courses/course';
import { SessionViewModel } from './session.view-model';

/** The profile's language choice: saved on the profile, then the whole app follows the session's new user. */
@injectable()
export class LanguageViewModel {
  status: 'idle' | 'saving' | 'saved' = 'idle';
  error: string | null = null;

  constructor(
    @inject(ChooseLanguage) private readonly chooseLanguage: ChooseLanguage,
    @inject(SessionViewModel) private readonly session: SessionViewModel,
  ) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  async choose(language: CourseLanguage | null): Promise<void> {
    const user = this.session.workspaceUser;
    if (!user) return;
    this.status = 'saving';
    this.error = null;
    try {
      const outcome = await this.chooseLanguage.execute(user, language);
      runInAction(() => {
        if (outcome.ok) {
          this.session.signedIn(outcome.user);
          this.status = 'saved';
        } else {
          this.error = outcome.message;
          this.status = 'idle';
        }
      });
    } catch (error) {
      runInAction(() => {
        this.error = describeError(error);
        this.status = 'idle';
      });
    }
  }
}
