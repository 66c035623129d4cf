import 'reflect-metadata';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockServer, testClient } from '../../support/msw';
import type { UploadProgress } from '../../../src/application/courses/upload-api.port';
import { HttpUploadApi } from '../../../src/infrastructure/http/learning/http-upload-api';

const ORIGIN = 'http://acme.localhost:8080';
const BASE = `${ORIGIN}/learning-api`;
const FILE_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const COURSE = '0b7e6d5c-4b3a-4928-8716-a5b4c3d2e1f0';
const server = mockServer();

const api = () => new HttpUploadApi(testClient(BASE, 'token-abcdefghijklmnopqrstuvwxyz').client);
const video = (size: number) => ({ name: 'Module 1.mp4', size, blob: new Blob([new Uint8Array(size).fill(7)]) });

const ticket = (uploadUrl = `/files/ws/abc-Module_1.mp4?expires=1&signature=x`, headers: Record<string, string> = {}) => ({
  fileId: FILE_ID,
  uploadUrl,
  method: 'PUT',
  headers,
  expiresAt: '2026-11-25T13:00:00.000Z',
  maxBytes: 500 * 1024 * 1024,
});
const stored = (size: number) => ({
  fileId: FILE_ID,
  purpose: 'VIDEO',
  fileName: 'Module 1.mp4',
  size,
  contentType: 'video/mp4',
  language: 'HINDI',
  status: 'CONFIRMED',
  downloadUrl: `/files/ws/abc-Module_1.mp4?expires=2&disposition=inline&signature=y`,
  downloadExpiresAt: '2026-11-25T14:00:00.000Z',
  replacesFileId: null,
  coverOfCourseId: null,
  createdAt: '2026-11-25T12:00:00.000Z',
});

describe('course file uploads through the learning API', () => {
  it('asks for a URL, sends the bytes to it without the bearer token, reports progress, then confirms', async () => {
    const size = 256 * 1024;
    const seen: { body?: unknown; put?: { bytes: number; auth: string | null }; language?: string | null } = {};
    server.use(
      http.post(`${BASE}/api/lesson-content/generate-upload-url`, async ({ request }) => {
        seen.body = await request.json();
        return HttpResponse.json(ticket());
      }),
      http.put(`${ORIGIN}/files/ws/abc-Module_1.mp4`, async ({ request }) => {
        seen.put = { bytes: (await request.arrayBuffer()).byteLength, auth: request.headers.get('authorization') };
        return HttpResponse.json({ key: 'ws/abc-Module_1.mp4', size }, { status: 201 });
      }),
      http.post(`${BASE}/api/lesson-content/confirm-upload/${FILE_ID}`, ({ request }) => {
        seen.language = new URL(request.url).searchParams.get('language');
        return HttpResponse.json(stored(size));
      }),
    );
    const progress: UploadProgress[] = [];
    const outcome = await api().upload(video(size), { kind: 'new', purpose: 'VIDEO' }, { language: 'HINDI', onProgress: (p) => progress.push(p) });

    expect(outcome).toEqual({ ok: true, file: stored(size) });
    expect(seen.body).toEqual({ purpose: 'VIDEO', fileName: 'Module 1.mp4', size });
    expect(seen.put).toEqual({ bytes: size, auth: null });
    expect(seen.language).toBe('HINDI');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toEqual({ sentBytes: size, totalBytes: size });
    expect(progress.every((p, i) => i === 0 || p.sentBytes >= progress[i - 1].sentBytes)).toBe(true);
  });

  it('sends the headers an object store signed, to its own address, for a course’s cover', async () => {
    let contentType: string | null = null;
    server.use(
      http.post(`${BASE}/api/course/generate-upload-url-for-update/${COURSE}`, () =>
        HttpResponse.json(ticket('https://store.example/course-files/ws/abc-cover.png?X-Amz-Signature=z', { 'content-type': 'application/octet-stream' })),
      ),
      http.put('https://store.example/course-files/ws/abc-cover.png', ({ request }) => {
        contentType = request.headers.get('content-type');
        return new HttpResponse(null, { status: 200 });
      }),
      http.post(`${BASE}/api/lesson-content/confirm-upload/${FILE_ID}`, () => HttpResponse.json({ ...stored(10), purpose: 'IMAGE', coverOfCourseId: COURSE })),
    );
    const outcome = await api().upload({ name: 'cover.png', size: 10, blob: new Blob([new Uint8Array(10)]) }, { kind: 'cover', courseId: COURSE });
    expect(outcome).toMatchObject({ ok: true, file: { coverOfCourseId: COURSE } });
    expect(contentType).toBe('application/octet-stream');
  });

  it('gives the server’s sentence when a file is too large or of the wrong kind, or its link expired', async () => {
    server.use(
      http.post(`${BASE}/api/lesson-content/generate-upload-url`, () =>
        HttpResponse.json({ code: 'FILE_TOO_LARGE', message: 'The file is 600 MB; a video may be at most 500 MB.' }, { status: 413 }),
      ),
    );
    expect(await api().upload(video(16), { kind: 'new', purpose: 'VIDEO' })).toEqual({
      ok: false,
      reason: 'too-large',
      message: 'The file is 600 MB; a video may be at most 500 MB.',
    });

    server.use(
      http.post(`${BASE}/api/lesson-content/generate-upload-url-for-update`, () => HttpResponse.json(ticket())),
      http.put(`${ORIGIN}/files/ws/abc-Module_1.mp4`, () => HttpResponse.json({ code: 'URL_EXPIRED', message: 'This link has expired: ask for a new one.' }, { status: 403 })),
    );
    expect(await api().upload(video(16), { kind: 'replace', fileId: FILE_ID })).toEqual({
      ok: false,
      reason: 'link-expired',
      message: 'This link has expired: ask for a new one.',
    });

    server.use(
      http.put(`${ORIGIN}/files/ws/abc-Module_1.mp4`, () => HttpResponse.json({ key: 'k', size: 16 }, { status: 201 })),
      http.post(`${BASE}/api/lesson-content/confirm-upload/${FILE_ID}`, () =>
        HttpResponse.json({ code: 'FILE_TYPE_REFUSED', message: 'This file is not a video. Accepted: MP4, WebM.' }, { status: 415 }),
      ),
    );
    expect(await api().upload(video(16), { kind: 'replace', fileId: FILE_ID })).toEqual({
      ok: false,
      reason: 'wrong-type',
      message: 'This file is not a video. Accepted: MP4, WebM.',
    });
  });
});
