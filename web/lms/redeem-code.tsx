import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage, unwrap } from '../lib/http.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/field.js';
import { emptiedIfUnchanged } from '../ui/form.js';
import { FormError } from '../ui/states.js';
import styles from './lms.module.css';
import { lmsApi } from './session.js';

/**
 * Redeems an access code (an agency or an admin gives one): on every locked card and on the
 * profile, so a learner who signed up alone has a way in. What the code opens shows at once.
 */
export function RedeemCodeForm() {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const redeem = useMutation({
    mutationFn: (value: string) => unwrap(lmsApi.POST('/user/access-codes/redeem', { body: { code: value } })),
    onSuccess: (_answer, sent) => {
      // Not the next code, if one is being typed already (emptiedIfUnchanged).
      setCode(emptiedIfUnchanged(sent, ''));
      void queryClient.invalidateQueries({ queryKey: ['lms'] });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    redeem.mutate(code);
  };
  return (
    <form onSubmit={onSubmit} aria-label="Redeem an access code" className={styles.redeemForm}>
      <TextField
        label="Access code"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        required
        autoComplete="off"
        hint="For example ABCD-EFGH-JKMN-PQRS"
      />
      <Button type="submit" disabled={redeem.isPending || code.trim() === ''}>
        {redeem.isPending ? 'Redeeming...' : 'Redeem code'}
      </Button>
      <FormError message={redeem.isError ? errorMessage(redeem.error, 'The code could not be redeemed.') : null} />
      {redeem.isSuccess && <p role="status">{redeem.data.message}</p>}
    </form>
  );
}
