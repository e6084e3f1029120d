import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The results view, kept in the address beside the sort so a ranking can be shared and
 * survives a reload: verified by default, `?verified=false` for the self-reported view.
 */
export function useVerifiedOnly(): [boolean, (next: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const verified = params.get('verified') !== 'false';
  const setVerified = useCallback(
    (next: boolean) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next) updated.delete('verified');
          else updated.set('verified', 'false');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [verified, setVerified];
}
