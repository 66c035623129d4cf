/** One message for a wrong identifier or password: it never says whether the account exists. */
export const INVALID_CREDENTIALS_MESSAGE = 'The email, username or password is not correct.';
