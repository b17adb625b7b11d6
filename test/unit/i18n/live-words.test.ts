/**
 * The Live screen's words outside React follow the chosen language at the moment they are
 * read: a table built at load (event kinds, object states) still speaks Russian after a switch,
 * counts take Russian and Lithuanian plural forms, and error codes are said by code while
 * common/ keeps the English reference.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../renderer/src/i18n';
import { linkWords } from '../../../renderer/src/ui/link-words';
import { eventKind } from '../../../renderer/src/events/event-types';
import { outcomeLine, OUTCOME_WATCH_MS } from '../../../renderer/src/commands/unknown-watch';
import { durationText } from '../../../renderer/src/details/duration';
import { stateLabel, statusText } from '../../../renderer/src/ui/state-words';
import { placeText } from '../../../renderer/src/events/place-text';
import { timeoutError } from '../../../renderer/src/rpc/deadline';
import { errorText } from '../../../renderer/src/rpc/error-text';
import { ERROR_TEXT } from '../../../common/errors';
import { ObjectStatusCode } from '../../../common/resources';

const NOW = 1_700_000_000_000;
const online = { state: 'online' as const, lastGood: { status: NOW - 1000 }, lastError: null, pollMs: { status: 5000 } };

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('Live words by language', () => {
  it('the connection headline follows a language change', async () => {
    expect(linkWords(online, NOW - 3000, NOW).headline).toBe('Online');
    await i18n.changeLanguage('ru');
    expect(linkWords(online, NOW - 3000, NOW)).toMatchObject({ headline: 'На связи', age: 'Координаты: 3 с назад' });
    expect(linkWords(null, null, NOW).headline).toBe('Подключение…');
    await i18n.changeLanguage('lt');
    expect(linkWords({ ...online, state: 'offline', lastError: 'refused' }, NOW - 125_000, NOW).text).toBe('Ryšio nėra. Padėtys: prieš 2 min.');
  });

  it('event kinds and object states built at load are read in the language of the moment', async () => {
    const alarm = eventKind(0x8000);
    await i18n.changeLanguage('ru');
    expect(alarm.label).toBe('Тревога');
    expect(eventKind(0x40000).label).toBe('Тип события 0x40000');
    expect(stateLabel('offline')).toBe('Нет связи');
    await i18n.changeLanguage('lt');
    expect(alarm.label).toBe('Aliarmas');
    expect(statusText(ObjectStatusCode.onService)).toBe('Aptarnaujamas');
    expect(statusText(12345)).toBeNull();
  });

  it('counts take the plural form of each language', async () => {
    await i18n.changeLanguage('ru');
    const ru = [1, 3, 5, 21, 112].map((count) => i18n.t('list:list.count', { count }));
    expect(ru).toEqual(['1 объект', '3 объекта', '5 объектов', '21 объект', '112 объектов']);
    await i18n.changeLanguage('lt');
    const lt = [1, 3, 10, 21, 15].map((count) => i18n.t('list:list.count', { count }));
    expect(lt).toEqual(['1 objektas', '3 objektai', '10 objektų', '21 objektas', '15 objektų']);
    expect(i18n.t('events:confirmAll.title', { count: 4, n: '4' })).toBe('Patvirtinti 4 įvykius?');
  });

  it('durations, outcomes and event places use the language’s words and units', async () => {
    await i18n.changeLanguage('ru');
    expect(durationText(3 * 3600 + 12 * 60)).toBe('3\u00a0ч 12\u00a0мин');
    const send = { objectIds: [1], label: 'x', sentAt: NOW, status: 'unknown' as const, outcomes: new Map() };
    expect(outcomeLine(send, 1, NOW + 10_000).text).toBe('результат неизвестен: следим за событиями (ещё 20 с)');
    expect(outcomeLine(send, 1, NOW + OUTCOME_WATCH_MS + 1).text).toMatch(/^нет признаков доставки/);
    // An outcome event without text is said in the language too, not frozen at match time.
    expect(outcomeLine({ ...send, outcomes: new Map([[1, { ok: false, text: '', time: NOW, eventId: 1 }]]) }, 1, NOW).text).toBe('Не доставлена');
    expect(placeText({ state: 'locating', eventId: 1, objectId: 1 } as never, NOW, 'UTC')).toBe('Ищем, где это произошло…');
  });

  it('a timeout is worded in the language; the English stays what the tests of deadlines read', async () => {
    expect(timeoutError('objects/list', 60_000).message).toMatch(/did not answer objects\/list within 1 min/);
    await i18n.changeLanguage('lt');
    expect(timeoutError('commands/send', 30_000)).toEqual({ code: 'unknown_outcome', message: 'Į commands/send neatsakyta per 30 s.' });
  });

  it('every error code has its words in every language, and English matches common/errors.ts', async () => {
    for (const [code, text] of Object.entries(ERROR_TEXT)) expect(i18n.t(`rpc:codes.${code}`)).toBe(text);
    for (const lng of ['ru', 'lt']) {
      await i18n.changeLanguage(lng);
      for (const [code, text] of Object.entries(ERROR_TEXT)) {
        const words = i18n.t(`rpc:codes.${code}`);
        expect(words, `${lng} ${code}`).not.toBe(text);
        expect(words, `${lng} ${code}`).not.toBe(`codes.${code}`);
      }
    }
  });

  it('an error is said by its code; the core repeating the English reference adds nothing, its own words follow', async () => {
    const link = { noSession: 'NO SESSION', linkInvalid: 'LINK INVALID' };
    await i18n.changeLanguage('ru');
    expect(errorText('offline', ERROR_TEXT.offline, link)).toBe('Сервис мониторинга недоступен.');
    expect(errorText('server_error', 'HTTP 502 from GET /api/Objects', link)).toBe('Сервис мониторинга ответил с ошибкой. (HTTP 502 from GET /api/Objects)');
    expect(errorText('offline', 'LINK INVALID', link)).toBe('Ссылка этой вкладки больше не действует: откройте новую ссылку консоли.');
    await i18n.changeLanguage('en');
    expect(errorText('forbidden', '', link)).toBe(ERROR_TEXT.forbidden);
  });
});
