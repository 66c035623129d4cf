/** Google and Microsoft sign-in as a workspace setting: the server must be configured for a provider before a workspace may offer it. */
export type SocialPlatform = 'GOOGLE' | 'MICROSOFT';

export const SOCIAL_PLATFORMS: readonly SocialPlatform[] = ['GOOGLE', 'MICROSOFT'];
export const SOCIAL_PLATFORM_LABEL: Record<SocialPlatform, string> = { GOOGLE: 'Google', MICROSOFT: 'Microsoft' };

/** The settings that configure a provider on the server (README, settings). */
export function socialPlatformSettings(platform: SocialPlatform): string {
  return `OIDC_${platform}_CLIENT_ID and OIDC_${platform}_CLIENT_SECRET`;
}

/** Said where a provider cannot be offered, in the settings screen and in the server's refusal. */
export function notConfiguredMessage(platform: SocialPlatform): string {
  return `${SOCIAL_PLATFORM_LABEL[platform]} sign-in is not configured on this server: whoever runs it must set ${socialPlatformSettings(platform)} first.`;
}

/** What a workspace really offers: the providers it chose that the server can serve. */
export function servableSignInMethods(
  chosen: readonly string[],
  available: readonly SocialPlatform[],
): SocialPlatform[] {
  return SOCIAL_PLATFORMS.filter((p) => chosen.includes(p) && available.includes(p));
}

/** The choices of the settings screen: a provider the server cannot serve is shown, disabled, with the reason. */
export function signInMethodChoices(
  available: readonly SocialPlatform[],
): { value: SocialPlatform; label: string; disabled: boolean; note: string | null }[] {
  return SOCIAL_PLATFORMS.map((value) => {
    const served = available.includes(value);
    return {
      value,
      label: SOCIAL_PLATFORM_LABEL[value],
      disabled: !served,
      note: served ? null : notConfiguredMessage(value),
    };
  });
}
