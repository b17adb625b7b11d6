/**
 * Commands to devices and command templates.
 *
 * POST /api/Commands/run is NEVER retried: a timeout or a dropped connection after the
 * request was sent is FleetError('unknown_outcome') pointing the user at the object's events.
 */
import { FleetError } from '../../../common/errors';
import { CommandRequestSchema, type CommandRequest } from '../../../common/resources';
import type { Http } from './http';
import { call, crud, extra, ignoreBody, type Extra } from './shared';

export async function runCommand(http: Http, req: CommandRequest, e?: Extra): Promise<void> {
  const r = CommandRequestSchema.safeParse(req);
  const hasTemplate = req.TemplateId !== undefined;
  const hasCommand = typeof req.Command === 'string' && req.Command.trim() !== '';
  if (!r.success || hasTemplate === hasCommand) {
    throw new FleetError(
      'invalid_input',
      'POST /api/Commands/run: give one or more ObjectIds and either TemplateId or Command (not both)',
    );
  }
  const body: CommandRequest = { ObjectIds: r.data.ObjectIds, ...(hasTemplate ? { TemplateId: r.data.TemplateId } : { Command: r.data.Command }) };
  return call(http, 'POST', '/api/Commands/run', ignoreBody, { body, idempotent: false, ...extra(e) });
}

export function commandsApi(http: Http) {
  return { run: (req: CommandRequest, e?: Extra) => runCommand(http, req, e) };
}

/** GET, POST, PUT, DELETE /{id} (no GET /{id} in the spec). */
export function commandTemplatesApi(http: Http) {
  const c = crud(http, '/api/CommandTemplates');
  return { list: c.list, create: c.create, update: c.update, remove: c.remove };
}
