import { useSearchParams } from '../lib/routing.js';
import { ResetPasswordScreen } from '../ui/account-recovery.js';
import { lmsToken, resetPassword } from './session.js';

/** `/lms-system/reset-password?token=…`: the emailed link's page; the new password ends every sign-in of the account. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <ResetPasswordScreen
      title="Set a new password"
      backTo="/lms-system/login"
      backLabel="Back to Login"
      signInTo="/lms-system/login"
      token={params.get('token')}
      save={async (token, password) => {
        await resetPassword(token, password);
        lmsToken.clear();
      }}
    />
  );
}
