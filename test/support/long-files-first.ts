import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The API test files that take a minute or more on CI, by path prefix. Vitest starts the largest
 * files first when it has no timings of an earlier run (a fresh clone, so CI), and these are small
 * files or not the largest: one that starts late runs alone at the end while the other workers idle.
 * A stale entry only changes the order.
 */
const longFiles = [
  'test/attack/bad-input-',
  'test/attack/authorization.test.ts',
  'test/cases/case-notifications.test.ts',
];

/** Vitest's own order (the last run's timings, else the file sizes), with the long files moved to the front. */
export class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLong = (spec: TestSpecification) => {
      const path = relative(spec.project.config.root, spec.moduleId).split('\\').join('/');
      return longFiles.some((prefix) => path.startsWith(prefix));
    };
    return [...sorted.filter(isLong), ...sorted.filter((spec) => !isLong(spec))];
  }
}
