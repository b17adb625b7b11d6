/** The import's choices in words, and what may go on from each step (pure, unit-tested). */
import { MATCH_FIELDS, type ImportField, type JobKind, type MatchProblem, type MatchProblemKind } from '../../../../common/methods/jobs';

export const FIELD_LABEL: Record<ImportField, string> = {
  ignore: 'Ignore this column',
  id: 'Object Id (match)',
  imei: 'IMEI (match)',
  plate: 'Plate (match)',
  name: 'Name (match)',
  odometer: 'Odometer, km (set)',
  'engine-hours': 'Engine hours (set)',
  company: 'Company (set owner)',
  icon: 'Icon (set)',
  'paid-till': 'Paid till (set)',
};

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
  if (!mapping.some((f) => (MATCH_FIELDS as readonly string[]).includes(f))) return 'Map a column to Id, IMEI, plate or name: it says which object a row is.';
  if (kindsFor(mapping).length === 0) return 'Map a column to a value to set: odometer, engine hours, company, icon or paid-till.';
  const dup = mapping.find((f, i) => f !== 'ignore' && mapping.indexOf(f) !== i);
  if (dup) return `Two columns are mapped to ${FIELD_LABEL[dup]}: keep one.`;
  return null;
}

export const PROBLEM_LABEL: Record<MatchProblemKind, string> = {
  unmatched: 'No object',
  ambiguous: 'Several objects',
  unparseable: 'Bad value',
  decrease: 'Goes down',
  jump: 'Implausible jump',
  duplicate: 'Same object twice',
};

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
