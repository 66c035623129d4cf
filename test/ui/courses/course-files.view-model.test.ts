import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import type {
  ReadCourseFiles,
  UploadCourseFile,
} from '../../../src/application/courses/authoring/upload-course-file.use-case';
import { CourseFilesViewModel } from '../../../src/ui/courses/course-files.view-model';

const link = { fileId: 'f1', fileName: 'guide.pdf', url: '/files/guide.pdf?signature=1' };

describe('CourseFilesViewModel', () => {
  it("holds the course's file links for previews, and keeps working without them", async () => {
    const read = { execute: async () => [link] } as unknown as ReadCourseFiles;
    const vm = new CourseFilesViewModel({} as UploadCourseFile, read);
    await vm.load('c1');
    expect(vm.uploaded.urlOf('f1')).toBe('/files/guide.pdf?signature=1');
    expect(vm.uploaded.nameOf('f1')).toBe('guide.pdf');

    const failing = { execute: async () => Promise.reject(new Error('offline')) } as unknown as ReadCourseFiles;
    const without = new CourseFilesViewModel({} as UploadCourseFile, failing);
    await without.load('c1');
    expect(without.uploaded.urlOf('f1')).toBeUndefined();
  });
});
