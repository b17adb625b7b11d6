import { z } from 'zod';
import { empty, json, type Route } from '../http/route';
import { EventOut, feed } from './event-list';

export const eventRoutes: Route[] = [
  {
    method: 'GET', path: '/api/Events/feed', tag: 'Events',
    summary: 'Unacknowledged events, without events of groups the user muted (from 6 h before the service started; newest 10,000)',
    response: z.array(EventOut),
    handler: ({ sim, user }) => json(feed(sim, user, true)),
  },
  {
    method: 'GET', path: '/api/Events', tag: 'Events', summary: 'Unacknowledged events without the muting filter',
    response: z.array(EventOut),
    handler: ({ sim, user }) => json(feed(sim, user, false)),
  },
  {
    method: 'POST', path: '/api/Events/ack', tag: 'Events', write: true,
    summary: 'Acknowledge events by Id; unknown or already acknowledged ids are ignored',
    body: z.array(z.number().int()), response: 'empty', errors: [400],
    handler({ sim, body }) {
      for (const id of body as number[]) sim.store.acked.add(id);
      return empty();
    },
  },
];
