import Save from 'lucide-react/icons/save';
import { useState, type FormEvent } from 'react';
import { MAX_RETAKE_WAIT_SECONDS, professions, type Profession } from '../../../contracts/lms-constants.js';
import { errorMessage } from '../../lib/http.js';
import { Button } from '../../ui/button.js';
import { TextField } from '../../ui/field.js';
import { Form } from '../../ui/form.js';
import { QueryState } from '../../ui/query-state.js';
import { FormError } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import review from '../exam-review.module.css';
import { professionLabel } from '../labels.js';
import styles from '../lms.module.css';
import type { ExamSettings } from '../../../contracts/lms.js';
import { useExamSettings, useSaveExamSettings } from './admin-api.js';
import { AdminLayout } from './admin-layout.js';

function SettingsForm({ current }: { current: ExamSettings }) {
  const notify = useToast();
  // Minutes, to any precision: a wait set by EXAM_RETAKE_WAIT_SECONDS (say 90 s) is shown and saved as it is.
  const [minutes, setMinutes] = useState(String(current.retakeWaitSeconds / 60));
  const [passMarks, setPassMarks] = useState(
    () => Object.fromEntries(professions.map((p) => [p, String(current.passMarks[p])])) as Record<Profession, string>,
  );
  const save = useSaveExamSettings();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const marks = Object.fromEntries(professions.map((p) => [p, Number(passMarks[p])])) as Record<Profession, number>;
    save.mutate(
      { retakeWaitSeconds: Math.round(Number(minutes) * 60), passMarks: marks },
      { onSuccess: () => notify('Exam settings saved') },
    );
  };
  return (
    <Form className={styles.card} onSubmit={onSubmit} aria-label="Exam settings">
      <h2>Pass marks</h2>
      <p className={styles.muted}>
        The score (questions correct out of the whole exam) a learner of each profession needs; shown beside every
        score.
      </p>
      <div className={styles.formGrid}>
        {professions.map((p) => (
          <TextField
            key={p}
            label={`${professionLabel(p)} pass mark (%)`}
            type="number"
            min={0}
            max={100}
            step={1}
            required
            value={passMarks[p]}
            onChange={(e) => setPassMarks((marks) => ({ ...marks, [p]: e.target.value }))}
          />
        ))}
      </div>
      <h2>Retakes</h2>
      <p className={styles.muted}>
        How long a learner waits after an attempt ends before starting another. 0 lets them retake at once.
      </p>
      <FormError message={save.isError ? errorMessage(save.error, 'The settings could not be saved.') : null} />
      <TextField
        label="Wait between attempts (minutes)"
        hint="For example 60 for an hour, 1440 for a day."
        type="number"
        min={0}
        max={MAX_RETAKE_WAIT_SECONDS / 60}
        step="any"
        required
        value={minutes}
        onChange={(e) => setMinutes(e.target.value)}
      />
      <Button type="submit" disabled={save.isPending}>
        <span className={review.iconText}>
          <Save size={16} aria-hidden="true" /> {save.isPending ? 'Saving...' : 'Save'}
        </span>
      </Button>
    </Form>
  );
}

export default function ExamSettingsPage() {
  const query = useExamSettings();
  return (
    <AdminLayout title="Exam settings">
      <QueryState query={query} error="Failed to load the exam settings.">
        {(settings) => <SettingsForm current={settings} />}
      </QueryState>
    </AdminLayout>
  );
}
