/** Demo content is written as data: original sample questions and courses, loaded by `npm run lms:demo-content`. */
export type DemoQuestion =
  | {
      type: 'multiple-choice';
      q: string;
      options: string[];
      answer: string;
      why: string;
      level: 'easy' | 'medium' | 'hard';
    }
  | { type: 'fill-in-the-blank'; q: string; answer: string; why: string; level: 'easy' | 'medium' | 'hard' }
  | { type: 'essay'; q: string; answer: string; why: string; level: 'easy' | 'medium' | 'hard' };

export type DemoCourse = {
  title: string;
  description: string;
  level: 'Beginner' | 'Intermediate' | 'Advanced';
  duration: string;
  sections: { title: string; body: string }[];
};

/** A lesson of a demo course; its body is Markdown. */
export const lesson = (title: string, body: string) => ({ title, body });
