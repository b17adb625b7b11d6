/** Saving a change through the core: what went wrong in the core's words, and a short "Saved." after a change. */
import { useCallback, useState } from 'react';
import type { Preferences } from '../../../common/methods/settings';
import { RpcError } from '../rpc/client';
import { savePreferences } from './load';

export interface Save {
  save: (changes: Partial<Preferences>) => Promise<boolean>;
  error: string | null;
  saved: boolean;
  setError: (e: string | null) => void;
}

export function useSave(): Save {
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useCallback(async (changes: Partial<Preferences>) => {
    setError(null);
    setSaved(false);
    try {
      await savePreferences(changes);
      setSaved(true);
      return true;
    } catch (e) {
      setError(e instanceof RpcError ? e.text : String(e));
      return false;
    }
  }, []);
  return { save, error, saved, setError };
}
