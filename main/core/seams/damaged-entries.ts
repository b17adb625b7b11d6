/**
 * A vault entry the vault cannot use (not a string; safeStorage cannot decrypt it): the
 * file is copied aside once and the user told, while the entry itself stays in the file,
 * in case it becomes readable again (the keyring unlocked later).
 */
import { copyFileSync } from 'node:fs';
import { asideName, type Notices } from './notices';
import { createPrivateFile } from './private-files';

export function damagedEntryReporter(file: string, label: string, notices: Notices | undefined): (key: string) => void {
  const seen = new Set<string>();
  return (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const kept = asideName(file, 'damaged');
    createPrivateFile(kept);
    copyFileSync(file, kept);
    notices?.add({
      kind: 'vault_damaged',
      message: `${label}: the saved entry "${key.split(':')[0]}" could not be read. A copy of the file was kept; the other entries are unaffected. Sign in again to replace it.`,
      keptCopy: kept,
    });
  };
}
