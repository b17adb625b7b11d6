/** The import's choices in words, and what may go on from each step (pure, unit-tested). */
import { MATCH_FIELDS, type ImportField, type JobKind, type MatchProblem, type MatchProblemKind } from '../../../../common/methods/jobs';
import { i18n } from '../../i18n';

/** Keys under admin:import.field, by the field's id. */
const FIELD_KEY: Record<ImportField, string> = {
  ignore: 'ignore',
  id: 'id',
  imei: 'imei',
  plate: 'plate',
  name: 'name',
  odometer: 'odometer',
  'engine-hours': 'engineHours',
  company: 'company',
  icon: 'icon',
  'paid-till': 'paidTill',
};

/** What a column mapped to this field is called, in the console's language now. */
export function fieldLabel(f: ImportField): string {
  return i18n.t(`admin:import.field.${FIELD_KEY[f]}`);
}

/** The job a mapped value column makes. */
const KIND_OF: Partial<Record<ImportField, JobKind>> = {
  odometer: 'odometer',
  'engine-hours': 'engine-hours',
  company: 'owner',
  icon: 'icon',
  'paid-till': 'paid-till',
};

/** The jobs this mapping could run, in column order: one per value column. */
export function kindsFor(mapping: readonly ImportField[]): JobKind[] {
  const out: JobKind[] = [];
  for (const f of mapping) {
    const k = KIND_OF[f];
    if (k && !out.includes(k)) out.push(k);
  }
  return out;
}

/** What stops the mapping going on, in words; null when it can. */
export function mappingProblem(mapping: readonly ImportField[]): string | null {
  if (!mapping.some((f) => (MATCH_FIELDS as readonly string[]).includes(f))) return i18n.t('admin:import.mapping.noMatchColumn');
  if (kindsFor(mapping).length === 0) return i18n.t('admin:import.mapping.noValueColumn');
  const dup = mapping.find((f, i) => f !== 'ignore' && mapping.indexOf(f) !== i);
  if (dup) return i18n.t('admin:import.mapping.twice', { field: fieldLabel(dup) });
  return null;
}

/** A matching problem's kind in a word or two, in the console's language now. */
export function problemLabel(kind: MatchProblemKind): string {
  return i18n.t(`admin:import.problem.${kind}`);
}

/** A decrease or a jump may be right (a replaced dashboard): the user may keep it. The rest can only be left out. */
export function canKeep(p: MatchProblem): boolean {
  return p.kind === 'decrease' || p.kind === 'jump';
}

export type Decision = 'exclude' | 'keep';

export function undecided(problems: readonly MatchProblem[], decisions: ReadonlyMap<number, Decision>): number {
  return problems.filter((p) => !decisions.has(p.row)).length;
}

export function rowsWith(decisions: ReadonlyMap<number, Decision>, d: Decision): number[] {
  return [...decisions].filter(([, v]) => v === d).map(([row]) => row);
}
