import { ContainerModule } from 'inversify';
import { AssignCourse } from '../../application/courses/assign-course.use-case';
import { CourseApi } from '../../application/courses/course-api.port';
import { PreviewCourseAssignment } from '../../application/courses/preview-course-assignment.use-case';
import { HttpCourseApi } from '../http/learning/http-course-api';
import { ReminderApi } from '../../application/courses/reminder-api.port';
import { HttpReminderApi } from '../http/learning/http-reminder-api';
import { CourseAuthoringApi } from '../../application/courses/authoring/course-authoring-api.port';
import {
  AddCourseLanguage,
  AddLesson,
  CreateCourse,
  DuplicateCourse,
  MoveBlock,
  PublishCourse,
  RemoveBlock,
  RemoveContent,
  RenameContent,
  ReorderContents,
  SaveBlock,
  SaveQuiz,
  SetCourseReminders,
} from '../../application/courses/authoring/authoring.use-cases';
import { HttpCourseAuthoringApi } from '../http/learning/http-course-authoring-api';
import { CourseFilesApi, FileTransfer } from '../../application/courses/authoring/course-files.port';
import { ReadCourseFiles, UploadCourseFile } from '../../application/courses/authoring/upload-course-file.use-case';
import { DEFAULT_UPLOAD_LIMITS } from '../../domain/files/uploads';
import { RuntimeConfigKey, type RuntimeConfig } from '../config/runtime-config';
import { HttpCourseFilesApi, XhrFileTransfer } from '../http/learning/http-course-files-api';
import { AutoAssignApi } from '../../application/courses/auto-assign-api.port';
import { BulkAssignCourses, SaveAutoAssignRule } from '../../application/courses/auto-assign.use-cases';
import { HttpAutoAssignApi } from '../http/learning/http-auto-assign-api';
import { CatalogueCourseApi, CourseCreditsApi } from '../../application/courses/catalogue-courses.port';
import { HttpCatalogueCourseApi, HttpCourseCreditsApi } from '../http/learning/http-catalogue-course-api';
import { SaveAssignmentSettings } from '../../application/courses/save-assignment-settings.use-case';
import { RemindLearners } from '../../application/courses/remind-learners.use-case';
import { SetCertificateValidity } from '../../application/courses/set-certificate-validity.use-case';
import { ChangeDueDate } from '../../application/courses/change-due-date.use-case';
import { UnassignCourse } from '../../application/courses/unassign-course.use-case';
import { ResetAutoAssignRule } from '../../application/courses/reset-auto-assign-rule.use-case';
import { CreateCatalogueCourse } from '../../application/courses/create-catalogue-course.use-case';
import { OfferCatalogueCourse } from '../../application/courses/offer-catalogue-course.use-case';
import { PushCourseVersion } from '../../application/courses/push-course-version.use-case';
import { GrantCredits } from '../../application/courses/grant-credits.use-case';
import { RequestCredits } from '../../application/courses/request-credits.use-case';

