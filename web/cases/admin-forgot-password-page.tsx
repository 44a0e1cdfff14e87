import { ForgotPasswordScreen } from '../ui/account-recovery.js';
import { requestAdminPasswordReset } from './admin-api.js';

/** `/caseadmin/forgot-password`: a case admin asks for a link to set a new password. */
export default function AdminForgotPasswordPage() {
  return (
    <ForgotPasswordScreen
      title="Forgot your password?"
      backTo="/caseadmin/login"
      backLabel="Back to Admin Login"
      send={requestAdminPasswordReset}
    />
  );
}
