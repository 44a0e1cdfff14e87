import * as cases from './cases.js';
import * as lms from './lms.js';

export const schema = { ...cases, ...lms };
