import { inject, injectable } from 'inversify';
import ky, { isHTTPError } from 'ky';
import {
  confirmUpload,
  generateCourseCoverUploadUrl,
  generateUploadUrl,
  generateUploadUrlForUpdate,
  type UploadTicket,
} from '../../../contracts/learning/uploads.contract';
import { ErrorBody } from '../../../contracts/route';
import type { UploadApi, UploadFile, UploadOutcome, UploadProgress, UploadTarget } from '../../../application/courses/upload-api.port';
import { ApiError } from '../../../application/shared/api-error';
import type { CourseLanguage } from '../../../domain/courses/course';
import { ApiClient, LearningHttp } from '../api-client';

type Refusal = Extract<UploadOutcome, { ok: false }>;

/** What the PUT to the file store answered. */
interface PutResult {
  status: number;
  body: string;
}

/**
 * Uploads through the learning API's upload calls, the bytes going straight to the file store's signed URL (the
 * server's own /files, or an S3 store's presigned URL). The PUT carries no bearer token: the URL is the permission,
 * and a store refuses a request with two.
 *
 * Progress: in the browser through XMLHttpRequest's upload events (fetch can stream a request body with progress
 * only over HTTP/2, and the embedded server speaks HTTP/1.1); elsewhere through ky's onUploadProgress.
 */
@injectable()
export class HttpUploadApi implements UploadApi {
  constructor(@inject(LearningHttp) private readonly learning: ApiClient) {}

  async upload(
    file: UploadFile,
    target: UploadTarget,
    options: { language?: CourseLanguage; onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
  ): Promise<UploadOutcome> {
    try {
      const ticket = await this.ticket(file, target, options.signal);
      const put = await send(this.resolve(ticket.uploadUrl), ticket, file, options.onProgress, options.signal);
      if (put.status < 200 || put.status >= 300) return refusalOfPut(put);
      const stored = await this.learning.call(confirmUpload, {
        params: { id: ticket.fileId },
        query: { language: options.language },
        signal: options.signal,
      });
      return { ok: true, file: stored };
    } catch (error) {
      if (options.signal?.aborted) return { ok: false, reason: 'cancelled', message: 'The upload was cancelled.' };
      if (ApiError.is(error) && error.reason === 'too-large') return { ok: false, reason: 'too-large', message: error.message };
      if (ApiError.is(error) && error.code === 'FILE_TYPE_REFUSED') return { ok: false, reason: 'wrong-type', message: error.message };
      throw error;
    }
  }

  private ticket(file: UploadFile, target: UploadTarget, signal?: AbortSignal): Promise<UploadTicket> {
    const sized = { fileName: file.name, size: file.size };
    if (target.kind === 'new') return this.learning.call(generateUploadUrl, { body: { purpose: target.purpose, ...sized }, signal });
    if (target.kind === 'replace') return this.learning.call(generateUploadUrlForUpdate, { body: { fileId: target.fileId, ...sized }, signal });
    return this.learning.call(generateCourseCoverUploadUrl, { params: { id: target.courseId }, body: sized, signal });
  }

  /** The embedded store's URLs are paths on the API's own origin; an S3 store's are absolute. */
  private resolve(url: string): string {
    const page = typeof location === 'undefined' ? 'http://localhost/' : location.href;
    return new URL(url, new URL(this.learning.href('/'), page)).href;
  }
}

function send(url: string, ticket: UploadTicket, file: UploadFile, onProgress?: (p: UploadProgress) => void, signal?: AbortSignal): Promise<PutResult> {
  return typeof XMLHttpRequest === 'undefined' ? sendWithKy(url, ticket, file, onProgress, signal) : sendWithXhr(url, ticket, file, onProgress, signal);
}

async function sendWithKy(url: string, ticket: UploadTicket, file: UploadFile, onProgress?: (p: UploadProgress) => void, signal?: AbortSignal): Promise<PutResult> {
  try {
    const response = await ky(url, {
      method: ticket.method,
      headers: ticket.headers,
      body: file.blob,
      signal,
      retry: 0,
      timeout: false,
      onUploadProgress: onProgress ? (progress) => onProgress({ sentBytes: progress.transferredBytes, totalBytes: file.size }) : undefined,
    });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    if (isHTTPError(error)) return { status: error.response.status, body: typeof error.data === 'string' ? error.data : JSON.stringify(error.data ?? '') };
    throw error;
  }
}

function sendWithXhr(url: string, ticket: UploadTicket, file: UploadFile, onProgress?: (p: UploadProgress) => void, signal?: AbortSignal): Promise<PutResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(ticket.method, url);
    for (const [name, value] of Object.entries(ticket.headers)) xhr.setRequestHeader(name, value);
    if (onProgress) xhr.upload.onprogress = (event) => onProgress({ sentBytes: event.loaded, totalBytes: file.size });
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => reject(new Error('The network failed during the upload'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file.blob);
  });
}

/** The store's answer to a refused PUT: our JSON error body from the embedded store, S3's XML otherwise. */
function refusalOfPut(put: PutResult): Refusal {
  let message: string | null = null;
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(put.body));
    if (parsed.success) message = parsed.data.message;
  } catch {
    // not our JSON: an object store's XML error
  }
  if (put.status === 413) return { ok: false, reason: 'too-large', message: message ?? 'The file is larger than allowed.' };
  if (put.status === 403) return { ok: false, reason: 'link-expired', message: message ?? 'The upload link has expired: try again.' };
  throw new ApiError('other', `UPLOAD_${put.status}`, message ?? `The file store answered ${put.status}.`);
}
