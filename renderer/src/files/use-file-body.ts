/**
 * A file's bytes as a Blob URL, fetched through the core (which keeps them for offline use).
 * URLs are shared by uid and kept for the most recent few hundred, so scrolling back through
 * a grid does not ask the core again, and memory stays bounded.
 */
import { useEffect, useState } from 'react';
import { i18n } from '../i18n';
import { RpcError, rpc } from '../rpc/client';
import { numberText } from '../ui/format';

interface Loaded {
  url: string;
  size: number;
  type: string;
}

const KEEP = 300;
const loaded = new Map<string, Loaded>();
const loading = new Map<string, Promise<Loaded>>();

function remember(uid: string, l: Loaded): void {
  loaded.set(uid, l);
  while (loaded.size > KEEP) {
    const [oldest, v] = loaded.entries().next().value as [string, Loaded];
    URL.revokeObjectURL(v.url);
    loaded.delete(oldest);
  }
}

export function loadFileBody(uid: string, fallbackType: string): Promise<Loaded> {
  const have = loaded.get(uid);
  if (have) return Promise.resolve(have);
  let p = loading.get(uid);
  if (!p) {
    p = rpc('files/get', { uid })
      .then((b) => {
        const type = b.type || fallbackType;
        const l = { url: URL.createObjectURL(new Blob([b.bytes as BlobPart], { type })), size: b.bytes.length, type };
        remember(uid, l);
        return l;
      })
      .finally(() => loading.delete(uid));
    loading.set(uid, p);
  }
  return p;
}

export function useFileBody(uid: string | null, type: string, enabled = true): { body: Loaded | null; error: string | null } {
  const [body, setBody] = useState<Loaded | null>(uid ? (loaded.get(uid) ?? null) : null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!uid || !enabled) return;
    let alive = true;
    setError(null);
    loadFileBody(uid, type)
      .then((l) => alive && setBody(l))
      .catch((e: unknown) => alive && setError(e instanceof RpcError ? e.text : String(e)));
    return () => {
      alive = false;
    };
  }, [uid, type, enabled]);
  return { body, error };
}

export function sizeText(n: number | null | undefined): string {
  if (n == null) return i18n.t('files:size.unknown');
  // One decimal always, with the locale's decimal mark.
  const tenth = (v: number) => v.toFixed(1).replace('.', numberText(0.5, 1).charAt(1));
  if (n < 1024) return i18n.t('files:size.b', { n });
  if (n < 1024 * 1024) return i18n.t('files:size.kb', { n: tenth(n / 1024) });
  return i18n.t('files:size.mb', { n: tenth(n / 1024 / 1024) });
}

export const isImage = (type: string): boolean => type.toLowerCase().startsWith('image/');
export const isVideo = (type: string): boolean => type.toLowerCase().startsWith('video/');
