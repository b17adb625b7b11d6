/**
 * A collection as the screen shows it: its list's columns and its form's fields. The schema
 * (validation) and the operations the service offers come from `common/catalogue.ts`; the
 * engine (list, form, create / edit / delete) reads only this.
 *
 * Every word here (labels, help, notes) is a key of the `admin` namespace, translated when it is
 * drawn; the collection's own phrases ("New driver", "Delete driver?") are keys named by its id
 * (`collectionKey`), since Russian and Lithuanian decline the noun differently in each.
 */
import type { CollectionId } from '../../../../common/catalogue';
import type { CatalogueRecord } from '../../../../common/methods/catalogue';
import { i18n } from '../../i18n';

/** 'imei': checked live with the service; 'model': picked from the service's device models. */
export type FieldKind = 'text' | 'number' | 'color' | 'checkbox' | 'ids' | 'password' | 'textarea' | 'ref' | 'refs' | 'bits' | 'imei' | 'model';

export interface FieldDesc {
  name: string;
  /** A key of the admin namespace. */
  label: string;
  kind: FieldKind;
  /** For 'ref' (one, 0 = none) and 'refs' (several, as checkboxes): the collection whose records are offered. */
  of?: CollectionId;
  /** For 'bits': the named bits of a bitmask, one checkbox each. */
  bits?: readonly { bit: number; label: string }[];
  /** A key of the admin namespace. */
  help?: string;
}

export interface ColumnDesc {
  field: string;
  /** A key of the admin namespace. */
  label: string;
  /** A CSS grid track. */
  width?: string;
  /** The value is an Id of this collection: the list shows its name. */
  of?: CollectionId;
  /** What an empty list of ids reads as (an event setting's objects: every object): a key. */
  empty?: string;
  /** How the value reads in the list (default: as text), in the console's language at the call. */
  show?: (value: unknown, record: CatalogueRecord) => string;
}

export interface CollectionDesc {
  id: CollectionId;
  columns: ColumnDesc[];
  fields: FieldDesc[];
  /** A new record's starting values. */
  blank: Record<string, unknown>;
  /** What the service does not offer, said instead of a disabled button: a key. */
  note?: string;
  /** A rule's form read back as a sentence (`RuleSentence.tsx`), naming records of `mentions`. */
  rule?: {
    mentions: readonly CollectionId[];
    sentence: (values: Record<string, unknown>, name: (c: CollectionId, id: number) => string) => string;
  };
}

/** A collection's own phrases, each a key under admin:catalogue.collections.<id>. */
export type CollectionPhrase = 'title' | 'new' | 'create' | 'record' | 'deleteTitle' | 'deleteAsk';

export function collectionKey(id: CollectionId, phrase: CollectionPhrase): string {
  return `catalogue.collections.${id}.${phrase}`;
}

/** A yes/no field in a list, in the console's language at the call. */
export function yesNo(v: unknown): string {
  return v === true ? i18n.t('admin:catalogue.yes') : v === false ? i18n.t('admin:catalogue.no') : '';
}

/** A record's name as lists and dialogs say it. */
export function nameOf(r: Record<string, unknown>): string {
  const n = r.Name ?? r.Login ?? r.UId;
  return typeof n === 'string' && n !== '' ? n : `#${String(r.Id)}`;
}
