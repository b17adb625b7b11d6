import { HttpError, badRequest } from '../http/errors';
import { json, type Route } from '../http/route';
import { TokenIn, TokenOut } from '../schemas/core';

function field(body: Record<string, unknown>, ...names: string[]): unknown {
  for (const [k, v] of Object.entries(body)) if (names.includes(k.toLowerCase())) return v;
  return undefined;
}

export const tokenRoutes: Route[] = [
  {
    method: 'POST', path: '/api/Token', tag: 'Authentication', auth: false,
    summary: 'Obtain an access token (HS256 JWT) with a login and a password',
    body: TokenIn, response: TokenOut, errors: [400, 401],
    async handler({ sim, body }) {
      const b = (body ?? {}) as Record<string, unknown>;
      const login = field(b, 'username', 'login', 'user');
      const password = field(b, 'password');
      if (typeof login !== 'string' || typeof password !== 'string') throw badRequest('UserName and Password are required');
      const u = sim.world.users.find((x) => x.Login.toLowerCase() === login.toLowerCase() && x.Password === password);
      if (!u) throw new HttpError(401, 'Invalid user name or password');
      return json({ AccessToken: await sim.auth.issue(u), ExpiresIn: sim.opts.tokenTtlS });
    },
  },
];
