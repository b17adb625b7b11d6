/**
 * Commands to devices: never queued, never retried. A command replayed later could open a
 * door or cut an engine at a moment nobody chose, so offline it is refused, and when the
 * connection drops after sending, the console says it does not know and points at the events.
 */
import { FleetError, isFleetError } from '../../../common/errors';
import { commandKind, needsConfirmation } from '../../../common/command-kind';
import { type CommandSent, type CommandTemplate, type CommandTemplates } from '../../../common/methods/commands';
import type { CommandRequest } from '../../../common/resources';
import type { Cache } from '../cache';
import type { ConnectivityTracker } from '../sync/connectivity';

/** A list younger than this is served without asking the service again. */
const TEMPLATES_FRESH_MS = 5 * 60_000;

export interface CommandsApi {
  listTemplates(): Promise<Record<string, unknown>[]>;
  run(req: CommandRequest, timeoutMs: number): Promise<void>;
}

/** `destructive`: what the template does is confirmed before sending (common/command-kind.ts). */
export function markDestructive(t: Record<string, unknown>): CommandTemplate {
  const text = (x: unknown) => (typeof x === 'string' ? x : undefined);
  return { ...t, Id: Number(t.Id), destructive: needsConfirmation(commandKind(text(t.Name), text(t.Command))) };
}

export class CommandsService {
  constructor(
    private readonly api: CommandsApi,
    private readonly cache: Cache,
    private readonly connectivity: ConnectivityTracker,
    private readonly timeoutMs: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  private cached(): CommandTemplates {
    const list = this.cache.reference.list<Record<string, unknown>>('commandTemplates');
    return { templates: list.map(markDestructive), fetchedAt: this.cache.reference.fetchedAt('commandTemplates') };
  }

  async templates(refresh: boolean): Promise<CommandTemplates> {
    const cached = this.cached();
    if (!refresh && cached.fetchedAt !== null && this.now() - cached.fetchedAt < TEMPLATES_FRESH_MS) return cached;
    try {
      const list = await this.api.listTemplates();
      this.cache.reference.replaceAll('commandTemplates', list.filter((t) => typeof t.Id === 'number'), this.now());
      return this.cached();
    } catch (e) {
      // Offline the user still sees what can be sent once the service is back.
      if (cached.fetchedAt !== null && isFleetError(e) && e.code !== 'forbidden') return cached;
      throw e;
    }
  }

  /** The objects as the operator knows them: by name (from the cache), up to three, else a count. */
  private whom(ids: readonly number[]): string {
    if (ids.length > 3) return `the ${ids.length} objects`;
    const named = new Map(this.cache.objects.summariesOf(ids).map((o) => [o.Id, o.Name]));
    const names = ids.map((id) => (named.get(id) ? `“${named.get(id)}”` : `object ${id}`));
    return names.length <= 1 ? (names[0] ?? 'no object') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  }

  async send(a: { objectIds: number[]; templateId?: number | undefined; command?: string | undefined }): Promise<CommandSent> {
    const where = this.whom(a.objectIds);
    if (this.connectivity.knownOffline()) {
      throw new FleetError('offline', `Commands are not sent while offline. Nothing was sent to ${where}; send it again when the service answers.`);
    }
    const req: CommandRequest = {
      ObjectIds: a.objectIds,
      ...(a.templateId !== undefined ? { TemplateId: a.templateId } : { Command: a.command! }),
    };
    try {
      await this.api.run(req, this.timeoutMs());
    } catch (e) {
      if (!isFleetError(e)) throw e;
      if (e.code === 'offline') {
        throw new FleetError('offline', `Commands are not sent while offline (${e.message}). Nothing was sent to ${where}; send it again when the service answers.`, { cause: e });
      }
      if (e.code === 'unknown_outcome') {
        throw new FleetError(
          'unknown_outcome',
          `The connection dropped after the command was sent to ${where}; it may or may not have been accepted. Check the events of ${where} before sending it again.`,
          { cause: e },
        );
      }
      throw e;
    }
    return { accepted: true, objectIds: a.objectIds, sentAt: this.now() };
  }
}
