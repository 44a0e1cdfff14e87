import type { CaseProgress } from '../../contracts/cases.js';
import { CaseProgressTracker } from './case-progress-tracker.js';
import type { ProgressLookup } from './tracker-api.js';
import { TrackerSignIn } from './tracker-sign-in.js';
import { TrackerSubscribe } from './tracker-subscribe.js';

/** What a lookup found: the case's progress, then signing in to send documents and following it by email. */
export default function TrackerResult({ progress, lookup }: { progress: CaseProgress; lookup: ProgressLookup }) {
  return (
    <>
      <CaseProgressTracker progress={progress} />
      <TrackerSignIn key={`sign-in-${progress.caseNumber}`} lookup={lookup} />
      <TrackerSubscribe key={progress.caseNumber} lookup={lookup} />
    </>
  );
}
