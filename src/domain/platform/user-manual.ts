/** The user manual a platform admin publishes: Markdown text, or a PDF. */
export const MANUAL_MAX_PDF_BYTES = 10 * 1024 * 1024;
export const MANUAL_MAX_MARKDOWN_CHARS = 200_000;

/** A real PDF starts with "%PDF-", whatever its name or declared type says. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 5 &&
    bytes[0] === 0x25 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x44 &&
    bytes[3] === 0x46 &&
    bytes[4] === 0x2d
  );
}

/** A workspace's own manual wins over the one published for every workspace. */
export function manualFor<T extends { workspaceId: string | null }>(
  manuals: readonly T[],
  workspaceId: string,
): T | null {
  return manuals.find((m) => m.workspaceId === workspaceId) ?? manuals.find((m) => m.workspaceId === null) ?? null;
}
