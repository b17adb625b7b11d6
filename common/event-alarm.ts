/**
 * Which events are alarms: Event.Type bits the service family we target (and the simulator)
 * uses for an alarm and a failed command. The core counts them per connection for the top
 * bar; the renderer's event kinds (renderer/src/events/event-types.ts) mark the same bits.
 */
export const ALARM_TYPE_MASK = 0x8000 | 0x200;

export function isAlarmType(type: number): boolean {
  return (type & ALARM_TYPE_MASK) !== 0;
}
