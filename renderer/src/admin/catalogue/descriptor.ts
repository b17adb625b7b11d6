/**
 * A collection as the screen shows it: its list's columns and its form's fields. The schema
 * (validation) and the operations the service offers come from `common/catalogue.ts`; the
 * engine (list, form, create / edit / delete) reads only this.
 */
import type { CollectionId } from '../../../../common/catalogue';
import type { CatalogueRecord } from '../../../../common/methods/catalogue';

/** 'imei': checked live with the service; 'model': picked from the service's device models. */
export type FieldKind = 'text' | 'number' | 'color' | 'checkbox' | 'ids' | 'password' | 'textarea' | 'ref' | 'refs' | 'bits' | 'imei' | 'model';

export interface FieldDesc {
  name: string;
  label: string;
  kind: FieldKind;
  /** For 'ref' (one, 0 = none) and 'refs' (several, as checkboxes): the collection whose records are offered. */
  of?: CollectionId;
  /** For 'bits': the named bits of a bitmask, one checkbox each. */
  bits?: readonly { bit: number; label: string }[];
  help?: string;
}

export interface ColumnDesc {
  field: string;
  label: string;
  /** A CSS grid track. */
  width?: string;
  /** The value is an Id of this collection: the list shows its name. */
  of?: CollectionId;
  /** What an empty list of ids reads as (an event setting's objects: every object). */
  empty?: string;
  /** How the value reads in the list (default: as text). */
  show?: (value: unknown, record: CatalogueRecord) => string;
}

export interface CollectionDesc {
  id: CollectionId;
  /** The section's name ("Driver keys"). */
  title: string;
  /** One record ("driver key"). */
  one: string;
  columns: ColumnDesc[];
  fields: FieldDesc[];
  /** A new record's starting values. */
  blank: Record<string, unknown>;
  /** What the service does not offer, said instead of a disabled button. */
  note?: string;
  /** A rule's form read back as a sentence (`RuleSentence.tsx`), naming records of `mentions`. */
  rule?: {
    mentions: readonly CollectionId[];
    sentence: (values: Record<string, unknown>, name: (c: CollectionId, id: number) => string) => string;
  };
}

/** A record's name as lists and dialogs say it. */
export function nameOf(r: Record<string, unknown>): string {
  const n = r.Name ?? r.Login ?? r.UId;
  return typeof n === 'string' && n !== '' ? n : `#${String(r.Id)}`;
}
