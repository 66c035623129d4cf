import type { FileTransfer, Progress, UploadTarget } from '../../../application/courses/authoring/course-files.port';
import { ApiError } from '../../../application/shared/api-error';
import { reasonOf } from '../api-client';

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
