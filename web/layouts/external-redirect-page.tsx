import { useEffect } from 'react';
import { usePublicConfig } from '../lib/public-config.js';
import { ErrorState } from '../ui/states.js';

/** The `{token}` route: hands the token to the health authority's site. */
export function ExternalRedirectPage({ token }: { token: string }) {
  const config = usePublicConfig();
  const target = config.data?.healthAuthorityUrl.replace('{token}', encodeURIComponent(token));
  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);
  if (config.isLoadingError)
    return (
      <ErrorState
        message="Could not continue to the health authority. Please try again."
        onRetry={() => void config.refetch()}
      />
    );
  return (
    <main style={{ padding: '2rem', textAlign: 'center' }}>
      <p role="status">Redirecting...</p>
    </main>
  );
}
