/** One message for a wrong identifier or password: it never says whether the account exists. */
export const INVALID_CREDENTIALS_MESSAGE = 'The email, username or password is not correct.';

export type SocialProviderId = 'google' | 'microsoft';
export const SOCIAL_PROVIDER_LABEL: Record<SocialProviderId, string> = { google: 'Google', microsoft: 'Microsoft' };

/** What the sign-in page says when a Google or Microsoft sign-in came back without a session (`?signInError=`). */
export function describeSocialSignInError(
  reason: string,
  provider: SocialProviderId,
  workspaceName: string,
): { title: string; body?: string; kind: 'error' | 'warning' } {
  const name = SOCIAL_PROVIDER_LABEL[provider];
  switch (reason) {
    case 'not-invited':
      return {
        kind: 'warning',
        title: 'Ask your admin for an invite',
        body: `The ${name} account you chose has no account in ${workspaceName}. SafePlace does not create accounts on its own: ask your administrator to invite you with that email, then continue with ${name} again.`,
      };
    case 'unverified-email':
      return {
        kind: 'warning',
        title: `${name} did not confirm this email`,
        body: `${name} did not say that the email of this account is verified, so it cannot be linked to your ${workspaceName} account. Sign in with your password or a code, or ask your administrator.`,
      };
    case 'already-linked':
      return {
        kind: 'error',
        title: `Your account is linked to another ${name} account`,
        body: `Continue with the ${name} account you used before, or sign in another way.`,
      };
    case 'locked':
      return { kind: 'error', title: 'This account is locked', body: 'Ask your administrator to unlock it.' };
    case 'not-enabled':
      return {
        kind: 'error',
        title: `${workspaceName} does not use ${name} sign-in`,
        body: 'Sign in with your password or a code.',
      };
    case 'unavailable':
      return {
        kind: 'error',
        title: `${name} sign-in is not available right now`,
        body: 'Sign in with your password or a code, or try again later.',
      };
    case 'cancelled':
      return { kind: 'warning', title: `The sign-in with ${name} was cancelled` };
    case 'expired':
      return {
        kind: 'error',
        title: `The sign-in with ${name} took too long or was started in another browser`,
        body: 'Please try again.',
      };
    case 'rate-limited':
      return { kind: 'error', title: 'Too many attempts', body: 'Please wait a few minutes and try again.' };
    default:
      return { kind: 'error', title: `The sign-in with ${name} could not be completed`, body: 'Please try again.' };
  }
}
