import {
  DEFAULT_MIN_PASSWORD_LENGTH,
  LOWEST_MIN_PASSWORD_LENGTH,
  type PasswordProblem,
} from '../../domain/auth/password-policy';
import { tr } from '../i18n/i18n';

/** The password rule under a new-password field, in the reader's language. */
export function passwordHintText(minimumLength: number = DEFAULT_MIN_PASSWORD_LENGTH): string {
  return tr('password.hint', { minimum: Math.max(LOWEST_MIN_PASSWORD_LENGTH, minimumLength) });
}

/** Why a password is refused, in the reader's language (the same reasons as `describePasswordProblem`). */
export function passwordProblemText(problem: PasswordProblem): string {
  switch (problem.reason) {
    case 'too-short':
      return tr('password.tooShort', { minimum: problem.minimum });
    case 'too-long':
      return tr('password.tooLong', { maximum: problem.maximum });
    case 'common':
      return tr('password.common');
    case 'repetitive':
      return tr('password.repetitive');
    case 'context':
      return tr('password.context', { word: problem.word });
  }
}
