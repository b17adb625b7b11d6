import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { etaText, jobEndText, percent, rateText, stateText } from '../../../renderer/src/admin/jobs/progress-text';
import { chooseLanguage } from '../../../renderer/src/i18n';

describe('a job’s progress in words', () => {
  beforeEach(() => chooseLanguage('en'));
  afterEach(() => chooseLanguage('en'));

  it('counts failed and skipped items as settled', () => {
    expect(percent({ total: 200, done: 50, failed: 25, skipped: 25 })).toBe(50);
    expect(percent({ total: 3, done: 1, failed: 0, skipped: 0 })).toBe(33);
    expect(percent({ total: 0, done: 0, failed: 0, skipped: 0 })).toBe(100);
  });

  it('says the time left and the rate plainly', () => {
    expect(etaText(null)).toBe('—');
    expect(etaText(0.2)).toBe('1 s');
    expect(etaText(125)).toBe('2 min 5 s');
    expect(etaText(7260)).toBe('2 h 1 min');
    expect(rateText(3.25)).toBe('3.3/s');
    expect(rateText(41.6)).toBe('42/s');
  });

  it('says how a job ended', () => {
    expect(jobEndText({ state: 'done', done: 10, failed: 0, skipped: 0, total: 10 })).toBe('finished: 10 of 10 done');
    expect(jobEndText({ state: 'failed', done: 8, failed: 2, skipped: 0, total: 10 })).toBe('stopped: 8 of 10 done, 2 failed');
    expect(jobEndText({ state: 'cancelled', done: 3, failed: 0, skipped: 7, total: 10 })).toBe('was cancelled: 3 of 10 done, 7 skipped');
  });

  it('speaks the console’s language: units, states and the end of a job in Russian and Lithuanian', async () => {
    await chooseLanguage('ru');
    expect(etaText(125)).toBe('2 мин 5 с');
    expect(stateText('failed')).toBe('Завершено с ошибками');
    expect(jobEndText({ state: 'failed', done: 8, failed: 2, skipped: 0, total: 10 })).toBe('остановлено: выполнено 8 из 10, ошибок: 2');
    await chooseLanguage('lt');
    expect(etaText(7260)).toBe('2 val. 1 min');
    expect(stateText('done')).toBe('Baigta');
  });
});
