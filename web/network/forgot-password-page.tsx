import { ForgotPasswordScreen } from '../ui/account-recovery.js';
import { requestPasswordReset } from './api.js';

/** `/forgot-password`: a member asks for a link to set a new password. */
export default function ForgotPasswordPage() {
  return <ForgotPasswordScreen title="Forgot your password?" backTo="/" backLabel="Back to sign in" send={requestPasswordReset} />;
}
