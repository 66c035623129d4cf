import { inject, injectable } from 'inversify';
import { ReadCourseFiles, UploadCourseFile } from '../../application/courses/authoring/upload-course-file.use-case';
import { UploadedFiles } from './blocks/upload-slot';

/**
 * The course builder's files: uploads through UploadCourseFile, and the previews of the files the course already shows
 * (read when the builder opens: ReadCourseFiles) and of those uploaded since.
 */
@injectable()
export class CourseFilesViewModel {
  readonly uploaded = new UploadedFiles();

  constructor(
    @inject(UploadCourseFile) readonly upload: UploadCourseFile,
    @inject(ReadCourseFiles) private readonly read: ReadCourseFiles,
  ) {}

  /** Reads the course's file links; without them the builder still works (files by name, previews without the file). */
  async load(courseId: string): Promise<void> {
    try {
      this.uploaded.load(await this.read.execute(courseId));
    } catch {
      // As above: nothing to show, nothing to undo.
    }
  }
}
