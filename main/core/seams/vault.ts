/**
 * Where secrets (tokens, remembered passwords) live: one small async interface with
 * one implementation per host (safeStorage in Electron, a 0600 file in browser mode),
 * injected at the composition root. Nothing read from it is ever sent to the renderer.
 */
export interface Vault {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** A warning to show once (e.g. Linux without a keyring: safeStorage falls back to plain text). */
  readonly warning?: string | null;
}

/** For tests and for a session that must not persist anything. */
export function memoryVault(): Vault {
  const m = new Map<string, string>();
  return {
    get: async (k) => m.get(k) ?? null,
    set: async (k, v) => void m.set(k, v),
    delete: async (k) => void m.delete(k),
  };
}
