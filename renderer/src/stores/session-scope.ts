/**
 * Stores that hold one session's data. When the signed-in profile changes (sign out, another
 * server, the demo), they are emptied before the new session's screens mount, so an operator
 * never sees the previous fleet, its events or its commands under the new server's name.
 */
import { sentCommands } from '../commands/sent-store';
import { eventsStore } from '../events/events-store';
import { fleetStore } from './fleet-store';
import { selection } from './selection';

export function resetSessionStores(): void {
  fleetStore.reset();
  eventsStore.reset();
  selection.clear();
  sentCommands.clear();
}
