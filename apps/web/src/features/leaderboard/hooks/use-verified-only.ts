import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * "Verified only", kept in the address beside the sort (?verified=true) so a filtered ranking
 * can be shared and survives a reload. Anything but 'true' means all results.
 */
export function useVerifiedOnly(): [boolean, (next: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const verified = params.get('verified') === 'true';
  const setVerified = useCallback(
    (next: boolean) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.set('verified', 'true');
          else updated.delete('verified');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [verified, setVerified];
}
