/**
 * Password rules after NIST SP 800-63B: length, a list of common and breached passwords, and words from the
 * context (product, workspace, user). No composition rules (no "one digit, one symbol").
 */
export const DEFAULT_MIN_PASSWORD_LENGTH = 15;
/** A workspace setting may lower the minimum, never below this. */
export const LOWEST_MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** The most common passwords of public breach corpora (the head of the list; the server may load a longer one). */
export const COMMON_PASSWORDS: readonly string[] = [
  '123456',
  '123456789',
  'qwerty',
  'password',
  '12345678',
  '111111',
  '123123',
  '1234567890',
  '1234567',
  'qwerty123',
  '000000',
  '1q2w3e',
  'aa12345678',
  'abc123',
  'password1',
  '1234',
  'qwertyuiop',
  '123321',
  'password123',
  'iloveyou',
  'admin',
  'welcome',
  'monkey',
  'dragon',
  'letmein',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'starwars',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'welcome1',
  'welcome123',
  'changeme',
  'default',
  'master',
  'superman',
  'trustno1',
  'qwertyuiop123',
  '1q2w3e4r5t6y',
  'zaq12wsx',
  'qazwsxedc',
  'asdfghjkl',
  'zxcvbnm',
  '1qaz2wsx',
  'password12345',
  'letmein123',
  'iloveyou123',
  'passwordpassword',
  'qwertyqwerty',
  '123456789012345',
  '1234567890123456',
  'abcdefghijklmnop',
  'aaaaaaaaaaaaaaa',
  'administrator',
  'welcometothejungle',
  'correcthorsebatterystaple',
  'thequickbrownfox',
];

export type PasswordProblem =
  | { reason: 'too-short'; minimum: number }
  | { reason: 'too-long'; maximum: number }
  | { reason: 'common' }
  | { reason: 'repetitive' }
  | { reason: 'context'; word: string };

export interface PasswordContext {
  minimumLength?: number;
  /** Words a guesser would try first: product, workspace and company names, the user's names and email. */
  words?: readonly (string | null | undefined)[];
}

export function checkPassword(password: string, context: PasswordContext = {}): PasswordProblem | null {
  const minimum = Math.max(LOWEST_MIN_PASSWORD_LENGTH, context.minimumLength ?? DEFAULT_MIN_PASSWORD_LENGTH);
  // Length counts characters as people see them (code points), not UTF-16 units.
  const length = [...password].length;
  if (length < minimum) return { reason: 'too-short', minimum };
  if (length > MAX_PASSWORD_LENGTH) return { reason: 'too-long', maximum: MAX_PASSWORD_LENGTH };
  const folded = password.toLowerCase().replace(/[\s_\-.]/g, '');
  if (
    COMMON_PASSWORDS.includes(folded) ||
    COMMON_PASSWORDS.some((common) => common.length >= 8 && folded === common + common)
  ) {
    return { reason: 'common' };
  }
  if (new Set(folded).size <= 2) return { reason: 'repetitive' };
  for (const raw of context.words ?? []) {
    const word = (raw ?? '')
      .toLowerCase()
      .split('@')[0]
      .replace(/[\s_\-.]/g, '');
    // "Mostly the word": what is left once every copy of it is taken out is short.
    if (word.length >= 4 && folded.includes(word) && folded.split(word).join('').length < 8)
      return { reason: 'context', word: raw ?? '' };
  }
  return null;
}

/** The form hint for a new password under a workspace's minimum. */
export function passwordHint(minimumLength: number = DEFAULT_MIN_PASSWORD_LENGTH): string {
  return `At least ${Math.max(LOWEST_MIN_PASSWORD_LENGTH, minimumLength)} characters. A few unrelated words are easy to remember and hard to guess.`;
}

export function describePasswordProblem(problem: PasswordProblem): string {
  switch (problem.reason) {
    case 'too-short':
      return `Use at least ${problem.minimum} characters. A few unrelated words make a long password that is easy to remember.`;
    case 'too-long':
      return `Use at most ${problem.maximum} characters.`;
    case 'common':
      return 'This password is one of the most common ones and is tried first by attackers. Choose another.';
    case 'repetitive':
      return 'This password repeats the same characters. Choose another.';
    case 'context':
      return `This password is mostly "${problem.word}", which is easy to guess here. Choose another.`;
  }
}
