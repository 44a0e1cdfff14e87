import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from '../lib/routing.js';
import { ResetPasswordScreen } from '../ui/account-recovery.js';
import { meQuery, resetPassword, SIGN_IN_PATH } from './api.js';

/** `/reset-password?token=…`: the emailed link's page; the new password ends every session of the account. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const client = useQueryClient();
  return (
    <ResetPasswordScreen
      title="Set a new password"
      backTo={SIGN_IN_PATH}
      backLabel="Back to sign in"
      signInTo={SIGN_IN_PATH}
      token={params.get('token')}
      save={async (token, password) => {
        await resetPassword(token, password);
        // This browser's session ended with the others.
        client.setQueryData(meQuery().queryKey, null);
      }}
    />
  );
}
