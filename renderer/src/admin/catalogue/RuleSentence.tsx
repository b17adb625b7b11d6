/**
 * A collection whose records are rules (event settings) reads its form back as a sentence,
 * live as the fields change: what the service will do, with the objects and group by name.
 */
import { useTranslation } from 'react-i18next';
import { useWatch, type Control } from 'react-hook-form';
import type { CollectionDesc } from './descriptor';
import { useNames } from './use-names';

export function RuleSentence({ desc, control }: { desc: CollectionDesc; control: Control<Record<string, unknown>> }) {
  // The sentence is made with i18n.t; the hook redraws it when the language changes.
  const { t } = useTranslation('admin');
  const values = useWatch({ control }) as Record<string, unknown>;
  const names = useNames(desc.rule?.mentions ?? []);
  if (!desc.rule) return null;
  return (
    <p className="cat-rule" role="status" aria-label={t('catalogue.ruleInWords')}>
      {desc.rule.sentence(values, (c, id) => names.get(c)?.get(id) ?? `#${id}`)}
    </p>
  );
}
