import { ContainerModule } from 'inversify';
import { AssignCourseViewModel } from './assign-course.view-model';
import { AutoAssignViewModel } from './auto-assign.view-model';
import { BulkAssignViewModel } from './bulk-assign.view-model';
import { CourseBuilderViewModel } from './course-builder.view-model';
import { CourseFilesViewModel } from './course-files.view-model';
import { CourseListViewModel } from './course-list.view-model';
import { CourseViewModel } from './course.view-model';
import { AssignmentSettingsViewModel } from './assignment-settings.view-model';
import { RemindLearnersViewModel } from './remind-learners.view-model';
import { CourseValidityViewModel } from './course-validity.view-model';
import { CatalogueCoursesViewModel } from './catalogue-courses.view-model';
import { CourseCreditsViewModel } from './course-credits.view-model';
import { CreditRequestsViewModel } from './credit-requests.view-model';

/** Binds the view-models of the courses area (one instance per mounted screen). */
export const coursesViewModels = new ContainerModule(({ bind }) => {
  bind(CourseListViewModel).toSelf();
  bind(CourseViewModel).toSelf();
  bind(AssignCourseViewModel).toSelf();
  bind(CourseBuilderViewModel).toSelf();
  bind(CourseFilesViewModel).toSelf();
  bind(RemindLearnersViewModel).toSelf();
  bind(AssignmentSettingsViewModel).toSelf();
  bind(CourseValidityViewModel).toSelf();
  bind(AutoAssignViewModel).toSelf();
  bind(BulkAssignViewModel).toSelf();
  bind(CatalogueCoursesViewModel).toSelf();
  bind(CourseCreditsViewModel).toSelf();
  bind(CreditRequestsViewModel).toSelf();
});
