import { inject, injectable } from 'inversify';
import type { ConfirmedFile, CourseFileLink, CourseFilesApi, FileTransfer, Progress, UploadTarget } from '../../../application/courses/authoring/course-files.port';
import { ApiError } from '../../../application/shared/api-error';
import {
  confirmUpload,
  courseFileLinks,
  generateCourseCoverUploadUrl,
  generateUploadUrl,
  generateUploadUrlForUpdate,
  type UploadTicket,
} from '../../../contracts/learning/uploads.contract';
import type { CourseLanguage } from '../../../domain/courses/course';
import type { UploadPurpose } from '../../../domain/files/uploads';
import { ApiClient, LearningHttp, reasonOf } from '../api-client';

@injectable()
export class HttpCourseFilesApi implements CourseFilesApi {
  constructor(@inject(LearningHttp) private readonly learning: ApiClient) {}

  async requestUpload(purpose: UploadPurpose, fileName: string, size: number): Promise<UploadTarget> {
    return targetOf(await this.learning.call(generateUploadUrl, { body: { purpose, fileName, size } }));
  }

  async requestReplacement(fileId: string, fileName: string, size: number): Promise<UploadTarget> {
    return targetOf(await this.learning.call(generateUploadUrlForUpdate, { body: { fileId, fileName, size } }));
  }

  async requestCover(courseId: string, fileName: string, size: number): Promise<UploadTarget> {
    return targetOf(await this.learning.call(generateCourseCoverUploadUrl, { params: { id: courseId }, body: { fileName, size } }));
  }

  async courseLinks(courseId: string): Promise<CourseFileLink[]> {
    const { links } = await this.learning.call(courseFileLinks, { params: { id: courseId } });
    return links.map(({ fileId, url, fileName, contentType, purpose }) => ({ fileId, url, fileName, contentType, purpose }));
  }

  async confirm(fileId: string, language?: CourseLanguage): Promise<ConfirmedFile> {
    const file = await this.learning.call(confirmUpload, { params: { id: fileId }, query: { language } });
    return { fileId: file.fileId, fileName: file.fileName, size: file.size, contentType: file.contentType, downloadUrl: file.downloadUrl };
  }
}

function targetOf(ticket: UploadTicket): UploadTarget {
  return { fileId: ticket.fileId, url: ticket.uploadUrl, method: ticket.method, headers: ticket.headers, maxBytes: ticket.maxBytes };
}

/**
 * Sends the bytes with XMLHttpRequest, the one browser API that reports upload progress over HTTP/1.1 (fetch's
 * streamed request bodies need HTTP/2). The signed URL authorises the request: no session token is sent.
 */
export class XhrFileTransfer implements FileTransfer {
  put(target: UploadTarget, file: Blob, onProgress: Progress, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(target.method, target.url);
      for (const [name, value] of Object.entries(target.headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
      xhr.onload = () => {
        if (xhr.status >= 200 && xhr.status < 300) {
          onProgress(file.size, file.size);
          resolve();
          return;
        }
        let message = `The file storage answered ${xhr.status}.`;
        try {
          const body = JSON.parse(xhr.responseText) as { message?: string; code?: string };
          if (body.message) message = body.message;
        } catch {
          // Not JSON (an S3 store's XML): keep the status.
        }
        reject(new ApiError(reasonOf(xhr.status), `HTTP_${xhr.status}`, message));
      };
      xhr.onerror = () => reject(new Error('network: the upload could not reach the file storage'));
      xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(file);
    });
  }
}
