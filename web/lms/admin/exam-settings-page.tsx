import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { MAX_RETAKE_WAIT_SECONDS } from '../../../contracts/lms.js';
import { errorMessage } from '../../lib/http.js';
import { Button } from '../../ui/button.js';
import { TextField } from '../../ui/field.js';
import { ErrorState, FormError, LoadingState } from '../../ui/states.js';
import { useToast } from '../../ui/toast.js';
import review from '../exam-review.module.css';
import styles from '../lms.module.css';
import { lmsRequest } from '../session.js';
import { adminKey } from './admin-api.js';
import { AdminLayout } from './admin-layout.js';

type ExamSettings = { retakeWaitSeconds: number };
const settingsKey = adminKey('exam-settings');

function SettingsForm({ current }: { current: ExamSettings }) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const [hours, setHours] = useState(String(current.retakeWaitSeconds / 3600));
  const save = useMutation({
    mutationFn: (retakeWaitSeconds: number) => lmsRequest<ExamSettings>('/admin/exam-settings', { method: 'PUT', body: { retakeWaitSeconds } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      notify('Exam settings saved');
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(Math.round(Number(hours) * 3600));
  };
  return (
    <form className={styles.card} onSubmit={onSubmit} aria-label="Retakes">
      <h2>Retakes</h2>
      <p className={styles.muted}>How long a learner waits after an attempt ends before starting another. 0 lets them retake at once.</p>
      <FormError message={save.isError ? errorMessage(save.error, 'The settings could not be saved.') : null} />
      <TextField
        label="Wait between attempts (hours)"
        type="number"
        min={0}
        max={MAX_RETAKE_WAIT_SECONDS / 3600}
        step="0.25"
        required
        value={hours}
        onChange={(e) => setHours(e.target.value)}
      />
      <Button type="submit" disabled={save.isPending}>
        <span className={review.iconText}>
          <Save size={16} aria-hidden="true" /> {save.isPending ? 'Saving...' : 'Save'}
        </span>
      </Button>
    </form>
  );
}

export default function ExamSettingsPage() {
  const query = useQuery({ queryKey: settingsKey, queryFn: () => lmsRequest<ExamSettings>('/admin/exam-settings') });
  return (
    <AdminLayout title="Exam settings">
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState message="Failed to load the exam settings." onRetry={() => void query.refetch()} />
      ) : (
        <SettingsForm current={query.data} />
      )}
    </AdminLayout>
  );
}
