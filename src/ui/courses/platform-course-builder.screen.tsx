import { CourseBuilderScreen } from './course-builder.screen';
import { CATALOGUE_COURSES, CourseHomeContext } from './course-home';

/** The course builder on the main site: the platform admin builds a catalogue course with the workspaces' builder. */
export default function PlatformCourseBuilderScreen() {
  return (
    <CourseHomeContext.Provider value={CATALOGUE_COURSES}>
      <CourseBuilderScreen />
    </CourseHomeContext.Provider>
  );
}
