import { useSearchParams } from '../lib/routing.js';
import { ResetPasswordScreen } from '../ui/account-recovery.js';
import { resetAdminPassword } from './admin-api.js';
import { adminToken } from './admin-session.js';

/** `/caseadmin/reset-password?token=…`: the emailed link's page; the new password ends every sign-in of the admin. */
export default function AdminResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <ResetPasswordScreen
      title="Set a new password"
      backTo="/caseadmin/login"
      backLabel="Back to Admin Login"
      signInTo="/caseadmin/login"
      token={params.get('token')}
      save={async (token, password) => {
        await resetAdminPassword(token, password);
        adminToken.clear();
      }}
    />
  );
}