/** Bindings of the courses area: its HTTP adapters, use cases (factory bindings) and view-models. */
export const coursesModule = new ContainerModule(({ bind }) => {
  bind(CourseApi).to(HttpCourseApi).inSingletonScope();
  bind(ReminderApi).to(HttpReminderApi).inSingletonScope();
  bind(PreviewCourseAssignment).toDynamicValue((ctx) => new PreviewCourseAssignment(ctx.get<CourseApi>(CourseApi)));
  bind(AssignCourse).toDynamicValue((ctx) => new AssignCourse(ctx.get<CourseApi>(CourseApi)));
  bind(AutoAssignApi).to(HttpAutoAssignApi).inSingletonScope();
  bind(SaveAutoAssignRule).toDynamicValue((ctx) => new SaveAutoAssignRule(ctx.get<AutoAssignApi>(AutoAssignApi)));
  bind(BulkAssignCourses).toDynamicValue(
    (ctx) =>
      new BulkAssignCourses(
        ctx.get<AutoAssignApi>(AutoAssignApi),
        ctx.get<RuntimeConfig>(RuntimeConfigKey).maxUploadBytes,
      ),
  );
  bind(CourseAuthoringApi).to(HttpCourseAuthoringApi).inSingletonScope();
  const authoring = (ctx: { get: <T>(id: symbol) => T }) => ctx.get<CourseAuthoringApi>(CourseAuthoringApi);
  bind(CreateCourse).toDynamicValue((ctx) => new CreateCourse(authoring(ctx)));
  bind(SaveBlock).toDynamicValue((ctx) => new SaveBlock(authoring(ctx)));
  bind(SaveQuiz).toDynamicValue((ctx) => new SaveQuiz(authoring(ctx)));
  bind(ReorderContents).toDynamicValue((ctx) => new ReorderContents(authoring(ctx)));
  bind(PublishCourse).toDynamicValue((ctx) => new PublishCourse(authoring(ctx)));
  bind(AddCourseLanguage).toDynamicValue((ctx) => new AddCourseLanguage(authoring(ctx)));
  bind(AddLesson).toDynamicValue((ctx) => new AddLesson(authoring(ctx)));
  bind(RenameContent).toDynamicValue((ctx) => new RenameContent(authoring(ctx)));
  bind(RemoveContent).toDynamicValue((ctx) => new RemoveContent(authoring(ctx)));
  bind(MoveBlock).toDynamicValue((ctx) => new MoveBlock(authoring(ctx)));
  bind(RemoveBlock).toDynamicValue((ctx) => new RemoveBlock(authoring(ctx)));
  bind(DuplicateCourse).toDynamicValue((ctx) => new DuplicateCourse(authoring(ctx)));
  bind(SetCourseReminders).toDynamicValue((ctx) => new SetCourseReminders(authoring(ctx)));
  bind(CatalogueCourseApi).to(HttpCatalogueCourseApi).inSingletonScope();
  bind(CourseCreditsApi).to(HttpCourseCreditsApi).inSingletonScope();
  bind(SaveAssignmentSettings).toDynamicValue((ctx) => new SaveAssignmentSettings(ctx.get<ReminderApi>(ReminderApi)));
  bind(RemindLearners).toDynamicValue((ctx) => new RemindLearners(ctx.get<ReminderApi>(ReminderApi)));
  bind(SetCertificateValidity).toDynamicValue((ctx) => new SetCertificateValidity(ctx.get<ReminderApi>(ReminderApi)));
  bind(ChangeDueDate).toDynamicValue((ctx) => new ChangeDueDate(ctx.get<CourseApi>(CourseApi)));
  bind(UnassignCourse).toDynamicValue((ctx) => new UnassignCourse(ctx.get<CourseApi>(CourseApi)));
  bind(ResetAutoAssignRule).toDynamicValue((ctx) => new ResetAutoAssignRule(ctx.get<AutoAssignApi>(AutoAssignApi)));
  bind(CreateCatalogueCourse).toDynamicValue(
    (ctx) => new CreateCatalogueCourse(ctx.get<CatalogueCourseApi>(CatalogueCourseApi)),
  );
  bind(OfferCatalogueCourse).toDynamicValue(
    (ctx) => new OfferCatalogueCourse(ctx.get<CatalogueCourseApi>(CatalogueCourseApi)),
  );
  bind(PushCourseVersion).toDynamicValue(
    (ctx) => new PushCourseVersion(ctx.get<CatalogueCourseApi>(CatalogueCourseApi)),
  );
  bind(GrantCredits).toDynamicValue((ctx) => new GrantCredits(ctx.get<CatalogueCourseApi>(CatalogueCourseApi)));
  bind(RequestCredits).toDynamicValue((ctx) => new RequestCredits(ctx.get<CourseCreditsApi>(CourseCreditsApi)));
  bind(CourseFilesApi).to(HttpCourseFilesApi).inSingletonScope();
  bind(FileTransfer).toConstantValue(new XhrFileTransfer());
  bind(ReadCourseFiles).toDynamicValue((ctx) => new ReadCourseFiles(ctx.get<CourseFilesApi>(CourseFilesApi)));
  bind(UploadCourseFile).toDynamicValue((ctx) => {
    const config = ctx.get<RuntimeConfig>(RuntimeConfigKey);
    return new UploadCourseFile(ctx.get<CourseFilesApi>(CourseFilesApi), ctx.get<FileTransfer>(FileTransfer), {
      ...DEFAULT_UPLOAD_LIMITS,
      ...config.uploadLimits,
    });
  });
});
