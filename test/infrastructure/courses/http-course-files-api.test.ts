import 'reflect-metadata';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mockServer, testClient } from '../../support/msw';
import { HttpCourseFilesApi } from '../../../src/infrastructure/http/learning/http-course-files-api';
import { ApiError } from '../../../src/application/shared/api-error';

const BASE = 'http://acme.localhost:8080/learning-api';
const FILE_ID = '0b6f3f38-8d57-4e83-9d0e-3c2f3b8c1a11';
const server = mockServer();
const api = () => new HttpCourseFilesApi(testClient(BASE, 'token-abcdefghijklmnopqrstuvwxyz').client);

describe('HttpCourseFilesApi', () => {
  it('asks for a signed upload URL for a purpose, name and size', async () => {
    let body: unknown = null;
    server.use(
      http.post(`${BASE}/api/lesson-content/generate-upload-url`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          fileId: FILE_ID,
          uploadUrl: '/files/up?sig=1',
          method: 'PUT',
          headers: { 'content-type': 'application/octet-stream' },
          expiresAt: '2026-11-25T13:00:00.000Z',
          maxBytes: 500,
        });
      }),
    );
    expect(await api().requestUpload('VIDEO', 'talk.mp4', 300)).toEqual({
      fileId: FILE_ID,
      url: '/files/up?sig=1',
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream' },
      maxBytes: 500,
    });
    expect(body).toEqual({ purpose: 'VIDEO', fileName: 'talk.mp4', size: 300 });
  });

  it('confirms in a language and turns a 415 into a refusal with the server’s words', async () => {
    let language: string | null = null;
    server.use(
      http.post(`${BASE}/api/lesson-content/confirm-upload/${FILE_ID}`, ({ request }) => {
        language = new URL(request.url).searchParams.get('language');
        if (language === 'TAMIL')
          return HttpResponse.json(
            { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'This is not a WebVTT file' },
            { status: 415 },
          );
        return HttpResponse.json({
          fileId: FILE_ID,
          purpose: 'CAPTIONS',
          fileName: 'hi.vtt',
          size: 40,
          contentType: 'text/vtt',
          language: 'HINDI',
          status: 'CONFIRMED',
          downloadUrl: '/files/dl?sig=2',
          downloadExpiresAt: '2026-11-25T13:00:00.000Z',
          replacesFileId: null,
          coverOfCourseId: null,
          createdAt: '2026-11-25T12:00:00.000Z',
        });
      }),
    );
    expect(await api().confirm(FILE_ID, 'HINDI')).toEqual({
      fileId: FILE_ID,
      fileName: 'hi.vtt',
      size: 40,
      contentType: 'text/vtt',
      downloadUrl: '/files/dl?sig=2',
    });
    expect(language).toBe('HINDI');
    const refused = await api()
      .confirm(FILE_ID, 'TAMIL')
      .catch((e: unknown) => e);
    expect(ApiError.is(refused) && [refused.message, ApiError.isRefusal(refused)]).toEqual([
      'This is not a WebVTT file',
      true,
    ]);
  });

  it('asks for a replacement or a cover upload, and reads a course’s file links', async () => {
    const bodies: Record<string, unknown> = {};
    const ticket = {
      fileId: FILE_ID,
      uploadUrl: '/files/up?sig=3',
      method: 'PUT',
      headers: {},
      expiresAt: '2026-11-25T13:00:00.000Z',
      maxBytes: 500,
    };
    server.use(
      http.post(`${BASE}/api/lesson-content/generate-upload-url-for-update`, async ({ request }) => {
        bodies.replace = await request.json();
        return HttpResponse.json(ticket);
      }),
      http.post(`${BASE}/api/course/generate-upload-url-for-update/course-9`, async ({ request }) => {
        bodies.cover = await request.json();
        return HttpResponse.json(ticket);
      }),
      http.get(`${BASE}/api/lesson-content/course-files/course-9`, () =>
        HttpResponse.json({
          links: [
            {
              fileId: FILE_ID,
              url: '/files/dl?sig=4',
              contentType: 'image/png',
              fileName: 'cover.png',
              purpose: 'IMAGE',
              expiresAt: '2026-11-25T13:00:00.000Z',
            },
          ],
        }),
      ),
    );
    expect((await api().requestReplacement('old-file', 'v2.mp4', 300)).url).toBe('/files/up?sig=3');
    expect(bodies.replace).toEqual({ fileId: 'old-file', fileName: 'v2.mp4', size: 300 });
    expect((await api().requestCover('course-9', 'cover.png', 200)).fileId).toBe(FILE_ID);
    expect(bodies.cover).toEqual({ fileName: 'cover.png', size: 200 });
    expect(await api().courseLinks('course-9')).toEqual([
      { fileId: FILE_ID, url: '/files/dl?sig=4', contentType: 'image/png', fileName: 'cover.png', purpose: 'IMAGE' },
    ]);
  });
});
