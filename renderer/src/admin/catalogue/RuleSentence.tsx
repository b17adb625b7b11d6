/**
 * A collection whose records are rules (event settings) reads its form back as a sentence,
 * live as the fields change: what the service will do, with the objects and group by name.
 */
import { useWatch, type Control } from 'react-hook-form';
import type { CollectionDesc } from './descriptor';
import { useNames } from './use-names';

export function RuleSentence({ desc, control }: { desc: CollectionDesc; control: Control<Record<string, unknown>> }) {
  const values = useWatch({ control }) as Record<string, unknown>;
  const names = useNames(desc.rule?.mentions ?? []);
  if (!desc.rule) return null;
  return (
    <p className="cat-rule" role="status" aria-label="The rule in words">
      {desc.rule.sentence(values, (c, id) => names.get(c)?.get(id) ?? `#${id}`)}
    </p>
  );
}
