import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/http.js';

/** A licence's public status, by its credential's id (the verify page's address). */
export const licenceVerificationQuery = (credentialId: string) =>
  queryOptions({
    queryKey: ['licence-verification', credentialId],
    queryFn: () =>
      unwrap(api.GET('/api/credentials/licences/{credentialId}/status', { params: { path: { credentialId } } })),
    // An unknown id stays unknown: no retries.
    retry: false,
  });

export const useLicenceVerification = (credentialId: string) => useQuery(licenceVerificationQuery(credentialId));
