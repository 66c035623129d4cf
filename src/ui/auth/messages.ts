import { tr } from '../i18n/i18n';

/** One message for a wrong identifier or password: it never says whether the account exists. */
export const invalidCredentialsMessage = () => tr('access.invalidCredentials');

export type SocialProviderId = 'google' | 'microsoft';
export const SOCIAL_PROVIDER_LABEL: Record<SocialProviderId, string> = { google: 'Google', microsoft: 'Microsoft' };

/** What the sign-in page says when a Google or Microsoft sign-in came back without a session (`?signInError=`). */
export function describeSocialSignInError(
  reason: string,
  provider: SocialProviderId,
  workspaceName: string,
): { title: string; body?: string; kind: 'error' | 'warning' } {
  const words = { provider: SOCIAL_PROVIDER_LABEL[provider], workspace: workspaceName };
  switch (reason) {
    case 'not-invited':
      return { kind: 'warning', title: tr('social.notInvitedTitle'), body: tr('social.notInvited', words) };
    case 'unverified-email':
      return { kind: 'warning', title: tr('social.unverifiedTitle', words), body: tr('social.unverified', words) };
    case 'already-linked':
      return { kind: 'error', title: tr('social.linkedTitle', words), body: tr('social.linked', words) };
    case 'locked':
      return { kind: 'error', title: tr('social.lockedTitle'), body: tr('social.locked') };
    case 'not-enabled':
      return { kind: 'error', title: tr('social.notEnabledTitle', words), body: tr('social.otherWay') };
    case 'unavailable':
      return { kind: 'error', title: tr('social.unavailableTitle', words), body: tr('social.unavailable') };
    case 'cancelled':
      return { kind: 'warning', title: tr('social.cancelled', words) };
    case 'expired':
      return { kind: 'error', title: tr('social.expiredTitle', words), body: tr('social.again') };
    case 'rate-limited':
      return { kind: 'error', title: tr('social.rateLimitedTitle'), body: tr('social.rateLimited') };
    default:
      return { kind: 'error', title: tr('social.failedTitle', words), body: tr('social.again') };
  }
}
