import { ContainerModule } from 'inversify';
import { AssignCourse } from '../../application/courses/assign-course.use-case';
import { CourseApi } from '../../application/courses/course-api.port';
import { PreviewCourseAssignment } from '../../application/courses/preview-course-assignment.use-case';
import { UploadApi } from '../../application/courses/upload-api.port';
import { HttpCourseApi } from '../http/learning/http-course-api';
import { HttpUploadApi } from '../http/learning/http-upload-api';

/** Bindings of the courses area: its HTTP adapters, use cases (factory bindings) and view-models. */
export const coursesModule = new ContainerModule(({ bind }) => {
  bind(CourseApi).to(HttpCourseApi).inSingletonScope();
  bind(UploadApi).to(HttpUploadApi).inSingletonScope();
  bind(PreviewCourseAssignment).toDynamicValue((ctx) => new PreviewCourseAssignment(ctx.get<CourseApi>(CourseApi)));
  bind(AssignCourse).toDynamicValue((ctx) => new AssignCourse(ctx.get<CourseApi>(CourseApi)));
});
