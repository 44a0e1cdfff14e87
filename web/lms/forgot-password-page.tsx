import { ForgotPasswordScreen } from '../ui/account-recovery.js';
import { requestPasswordReset } from './session.js';

/** `/lms-system/forgot-password`: a learner who registered an email asks for a link to set a new password. */
export default function ForgotPasswordPage() {
  return (
    <ForgotPasswordScreen
      title="Forgot your password?"
      backTo="/lms-system/login"
      backLabel="Back to Login"
      send={requestPasswordReset}
    />
  );
}
