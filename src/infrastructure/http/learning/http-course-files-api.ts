import { inject, injectable } from 'inversify';
import type {
  ConfirmedFile,
  CourseFileLink,
  CourseFilesApi,
  UploadTarget,
} from '../../../application/courses/authoring/course-files.port';
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
import { ApiClient, LearningHttp } from '../api-client';

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
    return targetOf(
      await this.learning.call(generateCourseCoverUploadUrl, { params: { id: courseId }, body: { fileName, size } }),
    );
  }

  async courseLinks(courseId: string): Promise<CourseFileLink[]> {
    const { links } = await this.learning.call(courseFileLinks, { params: { id: courseId } });
    return links.map(({ fileId, url, fileName, contentType, purpose }) => ({
      fileId,
      url,
      fileName,
      contentType,
      purpose,
    }));
  }

  async confirm(fileId: string, language?: CourseLanguage): Promise<ConfirmedFile> {
    const file = await this.learning.call(confirmUpload, { params: { id: fileId }, query: { language } });
    return {
      fileId: file.fileId,
      fileName: file.fileName,
      size: file.size,
      contentType: file.contentType,
      downloadUrl: file.downloadUrl,
    };
  }
}

function targetOf(ticket: UploadTicket): UploadTarget {
  return {
    fileId: ticket.fileId,
    url: ticket.uploadUrl,
    method: ticket.method,
    headers: ticket.headers,
    maxBytes: ticket.maxBytes,
  };
}

// The transfer itself lives in ./xhr-file-transfer.ts (no Inversify: the light player entry loads it).
export { XhrFileTransfer } from './xhr-file-transfer';
