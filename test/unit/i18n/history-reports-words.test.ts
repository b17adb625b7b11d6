/**
 * History's and Reports' words built outside React follow the language shown when they
 * are asked for: units, a violation's reading, a stop's name, report headers and the core's
 * English total rows. English stays as the e2e suite reads it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../renderer/src/i18n';
import { fmtDuration, fmtEnd, fmtKm } from '../../../renderer/src/history/time-format';
import { readViolations, violationDetail, violationLabel } from '../../../renderer/src/history/model/violations';
import { cutShortNote, recordsShape } from '../../../renderer/src/history/records/record-shapes';
import { coreText, headerText, withCoreName } from '../../../renderer/src/reports/format';
import type { ReportColumn } from '../../../common/methods/reports';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const mileage: ReportColumn = { id: 'mileage', label: 'Mileage', type: 'number', unit: 'km', sums: true };
const inside: ReportColumn = { id: 'duration', label: 'Time inside', type: 'duration', sums: true };
const speeding = readViolations([{ from: 0, till: 10, violations: { SpeedViolations: [{ Time: 5, Lat: 1, Lng: 2, Speed: 112, MaxSpeed: 90 }] } as never }], null, 0, 10).list[0]!;

describe('words said when drawn', () => {
  it('English, as the screens read today', () => {
    expect(fmtDuration(2 * 3_600_000 + 5 * 60_000)).toBe('2 h 05 min');
    expect(fmtKm(12_345)).toBe('12.3 km');
    expect(violationLabel('speed')).toBe('Speeding');
    expect(violationDetail(speeding)).toBe('112 km/h, limit 90');
    expect(headerText(mileage)).toBe('Mileage, km');
    expect(headerText(inside)).toBe('Time inside, h:mm');
    expect(coreText('Total (3 objects)')).toBe('Total (3 objects)');
  });

  it('Russian: units, readings, headers and plurals change with the language, data does not', async () => {
    await i18n.changeLanguage('ru');
    expect(fmtDuration(2 * 3_600_000 + 5 * 60_000)).toBe('2 ч 05 мин');
    expect(fmtEnd(Date.UTC(2026, 0, 1, 20), Date.UTC(2026, 0, 2, 1), 'UTC')).toBe('01:00 +1 сут');
    expect(fmtKm(500)).toMatch(/^0[.,]5 км$/);
    expect(violationLabel('braking')).toBe('Резкое торможение');
    expect(violationDetail(speeding)).toMatch(/^112 .+, ограничение 90$/);
    expect(headerText(mileage)).toBe('Пробег, км');
    expect(headerText(inside)).toBe('Время внутри, ч:мм');
    // A template's column is the service's own: never renamed.
    expect(headerText({ id: 'mileage', label: 'Probeg (svc)', type: 'text' }, true)).toBe('Probeg (svc)');
    expect(coreText('Total (3 objects)')).toBe('Итого (3 объекта)');
    expect(coreText('Total (5 objects)')).toBe('Итого (5 объектов)');
    expect(withCoreName(['Truck 7 (1 visits)', 3], true)).toEqual(['Truck 7 (1 посещение)', 3]);
    expect(coreText('Offline: this is the last copy; it cannot be refreshed until the service answers.')).toMatch(/^Нет связи/);
    expect(coreText('Something the core said')).toBe('Something the core said');
    const s = recordsShape('sessions', [{ DriverName: 'Jonas Garcia', From: 0, Till: 60_000 }]);
    expect(s.columns.map((c) => c.header)).toEqual(['Водитель', 'Начало', 'Конец', 'Длительность']);
    expect(s.columns[0]!.cell(s.rows[0]!, 'UTC')).toBe('Jonas Garcia');
    expect(cutShortNote(0, 'UTC', 3, 2)).toMatch(/^Показано 3 пакета за первые 2 дня интервала/);
  });

  it('Lithuanian: the plural forms of its grammar', async () => {
    await i18n.changeLanguage('lt');
    expect(i18n.t('history:sensors.refuels', { count: 1 })).toBe('1 įpylimas');
    expect(i18n.t('history:sensors.refuels', { count: 3 })).toBe('3 įpylimai');
    expect(i18n.t('history:sensors.refuels', { count: 12 })).toBe('12 įpylimų');
    expect(coreText('Total (21 objects)')).toBe('Iš viso (21 objektas)');
    expect(headerText({ id: 'engineHours', label: 'Engine hours', type: 'number', unit: 'h' })).toBe('Variklio valandos, val.');
  });
});
