/**
 * The simulator's day plans are cached within a bound of three days per object, the days a
 * status walks for every object. When one object's day rolls over, the walk after that must
 * still find every other plan: a cache that let the new day push out a plan the walk needed
 * rebuilt them all, one eviction after another.
 */
import { describe, expect, it } from 'vitest';
import { PlanCache, type DayPlan } from '../../../simulator/motion/plan';
import { generateWorld } from '../../../simulator/world/generate';

const OBJECTS = 20;
const DAY = 20_000;

describe('the day plan cache', () => {
  it('after one object’s day rolls over, the next walk rebuilds one plan, not all of them', () => {
    const world = generateWorld({ seed: 3, objects: OBJECTS, dense: 1, startTime: Date.UTC(2026, 10, 25) });
    const ids = [...world.objects.keys()].slice(0, OBJECTS);
    const cache = new PlanCache(world, ids.length * 3);
    const rolled = ids[10]!;
    const daysOf = (id: number, roll: boolean) => (roll && id === rolled ? [DAY, DAY + 1, DAY + 2] : [DAY - 1, DAY, DAY + 1]);
    const walk = (roll: boolean) => new Map(ids.flatMap((id) => daysOf(id, roll).map((d): [string, DayPlan] => [`${id}:${d}`, cache.get(id, d)])));

    const first = walk(false);
    const second = walk(true);
    const third = walk(true);
    const rebuilt = [...third].filter(([key, plan]) => (second.get(key) ?? first.get(key)) !== plan).map(([key]) => key);
    expect(first.size).toBe(ids.length * 3);
    expect(rebuilt).toEqual([]);
    // The walk that rolled over built the one new day and kept every other plan.
    expect([...second].filter(([key, plan]) => first.get(key) !== plan).map(([key]) => key)).toEqual([`${rolled}:${DAY + 2}`]);
  });
});
