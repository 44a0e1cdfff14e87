import { describeBadInput } from './bad-input.js';

// Bad input to every route, one file per area so workers share it out: test/attack/bad-input.ts.
describeBadInput('lms');
