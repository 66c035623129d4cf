import { expect } from 'vitest';
import type { TestServer } from './test-app';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls to the case API on one workspace's host, each as the person whose token it carries. */
export function caseApi(server: TestServer, host: string) {
  const call = (method: Method, url: string, token: string, payload?: object) =>
    server.request(host, { method, url: `/case-api/api${url}`, token, ...(payload ? { payload } : {}) });
  return {
    /** The answer's body, which must be a 200. */
    async ok(method: Method, url: string, token: string, payload?: object) {
      const res = await call(method, url, token, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      return res.json();
    },
    /** The answer's status and body, whatever they are. */
    async answer(method: Method, url: string, token: string, payload?: object) {
      const res = await call(method, url, token, payload);
      return { status: res.statusCode, body: res.json() };
    },
  };
}
