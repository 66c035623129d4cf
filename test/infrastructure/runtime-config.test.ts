import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from '../../src/infrastructure/config/runtime-config';

describe('the runtime configuration', () => {
  it('reads the three API base URLs and the main host', async () => {
    const config = {
      mainApiUrl: '/main-api',
      learningApiUrl: '/learning-api',
      caseApiUrl: '/case-api',
      mainHost: 'localhost',
      socialSignIn: ['google'],
      maxUploadBytes: 5 * 1024 * 1024,
    };
    expect(await loadRuntimeConfig(async () => Response.json(config))).toEqual(config);
  });

  it('reads no social sign-in from a server that does not say', async () => {
    const config = {
      mainApiUrl: '/main-api',
      learningApiUrl: '/learning-api',
      caseApiUrl: '/case-api',
      mainHost: 'localhost',
      maxUploadBytes: 1024,
    };
    expect((await loadRuntimeConfig(async () => Response.json(config))).socialSignIn).toEqual([]);
  });

  it("fails with the server's own reason when it refuses", async () => {
    const refused = async () =>
      Response.json(
        { code: 'IP_NOT_ALLOWED', message: 'Globex accepts connections only from its networks.' },
        { status: 403 },
      );
    await expect(loadRuntimeConfig(refused)).rejects.toThrow('Globex accepts connections only from its networks.');
    await expect(loadRuntimeConfig(async () => new Response('down', { status: 502 }))).rejects.toThrow(
      'Could not load /config.json (502)',
    );
  });
});
