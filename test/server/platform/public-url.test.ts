import { describe, expect, it } from 'vitest';
import { readConfig } from '../../../server/config';
import { crossSiteOrigin, publicOrigin } from '../../../server/platform/tenancy';

describe('the public address links are built from (PUBLIC_URL)', () => {
  it('defaults to http on the main host and the port served on', () => {
    expect(readConfig({}).publicUrl).toBe('http://localhost:8080');
    expect(readConfig({ PORT: '80', MAIN_HOST: 'safeplace.test' }).publicUrl).toBe('http://safeplace.test');
  });

  it('takes PUBLIC_URL as given, and the main host from it when MAIN_HOST is absent', () => {
    expect(readConfig({ PUBLIC_URL: 'https://safeplace.example' })).toMatchObject({
      publicUrl: 'https://safeplace.example',
      mainHost: 'safeplace.example',
    });
    expect(
      readConfig({ PUBLIC_URL: 'https://safeplace.example:8443/', MAIN_HOST: 'safeplace.example' }).publicUrl,
    ).toBe('https://safeplace.example:8443');
  });

  it('refuses a PUBLIC_URL with a path, another host than MAIN_HOST, or no scheme, naming the setting', () => {
    expect(() => readConfig({ PUBLIC_URL: 'https://safeplace.example/app' })).toThrow(/PUBLIC_URL/);
    expect(() => readConfig({ PUBLIC_URL: 'https://other.example', MAIN_HOST: 'safeplace.example' })).toThrow(
      /PUBLIC_URL's host/,
    );
    expect(() => readConfig({ PUBLIC_URL: 'safeplace.example' })).toThrow(/PUBLIC_URL/);
  });

  it("puts a workspace's stored address on the public scheme and port", () => {
    expect(publicOrigin('https://safeplace.example:8443', 'acme.safeplace.example')).toBe(
      'https://acme.safeplace.example:8443',
    );
    expect(publicOrigin('https://safeplace.example', 'acme.safeplace.example')).toBe('https://acme.safeplace.example');
  });

  it('tells a cross-site Origin from a same-site one', () => {
    expect(crossSiteOrigin({ host: 'attacker.example', origin: 'http://acme.localhost' })).toBe(true);
    expect(crossSiteOrigin({ host: 'acme.localhost:5173', origin: 'http://acme.localhost:5173' })).toBe(false);
    expect(crossSiteOrigin({ host: 'acme.localhost', origin: 'null' })).toBe(false);
    expect(crossSiteOrigin({ host: 'acme.localhost' })).toBe(false);
  });
});
