import { describe, expect, it } from 'vitest';
import type {
  CourseFilesApi,
  FileTransfer,
  UploadTarget,
} from '../../../src/application/courses/authoring/course-files.port';
import {
  ReadCourseFiles,
  UploadCourseFile,
} from '../../../src/application/courses/authoring/upload-course-file.use-case';
import { ApiError } from '../../../src/application/shared/api-error';
import { DEFAULT_UPLOAD_LIMITS } from '../../../src/domain/files/uploads';

const FILE_ID = '0b6f3f38-8d57-4e83-9d0e-3c2f3b8c1a11';

/** A file storage in memory: keeps what was sent, refuses what the test says, reports progress in 4 steps. */
class FakeStorage implements CourseFilesApi, FileTransfer {
  stored = new Map<string, number>();
  calls: string[] = [];
  refuseConfirm: ApiError | null = null;

  async requestUpload(purpose: string, fileName: string, size: number): Promise<UploadTarget> {
    this.calls.push(`request ${purpose} ${fileName} ${size}`);
    return { fileId: FILE_ID, url: `/files/${FILE_ID}`, method: 'PUT', headers: {}, maxBytes: 10 };
  }

  async requestReplacement(fileId: string, fileName: string, size: number): Promise<UploadTarget> {
    this.calls.push(`replace ${fileId} ${fileName} ${size}`);
    return { fileId: FILE_ID, url: `/files/${FILE_ID}`, method: 'PUT', headers: {}, maxBytes: 10 };
  }

  async requestCover(courseId: string, fileName: string, size: number): Promise<UploadTarget> {
    this.calls.push(`cover ${courseId} ${fileName} ${size}`);
    return { fileId: FILE_ID, url: `/files/${FILE_ID}`, method: 'PUT', headers: {}, maxBytes: 10 };
  }

  async courseLinks(courseId: string) {
    this.calls.push(`links ${courseId}`);
    return [
      {
        fileId: FILE_ID,
        url: `/files/${FILE_ID}?sig=y`,
        fileName: 'talk.mp4',
        contentType: 'video/mp4',
        purpose: 'VIDEO' as const,
      },
    ];
  }

  async put(
    target: UploadTarget,
    file: Blob,
    onProgress: (sent: number, total: number) => void,
    signal: AbortSignal,
  ): Promise<void> {
    for (let step = 1; step <= 4; step++) {
      if (signal.aborted) throw new DOMException('cancelled', 'AbortError');
      onProgress(Math.round((file.size * step) / 4), file.size);
      await Promise.resolve();
    }
    this.stored.set(target.fileId, file.size);
  }

  async confirm(fileId: string, language?: string) {
    this.calls.push(`confirm ${fileId} ${language ?? ''}`.trim());
    if (this.refuseConfirm) {
      this.stored.delete(fileId);
      throw this.refuseConfirm;
    }
    return {
      fileId,
      fileName: 'talk.mp4',
      size: this.stored.get(fileId)!,
      contentType: 'video/mp4',
      downloadUrl: `/files/${fileId}?sig=x`,
    };
  }
}

const file = (name: string, bytes: number) => Object.assign(new Blob([new Uint8Array(bytes)]), { name });

describe('UploadCourseFile', () => {
  it('sends the bytes with progress, then confirms them in the captions language', async () => {
    const storage = new FakeStorage();
    const progress: number[] = [];
    const outcome = await new UploadCourseFile(storage, storage, DEFAULT_UPLOAD_LIMITS).execute(
      { purpose: 'CAPTIONS', file: file('hi.vtt', 400), language: 'HINDI' },
      (sent) => progress.push(sent),
      new AbortController().signal,
    );
    expect(outcome).toMatchObject({ ok: true, file: { fileId: FILE_ID, size: 400 } });
    expect(progress).toEqual([100, 200, 300, 400]);
    expect(storage.calls).toEqual([`request CAPTIONS hi.vtt 400`, `confirm ${FILE_ID} HINDI`]);
  });

  it('refuses a file over the limit shown before sending anything', async () => {
    const storage = new FakeStorage();
    const outcome = await new UploadCourseFile(storage, storage, { ...DEFAULT_UPLOAD_LIMITS, IMAGE: 1024 }).execute(
      { purpose: 'IMAGE', file: file('big.png', 2048) },
      () => {},
      new AbortController().signal,
    );
    expect(outcome).toMatchObject({
      ok: false,
      reason: 'too-large',
      message: 'The file is 2 KB; an image may be at most 1 KB.',
    });
    expect(storage.calls).toEqual([]);
  });

  it('reports a file the server refuses by its bytes, and a cancelled upload', async () => {
    const storage = new FakeStorage();
    storage.refuseConfirm = new ApiError(
      'other',
      'UNSUPPORTED_MEDIA_TYPE',
      'This file is not a video we can play (MP4 or WebM).',
    );
    const upload = new UploadCourseFile(storage, storage, DEFAULT_UPLOAD_LIMITS);
    expect(
      await upload.execute({ purpose: 'VIDEO', file: file('x.mp4', 100) }, () => {}, new AbortController().signal),
    ).toMatchObject({
      ok: false,
      reason: 'invalid',
      message: 'This file is not a video we can play (MP4 or WebM).',
    });
    expect(storage.stored.size).toBe(0);

    const controller = new AbortController();
    const cancelled = upload.execute(
      { purpose: 'VIDEO', file: file('y.mp4', 100) },
      (sent) => sent >= 50 && controller.abort(),
      controller.signal,
    );
    expect(await cancelled).toMatchObject({ ok: false, reason: 'cancelled', message: 'Upload cancelled.' });
  });

  it('replaces an attached file, or makes an image the course’s cover, through their own upload calls', async () => {
    const storage = new FakeStorage();
    const upload = new UploadCourseFile(storage, storage, DEFAULT_UPLOAD_LIMITS);
    const old = '7c0d3f38-8d57-4e83-9d0e-3c2f3b8c1a22';
    expect(
      await upload.execute(
        { purpose: 'VIDEO', file: file('new.mp4', 40), replaces: old },
        () => {},
        new AbortController().signal,
      ),
    ).toMatchObject({ ok: true });
    expect(
      await upload.execute(
        { purpose: 'IMAGE', file: file('cover.png', 30), coverOf: 'course-1' },
        () => {},
        new AbortController().signal,
      ),
    ).toMatchObject({ ok: true });
    expect(storage.calls).toEqual([
      `replace ${old} new.mp4 40`,
      `confirm ${FILE_ID}`,
      `cover course-1 cover.png 30`,
      `confirm ${FILE_ID}`,
    ]);
  });

  it('reads the links of the files a course shows', async () => {
    const storage = new FakeStorage();
    expect(await new ReadCourseFiles(storage).execute('course-1')).toEqual([
      {
        fileId: FILE_ID,
        url: `/files/${FILE_ID}?sig=y`,
        fileName: 'talk.mp4',
        contentType: 'video/mp4',
        purpose: 'VIDEO',
      },
    ]);
    expect(storage.calls).toEqual(['links course-1']);
  });
});
