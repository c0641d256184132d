/**
 * A screen's one read: what it answered, or why it failed, and `reload` to read it again (after a
 * change the screen made). Read again whenever `read` changes (wrap it in useCallback).
 */
import { useCallback, useEffect, useState } from 'react';

export function useLoaded<T>(read: () => Promise<T>): { value?: T; error?: string; reload: () => Promise<void> } {
  const [value, setValue] = useState<T>();
  const [error, setError] = useState<string>();
  const reload = useCallback(
    () =>
      read().then(
        (next) => {
          setError(undefined);
          setValue(next);
        },
        (failure: Error) => setError(failure.message),
      ),
    [read],
  );
  useEffect(() => void reload(), [reload]);
  return { value, error, reload };
}
