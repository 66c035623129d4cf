import { z } from 'zod';
import { UploadPurpose } from '../../domain/files/uploads';

/** The three API base URLs and the main host, read at start from the server's /config.json, never from constants. */
export const RuntimeConfig = z.object({
  mainApiUrl: z.string(),
  learningApiUrl: z.string(),
  caseApiUrl: z.string(),
  mainHost: z.string(),
  /** Google/Microsoft sign-in the server is configured for (absent from an older server: none). */
  socialSignIn: z.array(z.enum(['google', 'microsoft'])).default([]),
  /** The server's upload limit in bytes (imports refuse a larger file before sending it). */
  maxUploadBytes: z.number().int().positive(),
  /** The largest course upload of each kind (absent from an older server: the course screens use the domain's defaults). */
  uploadLimits: z.record(UploadPurpose, z.number().int().positive()).optional(),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfig>;
/** The container's key of the runtime configuration. */
export const RuntimeConfigKey = Symbol('RuntimeConfig');

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchImpl('/config.json', { cache: 'no-store' });
  if (!response.ok) {
    // The server's own reason when it gives one (maintenance, a network the workspace does not accept).
    const reason = await response.json().then(
      (body: { message?: unknown }) => body.message,
      () => null,
    );
    throw new Error(typeof reason === 'string' ? reason : `Could not load /config.json (${response.status})`);
  }
  return RuntimeConfig.parse(await response.json());
}
