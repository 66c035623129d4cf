import { createContext } from 'react';

/**
 * Where the course builder's breadcrumb leads: the workspace's courses, or the platform's catalogue courses when the
 * platform admin builds a catalogue course on the main site (the same builder, docs/policies.md).
 */
export interface CourseHome {
  list: string;
  listLabel: string;
  /** The course's own page, when there is one. */
  course: ((courseId: string) => string) | null;
}

export const WORKSPACE_COURSES: CourseHome = {
  list: '/courses',
  listLabel: 'Courses',
  course: (id) => `/courses/${id}`,
};
export const CATALOGUE_COURSES: CourseHome = {
  list: '/platform/courses',
  listLabel: 'Catalogue courses',
  course: null,
};

export const CourseHomeContext = createContext<CourseHome>(WORKSPACE_COURSES);
