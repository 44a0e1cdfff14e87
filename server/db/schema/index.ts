import * as cases from './cases.js';
import * as network from './network.js';

export const schema = { ...cases, ...network };
