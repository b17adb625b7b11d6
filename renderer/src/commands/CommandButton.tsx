import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commandTargets, useMarked } from '../stores/marked';
import { CommandDialog } from './CommandDialog';

/** Opens the command dialog for the marked objects, else the selected one. */
export function CommandButton({ selected, label }: { selected: number | null; label?: string }) {
  const { t } = useTranslation('commands');
  const marked = useMarked();
  const [open, setOpen] = useState<number[] | null>(null);
  const targets = commandTargets(selected, marked);
  return (
    <>
      <button type="button" className="command-button" disabled={targets.length === 0} onClick={() => setOpen(targets)}>
        {label ?? (targets.length > 1 ? t('button.sendTo', { count: targets.length }) : t('button.send'))}
      </button>
      {open && <CommandDialog objectIds={open} onClose={() => setOpen(null)} />}
    </>
  );
}
