import * as cases from './cases.js';

export const schema = { ...cases };
