import { useState } from 'react';
import { useNavigate } from '../lib/routing.js';
import type { NetworkUser } from '../../contracts/network.js';
import { errorMessage } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { NewPasswordField, TextField } from '../ui/field.js';
import { Form } from '../ui/form.js';
import { ConfirmDialog } from '../ui/modal.js';
import { LinkedAccounts } from '../ui/linked-accounts.js';
import { ErrorState, FormError, LoadingState } from '../ui/states.js';
import { useToast } from '../ui/toast.js';
import {
  useAccountSettings,
  useChangePassword,
  useDeleteAccount,
  useSaveProfile,
  useSignOutOtherDevices,
  memberLinks,
} from './api.js';
import { EmailDigestSection } from './email-digest-section.js';
import { useFilePreview } from './file-preview.js';
import styles from './network.module.css';
import { PhotoPicker } from './photo-picker.js';
import { ProfessionalFields, useProfessionalProfile } from './professional-fields.js';
import { useSignedInMember } from './signed-in.js';
import { VerifyEmailBanner } from './verify-email-banner.js';

/** A member's own account: how others see them, the address, the password, other devices, leaving. */
export default function SettingsPage() {
  const { member, instead } = useSignedInMember();
  if (!member) return instead;
  return (
    <main className={styles.narrowPage}>
      <h1 className={styles.pageTitle}>Settings</h1>
      <ProfileSection user={member} />
      <EmailSection user={member} />
      <EmailDigestSection hasEmail={member.email !== null} />
      <LinkedAccounts
        client={memberLinks}
        className={styles.card}
        titleClassName={styles.cardTitle}
        journeyHref="/journey"
      />
      <AccountSections />
    </main>
  );
}

function ProfileSection({ user }: { user: NetworkUser }) {
  const notify = useToast();
  const [username, setUsername] = useState(user.username ?? '');
  const [displayName, setDisplayName] = useState(user.displayName ?? '');
  const [professional, setProfessional] = useProfessionalProfile(user);
  const { file: photo, url: preview, choose: setPhoto } = useFilePreview();
  const [photoError, setPhotoError] = useState<string | null>(null);
  const save = useSaveProfile();
  const error =
    photoError ?? (save.isError ? errorMessage(save.error, 'Could not save your profile. Please try again.') : null);

  return (
    <section className={styles.card} aria-labelledby="settings-profile">
      <h2 id="settings-profile" className={styles.cardTitle}>
        Profile
      </h2>
      <FormError message={error} />
      <Form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { profile: { username, displayName, ...professional }, photo },
            {
              onSuccess: () => {
                setPhoto(null);
                notify('Your profile is saved.');
              },
            },
          );
        }}
      >
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
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <TextField
          label="Display name"
          name="displayName"
          required
          maxLength={80}
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
        />
        <ProfessionalFields value={professional} onChange={setProfessional} />
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save profile'}
        </Button>
      </Form>
    </section>
  );
}

function EmailSection({ user }: { user: NetworkUser }) {
  return (
    <section className={styles.card} aria-labelledby="settings-email">
      <h2 id="settings-email" className={styles.cardTitle}>
        Email address
      </h2>
      {user.email ? (
        <p>
          <strong>{user.email}</strong>{' '}
          {user.emailVerified ? (
            <span className={styles.verified}>Verified</span>
          ) : (
            <span className={styles.muted}>Not verified yet</span>
          )}
        </p>
      ) : (
        <p className={styles.muted}>Your account has no email address: you sign in with your external account.</p>
      )}
      <VerifyEmailBanner user={user} />
    </section>
  );
}

function AccountSections() {
  const settings = useAccountSettings();
  if (settings.isPending) return <LoadingState />;
  if (settings.isLoadingError)
    return <ErrorState message="Could not load your settings." onRetry={() => void settings.refetch()} />;
  const { hasPassword, otherSessions, posts } = settings.data;
  return (
    <>
      <PasswordSection hasPassword={hasPassword} />
      <DevicesSection otherSessions={otherSessions} />
      <DeleteSection hasPassword={hasPassword} posts={posts} />
    </>
  );
}

function PasswordSection({ hasPassword }: { hasPassword: boolean }) {
  const notify = useToast();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useChangePassword();
  return (
    <section className={styles.card} aria-labelledby="settings-password">
      <h2 id="settings-password" className={styles.cardTitle}>
        Password
      </h2>
      <p className={styles.hint}>Changing it signs you out on every other device.</p>
      <FormError
        message={change.isError ? errorMessage(change.error, 'Could not change the password. Please try again.') : null}
      />
      <Form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate(
            { ...(hasPassword ? { currentPassword: current } : {}), newPassword: next },
            {
              onSuccess: () => {
                setCurrent('');
                setNext('');
                notify('Your password has been changed.');
              },
            },
          );
        }}
      >
        {hasPassword && (
          <TextField
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        )}
        <NewPasswordField
          label="New password"
          name="newPassword"
          hint="At least 8 characters"
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : hasPassword ? 'Change password' : 'Set a password'}
        </Button>
      </Form>
    </section>
  );
}

function DevicesSection({ otherSessions }: { otherSessions: number }) {
  const notify = useToast();
  const signOutOthers = useSignOutOtherDevices();
  return (
    <section className={styles.card} aria-labelledby="settings-devices">
      <h2 id="settings-devices" className={styles.cardTitle}>
        Devices
      </h2>
      <p>
        {otherSessions === 0
          ? 'You are signed in on this device only.'
          : `You are also signed in on ${otherSessions} other ${otherSessions === 1 ? 'device' : 'devices'}.`}
      </p>
      <FormError
        message={
          signOutOthers.isError
            ? errorMessage(signOutOthers.error, 'Could not sign out the other devices. Please try again.')
            : null
        }
      />
      <Button
        variant="secondary"
        disabled={otherSessions === 0 || signOutOthers.isPending}
        onClick={() =>
          signOutOthers.mutate(undefined, { onSuccess: () => notify('You are signed out on every other device.') })
        }
      >
        Sign out of other devices
      </Button>
    </section>
  );
}

function DeleteSection({ hasPassword, posts }: { hasPassword: boolean; posts: number }) {
  const navigate = useNavigate();
  const notify = useToast();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAccount();
  const what =
    posts === 0
      ? 'Your comments, likes and photo'
      : `Your ${posts === 1 ? 'post' : `${posts} posts`}, comments, likes and photo`;
  return (
    <section className={styles.card} aria-labelledby="settings-delete">
      <h2 id="settings-delete" className={styles.cardTitle}>
        Delete your account
      </h2>
      <p>{what} are deleted with it: other members will no longer see any of it. This cannot be undone.</p>
      <FormError
        message={remove.isError ? errorMessage(remove.error, 'Could not delete the account. Please try again.') : null}
      />
      <Form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          setConfirming(true);
        }}
      >
        {hasPassword && (
          <TextField
            label="Your password"
            name="deletePassword"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
        <Button type="submit" variant="danger" disabled={remove.isPending}>
          Delete my account
        </Button>
      </Form>
      <ConfirmDialog
        open={confirming}
        title="Delete your account?"
        message="Your account, posts, comments and likes will be deleted for good."
        confirmLabel="Delete for good"
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(hasPassword ? { password } : {}, {
            onSuccess: () => {
              notify('Your account has been deleted.');
              void navigate('/', { replace: true });
            },
            onSettled: () => setConfirming(false),
          })
        }
      />
    </section>
  );
}
