import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * A timed sitting shows only the exam: while one is on screen the learner shell hides the app's
 * navigation, as a test centre's screen has nothing else on it.
 */
const ExamFocus = createContext<(focused: boolean) => void>(() => {});

export function ExamFocusProvider({ children }: { children: (focused: boolean) => ReactNode }) {
  const [focused, setFocused] = useState(false);
  return <ExamFocus.Provider value={setFocused}>{children(focused)}</ExamFocus.Provider>;
}

/** Hides the app's navigation while the calling component (the exam) is on screen. */
export function useExamFocus(): void {
  const setFocused = useContext(ExamFocus);
  useEffect(() => {
    setFocused(true);
    return () => setFocused(false);
  }, [setFocused]);
}
