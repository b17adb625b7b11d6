import { useEffect, useState } from 'react';
import type { CommandTemplates } from '../../../common/methods/commands';
import { RpcError, rpc } from '../rpc/client';

/** The template list, loaded when a dialog opens (the core serves its cached copy offline). */
export function useTemplates(): { list: CommandTemplates | null; error: string | null } {
  const [list, setList] = useState<CommandTemplates | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    rpc('commands/templates', {})
      .then((l) => alive && setList(l))
      .catch((e: unknown) => alive && setError(e instanceof RpcError ? e.text : String(e)));
    return () => {
      alive = false;
    };
  }, []);
  return { list, error };
}
