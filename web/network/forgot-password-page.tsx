import { ForgotPasswordScreen } from '../ui/account-recovery.js';
import { requestPasswordReset, SIGN_IN_PATH } from './api.js';

/** `/forgot-password`: a member asks for a link to set a new password. */
export default function ForgotPasswordPage() {
  return (
    <ForgotPasswordScreen
      title="Forgot your password?"
      backTo={SIGN_IN_PATH}
      backLabel="Back to sign in"
      send={requestPasswordReset}
    />
  );
}
