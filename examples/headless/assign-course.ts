import { AssignCourse } from '../../src/application/courses/assign-course.use-case';
import { FakeCourseApi } from '../../test/fakes/courses.fakes';

/** Assigning a published course to everyone of one business unit, then again: nobody is assigned twice. */
export async function assignCourseExample() {
  const courses = new FakeCourseApi();
  const assign = new AssignCourse(courses);
  const first = await assign.execute({ courseId: 'c1', filter: { branchId: 'pune' } });
  const again = await assign.execute({ courseId: 'c1', filter: { branchId: 'pune' } });
  return { first, again, assigned: [...courses.assigned].sort() };
}
