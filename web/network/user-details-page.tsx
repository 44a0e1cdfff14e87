import { useState, type FormEvent } from 'react';
import { useNavigate } from '../lib/routing.js';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/field.js';
import { FormError } from '../ui/states.js';
import { useSaveProfile } from './api.js';
import { useFilePreview } from './file-preview.js';
import { PhotoPicker } from './photo-picker.js';
import styles from './network.module.css';
import { Form } from '../ui/form.js';
import type { NetworkUser } from '../../contracts/network.js';
import { ProfessionalFields, useProfessionalProfile } from './professional-fields.js';
import { useSignedInMember } from './signed-in.js';

/** Profile completion: username (unique), display name, an optional photo and the professional profile. */
export default function UserDetailsPage() {
  const { member, instead } = useSignedInMember();
  if (!member) return instead;
  return <ProfileCompletion user={member} />;
}

function ProfileCompletion({ user }: { user: NetworkUser }) {
  const navigate = useNavigate();
  const [username, setUsername] = useState<string | null>(null);
  const [displayName, setDisplayName] = useState<string | null>(null);
  const { file: photo, url: preview, choose: setPhoto } = useFilePreview();
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [professional, setProfessional] = useProfessionalProfile(user);
  const save = useSaveProfile();
  const busy = save.isPending;
  const error =
    photoError ?? (save.isError ? errorMessage(save.error, 'Could not save your profile. Please try again.') : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      {
        profile: {
          username: username ?? user.username ?? '',
          displayName: displayName ?? user.displayName ?? '',
          ...professional,
        },
        photo,
      },
      { onSuccess: () => void navigate('/Home', { replace: true }) },
    );
  }

  return (
    <main className={styles.narrowPage}>
      <section className={styles.card}>
        <h1 className={styles.cardTitle}>Complete your profile</h1>
        <p className={styles.hint}>Choose how other members see you.</p>
        <FormError message={error} />
        <Form className={styles.form} onSubmit={submit}>
          <PhotoPicker
            src={preview ?? user.photoURL}
            onRefuse={setPhotoError}
            onChoose={(file) => {
              setPhotoError(null);
              setPhoto(file);
            }}
          />
          <TextField
            label="Username"
            name="username"
            required
            minLength={3}
            maxLength={30}
            pattern="[A-Za-z0-9._\-]+"
            data-pattern-message="A username may hold only letters, digits, dots, dashes and underscores."
            hint="Letters, digits, dots, dashes and underscores"
            value={username ?? user.username ?? ''}
            onChange={(e) => setUsername(e.target.value)}
          />
          <TextField
            label="Display name"
            name="displayName"
            required
            maxLength={80}
            value={displayName ?? user.displayName ?? ''}
            onChange={(e) => setDisplayName(e.target.value)}
          />
          <p className={styles.hint}>Tell HR colleagues what you do (optional; you can change it in Settings).</p>
          <ProfessionalFields value={professional} onChange={setProfessional} />
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save and continue'}
          </Button>
        </Form>
      </section>
    </main>
  );
}
