import { refuse, type Outcome } from '../shared/refusal';
import type { CurrentUser } from '../../contracts/main/auth.contract';
import type { CourseLanguage } from '../../domain/courses/course';
import type { AuthApi } from './auth-api.port';

type WorkspaceUser = Extract<CurrentUser, { kind: 'user' }>;

export type ChooseLanguageOutcome = Outcome<{ user: CurrentUser }, 'not-offered'>;

/** Stores the language of one's app and mails on one's profile; null returns to the workspace's default. */
export class ChooseLanguage {
  constructor(private readonly auth: AuthApi) {}

  async execute(user: WorkspaceUser, language: CourseLanguage | null): Promise<ChooseLanguageOutcome> {
    if (language !== null && !(user.workspace.languages ?? ['ENGLISH']).includes(language))
      return refuse('invalid', 'This workspace does not offer that language.', { code: 'not-offered' });
    const saved = await this.auth.updateProfile({ firstName: user.firstName, lastName: user.lastName, language });
    return { ok: true, user: saved };
  }
}
