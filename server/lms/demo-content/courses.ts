import { dentistCourses } from './courses-dentist.js';
import { doctorCourses } from './courses-doctor.js';
import { generalCourses } from './courses-general.js';
import { nurseCourses } from './courses-nurse.js';
import { nutritionistCourses } from './courses-nutritionist.js';
import { physiotherapistCourses } from './courses-physiotherapist.js';
import type { DemoCourse } from './types.js';

/** The demo courses by audience, each lesson written in Markdown with several paragraphs and lists. */
export const demoCourses: Record<
  'all' | 'doctor' | 'nurse' | 'physiotherapist' | 'nutritionist' | 'dentist',
  DemoCourse[]
> = {
  all: generalCourses,
  doctor: doctorCourses,
  nurse: nurseCourses,
  physiotherapist: physiotherapistCourses,
  nutritionist: nutritionistCourses,
  dentist: dentistCourses,
};
