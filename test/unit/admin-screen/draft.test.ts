import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACTIONS, deletePhrase, parseCounter } from '../../../renderer/src/admin/actions';
import { EMPTY_DRAFT, itemsOf } from '../../../renderer/src/admin/draft';
import { chooseLanguage } from '../../../renderer/src/i18n';

const action = (kind: string) => ACTIONS.find((a) => a.kind === kind)!;
const name = (id: number) => `Bus ${id}`;

describe('the action dialog’s values', () => {
  beforeEach(() => chooseLanguage('en'));
  afterEach(() => chooseLanguage('en'));

  it('reads a counter with a decimal comma or spaces, and refuses what is not one', () => {
    expect(parseCounter('12 345,5')).toBe(12345.5);
    expect(parseCounter('0')).toBe(0);
    expect(parseCounter('-5')).toBeNull();
    expect(parseCounter('12km')).toBeNull();
    expect(parseCounter('')).toBeNull();
  });

  it('one odometer value goes to every object', () => {
    expect(itemsOf(action('odometer'), { ...EMPTY_DRAFT, one: '1500' }, [1, 2], name)).toEqual({ items: [{ objectId: 1, value: 1500 }, { objectId: 2, value: 1500 }] });
    expect(itemsOf(action('odometer'), { ...EMPTY_DRAFT, one: 'abc' }, [1], name)).toEqual({ error: 'Type the kilometres as a number, 0 or more.' });
  });

  it('per-object values skip empty ones and name the object whose value is wrong', () => {
    const draft = { ...EMPTY_DRAFT, mode: 'each' as const, each: { 1: '10', 3: '7,5' } };
    expect(itemsOf(action('engine-hours'), draft, [1, 2, 3], name)).toEqual({ items: [{ objectId: 1, value: 10 }, { objectId: 3, value: 7.5 }] });
    const bad = itemsOf(action('engine-hours'), { ...draft, each: { 2: 'x' } }, [1, 2], name);
    expect(bad).toEqual({ error: 'Bus 2: “x” is not a number of hours.' });
    expect('error' in itemsOf(action('engine-hours'), { ...draft, each: {} }, [1], name)).toBe(true);
  });

  it('a company, icon or group must be chosen; a date must be one; delete takes no value', () => {
    expect(itemsOf(action('owner'), EMPTY_DRAFT, [1], name)).toEqual({ error: 'Choose a company.' });
    expect(itemsOf(action('icon'), { ...EMPTY_DRAFT, choice: 4 }, [1], name)).toEqual({ items: [{ objectId: 1, value: 4 }] });
    const wrongDate = { error: 'Write the date as year-month-day, e.g. 2026-12-31.' };
    expect(itemsOf(action('paid-till'), EMPTY_DRAFT, [1], name)).toEqual(wrongDate);
    // A typed day must exist and be in year-month-day order.
    for (const date of ['2027-02-30', '01/31/2027', '2027-1-31']) expect(itemsOf(action('paid-till'), { ...EMPTY_DRAFT, date }, [1], name)).toEqual(wrongDate);
    expect(itemsOf(action('paid-till'), { ...EMPTY_DRAFT, date: '2027-01-31' }, [1], name)).toEqual({ items: [{ objectId: 1, value: '2027-01-31' }] });
    expect(itemsOf(action('delete'), EMPTY_DRAFT, [5, 6], name)).toEqual({ items: [{ objectId: 5 }, { objectId: 6 }] });
  });

  it('the delete confirmation carries the count', () => {
    expect(deletePhrase(12)).toBe('delete 12');
  });

  it('says what is wrong, and asks for the phrase, in the console’s language', async () => {
    await chooseLanguage('ru');
    expect(itemsOf(action('odometer'), { ...EMPTY_DRAFT, one: 'abc' }, [1], name)).toEqual({ error: 'Введите километры числом, не меньше 0.' });
    expect(deletePhrase(3)).toBe('удалить 3');
    await chooseLanguage('lt');
    expect(itemsOf(action('owner'), EMPTY_DRAFT, [1], name)).toEqual({ error: 'Pasirinkite įmonę.' });
  });
});
