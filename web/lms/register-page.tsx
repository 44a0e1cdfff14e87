import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from '../lib/routing.js';
import { professions, type Profession } from '../../contracts/lms-constants.js';
import { ApiError, api, asSentence, unwrap } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { NewPasswordField, SelectField, TextField } from '../ui/field.js';
import { FormError } from '../ui/states.js';
import { professionLabel } from './labels.js';
import styles from './lms.module.css';
import { claimExamsOnDevice, forgetExamsOnDevice } from './exam-on-device.js';
import { decodeToken, homeFor, lmsToken, useLmsSession } from './session.js';
import { Form } from '../ui/form.js';

const REGISTRATION_FAILED = 'Registration failed. Please try again.';

const isProfession = (value: string): value is Profession => (professions as readonly string[]).includes(value);

/**
 * Which professions have no exam yet (no live question), from the server: said beside each choice,
 * never blocking one. Without the answer (offline, an older server) the choices are as before.
 */
function useProfessionsWithoutExam(): ReadonlySet<string> {
  const { data } = useQuery({
    queryKey: ['lms', 'professions'],
    queryFn: () => unwrap(api.GET('/auth/professions')),
    retry: false,
  });
  return new Set(data?.professions.filter((p) => !p.hasExam).map((p) => p.profession));
}

export default function RegisterPage() {
  const navigate = useNavigate();
  const { user } = useLmsSession();
  const [form, setForm] = useState({ username: '', password: '', profession: '', email: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const withoutExam = useProfessionsWithoutExam();

  if (user && !busy) return <Navigate to={homeFor(user)} replace />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // The form asks for a profession before it calls this (the select is required).
    const { profession } = form;
    if (!isProfession(profession)) return;
    setBusy(true);
    setError(null);
    try {
      const { token } = await unwrap(api.POST('/auth/register', { body: { ...form, profession } }));
      // Registration signs the user in and goes to the dashboard; a new account owns nothing kept on the device.
      const payload = decodeToken(token);
      if (payload) claimExamsOnDevice(payload.id);
      else forgetExamsOnDevice();
      lmsToken.set(token);
      navigate('/lms-system/dashboard', { replace: true });
    } catch (caught) {
      const reason =
        caught instanceof ApiError && caught.status >= 400 && caught.status < 500
          ? ` ${asSentence(caught.message)}`
          : '';
      setError(`${REGISTRATION_FAILED}${reason}`);
      setBusy(false);
    }
  }

  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));
  return (
    <main className={styles.narrow}>
      <h1>Create your account</h1>
      <Form onSubmit={onSubmit}>
        <FormError message={error} />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          required
          minLength={3}
          maxLength={40}
          value={form.username}
          onChange={set('username')}
        />
        <NewPasswordField
          label="Password"
          name="password"
          hint="At least 8 characters."
          value={form.password}
          onChange={set('password')}
        />
        <TextField
          label="Email (optional)"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          hint="Only used to send you a link if you forget your password."
          value={form.email}
          onChange={set('email')}
        />
        <SelectField
          label="Profession"
          name="profession"
          required
          value={form.profession}
          onChange={set('profession')}
          hint={
            withoutExam.has(form.profession)
              ? 'There is no exam for this profession yet. You can register now and take its courses; the exam opens once its questions are added.'
              : undefined
          }
        >
          <option value="">Select your profession</option>
          {professions.map((p) => (
            <option key={p} value={p}>
              {withoutExam.has(p) ? `${professionLabel(p)} (no exam yet)` : professionLabel(p)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" disabled={busy} style={{ width: '100%' }}>
          {busy ? 'Creating account...' : 'Register'}
        </Button>
      </Form>
      <p>
        Already registered? <Link to="/lms-system/login">Sign in</Link>
      </p>
    </main>
  );
}
