import * as cases from './cases.js';
import * as lms from './lms.js';
import * as network from './network.js';

export const schema = { ...cases, ...lms, ...network };
