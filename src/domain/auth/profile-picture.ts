/** The profile picture's limits: the server checks the file's first bytes; the browser checks what it can first. */
export const PROFILE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Why a chosen file cannot be a profile picture, or null. */
export function profilePictureProblem(file: { type: string; size: number }): string | null {
  if (file.size === 0) return 'The file is empty.';
  if (!(PROFILE_PICTURE_TYPES as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG or WebP picture.';
  if (file.size > PROFILE_PICTURE_MAX_BYTES)
    return `The picture is larger than ${PROFILE_PICTURE_MAX_BYTES / 1024 / 1024} MB.`;
  return null;
}
