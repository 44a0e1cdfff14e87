import * as cases from './cases.js';
import * as lms from './lms.js';
import * as network from './network.js';
import * as oneTimeTokens from './one-time-tokens.js';
import * as personLinks from './person-links.js';

export const schema = { ...cases, ...lms, ...network, ...oneTimeTokens, ...personLinks };
