import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts by itself only where the test runner has globals; Vitest's are off.
afterEach(() => cleanup());
