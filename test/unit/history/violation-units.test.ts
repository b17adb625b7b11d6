/** A speeding violation reads in the operator's unit, its limit too (Settings: miles). */
import { afterEach, expect, it } from 'vitest';
import '../../../renderer/src/i18n';
import { violationDetail } from '../../../renderer/src/history/model/violations';
import { DEFAULT_PREFERENCES, preferences } from '../../../renderer/src/stores/preferences';

afterEach(() => preferences.apply({ ...DEFAULT_PREFERENCES }));

it('says speed and limit in km/h, or both in mph', () => {
  expect(violationDetail({ speed: 112, limit: 90 })).toBe('112 km/h, limit 90');
  preferences.apply({ ...DEFAULT_PREFERENCES, distanceUnit: 'mi' });
  expect(violationDetail({ speed: 112.654, limit: 88.514 })).toBe('70 mph, limit 55');
});
