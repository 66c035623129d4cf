import { describe, expect, it } from 'vitest';
import { resolvePostSignInRedirect, type RedirectContext } from '../../../src/domain/auth/redirect';

const workspace: RedirectContext = {
  currentHost: 'acme.localhost:8080',
  mainHost: 'localhost:8080',
  protocol: 'http:',
};
const main: RedirectContext = { ...workspace, currentHost: 'localhost:8080' };

describe('redirect after sign-in', () => {
  it('goes to /dashboard on a workspace and /workspace/signin on the main site when nothing is asked', () => {
    expect(resolvePostSignInRedirect(null, workspace)).toBe('/dashboard');
    expect(resolvePostSignInRedirect('', workspace)).toBe('/dashboard');
    expect(resolvePostSignInRedirect(undefined, main)).toBe('/workspace/signin');
  });

  it('honours a full URL on this workspace or the main site', () => {
    expect(resolvePostSignInRedirect('http://acme.localhost:8080/courses?x=1', workspace)).toBe(
      'http://acme.localhost:8080/courses?x=1',
    );
    expect(resolvePostSignInRedirect('http://localhost:8080/', workspace)).toBe('http://localhost:8080/');
  });

  it('honours a protocol-relative URL on an allowed host, with the page protocol', () => {
    expect(resolvePostSignInRedirect('//acme.localhost:8080/dashboard', workspace)).toBe(
      'http://acme.localhost:8080/dashboard',
    );
  });

  it('refuses other hosts: no open redirect', () => {
    expect(resolvePostSignInRedirect('https://evil.example/steal', workspace)).toBe('/dashboard');
    expect(resolvePostSignInRedirect('//evil.example/steal', workspace)).toBe('/dashboard');
    expect(resolvePostSignInRedirect('http://globex.localhost:8080/', workspace)).toBe('/dashboard');
    expect(resolvePostSignInRedirect('http://acme.localhost:8080@evil.example/', workspace)).toBe('/dashboard');
  });

  it('refuses relative paths and other schemes, as the spec honours only full URLs', () => {
    expect(resolvePostSignInRedirect('/courses', workspace)).toBe('/dashboard');
    expect(resolvePostSignInRedirect('javascript:alert(1)', workspace)).toBe('/dashboard');
    expect(resolvePostSignInRedirect('http://user:pw@acme.localhost:8080/', workspace)).toBe('/dashboard');
  });
});
