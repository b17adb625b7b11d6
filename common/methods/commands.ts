import { z } from 'zod';
import { method } from '../define';

/** A command template as the service sends it (unknown fields kept), plus our own flag. */
export interface CommandTemplate {
  Id: number;
  Name?: string;
  Command?: string;
  [key: string]: unknown;
  /** What it does asks for a confirmation (common/command-kind.ts): confirm first. */
  destructive: boolean;
}

export interface CommandTemplates {
  templates: CommandTemplate[];
  /** When the list was last fetched (Unix ms), null if never; older lists are shown offline. */
  fetchedAt: number | null;
}

export interface CommandSent {
  /** The service accepted and queued the command; its outcome appears later in the objects' events. */
  accepted: true;
  objectIds: number[];
  sentAt: number;
}

export const commandsMethods = {
  'commands/templates': method<CommandTemplates>()(z.object({ refresh: z.boolean().default(false) })),
  /**
   * Never queued, never retried. Errors: 'offline' (nothing was sent), 'unknown_outcome'
   * (sent, no confirmation: check the objects' events before sending again).
   */
  'commands/send': method<CommandSent>()(
    z
      .object({
        objectIds: z.array(z.number().int()).min(1, 'choose at least one object').max(10_000),
        templateId: z.number().int().optional(),
        command: z.string().trim().min(1).max(4_000).optional(),
      })
      .refine((a) => (a.templateId === undefined) !== (a.command === undefined), {
        message: 'give either templateId or command, not both',
      }),
    { write: true },
  ),
};

export const commandsPushes = {};
