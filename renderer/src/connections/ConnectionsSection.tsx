/** Placeholder: the Settings screen's "Connections" section (rename, forget, cache size, clear cache) is built by another change of issue 29, which replaces this file. */
export function ConnectionsSection(): null {
  return null;
}
