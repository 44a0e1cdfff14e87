import type { CaseProgress } from '../../contracts/cases.js';
import { CaseNextStep, isFinished } from './case-next-step.js';
import { CaseProgressTracker } from './case-progress-tracker.js';
import type { ProgressLookup } from './tracker-api.js';
import { TrackerSignIn } from './tracker-sign-in.js';
import { TrackerSubscribe } from './tracker-subscribe.js';

/**
 * What a lookup found: whether anything is needed from the applicant and who to ask, the case's
 * progress, then signing in to send documents and following it by email (neither once the case is
 * complete: its finished state says what comes next).
 */
export default function TrackerResult({ progress, lookup }: { progress: CaseProgress; lookup: ProgressLookup }) {
  const completed = isFinished(progress.status, progress.documents);
  return (
    <>
      <CaseProgressTracker
        progress={progress}
        focusOnResult
        lead={
          <CaseNextStep
            status={progress.status}
            owner={progress.owner}
            documents={progress.documents}
            sendFrom="tracker"
          />
        }
      />
      {!completed && <TrackerSignIn key={`sign-in-${progress.caseNumber}`} lookup={lookup} />}
      {!completed && <TrackerSubscribe key={progress.caseNumber} lookup={lookup} />}
    </>
  );
}
