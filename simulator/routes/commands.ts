import { z } from 'zod';
import { badRequest, notFound } from '../http/errors';
import { empty, type Route } from '../http/route';
import { EventBit } from '../world/generate';
import { onlineAt } from './status';

const CommandIn = z.object({
  ObjectIds: z.array(z.number().int()).min(1),
  TemplateId: z.number().int().optional(),
  Command: z.string().min(1).optional(),
});

export const commandRoutes: Route[] = [
  {
    method: 'POST', path: '/api/Commands/run', tag: 'Commands', write: true,
    summary: 'Queue a command (TemplateId or Command, exactly one) for objects; the outcome arrives later as an event of each object',
    body: CommandIn, response: 'empty', errors: [400, 404],
    handler({ sim, user, body }) {
      const b = body as z.infer<typeof CommandIn>;
      if ((b.TemplateId === undefined) === (b.Command === undefined)) throw badRequest('Give exactly one of TemplateId and Command');
      let name = b.Command ?? '';
      let label = '';
      let destructive = false;
      if (b.TemplateId !== undefined) {
        const t = sim.store.get('CommandTemplates', user, b.TemplateId);
        if (!t) throw notFound(`Command template ${b.TemplateId} not found`);
        name = String(t.Command);
        label = ` (${String(t.Name)})`;
        destructive = Boolean(t.Destructive);
      }
      const objs = b.ObjectIds.map((id) => sim.object(user, id));
      const now = sim.now();
      objs.forEach((o, i) => {
        const online = onlineAt(o, sim.tracker.lastFixTime(o.Id, now), now);
        const time = now + sim.opts.commandDelayMs + i;
        if (online) {
          sim.store.addEvent({
            ObjectId: o.Id, Time: time, Type: EventBit.CommandDelivered, Status: destructive ? 1 : 0, ResetTime: 0, NotificationId: 0,
            Text: `Command "${name}"${label} executed: ${destructive ? 'stored records wiped' : 'OK'}`,
          });
        } else {
          sim.store.addEvent({
            ObjectId: o.Id, Time: time, Type: EventBit.CommandFailed | EventBit.Alarm, Status: 2, ResetTime: 0, NotificationId: 0,
            Text: `Command "${name}"${label} not delivered: device offline`,
          });
        }
      });
      return empty();
    },
  },
];
