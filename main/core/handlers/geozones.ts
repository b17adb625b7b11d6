import type { HandlerMap } from '../rpc/dispatcher';
import type { SessionService } from '../session/session-service';

/** A list younger than this is answered from the cache without asking the service. */
const FRESH_MS = 10 * 60_000;

/**
 * Geozones for the map overlay, offline first: the cached list when fresh, else the
 * service's (GET /api/Geozones, stored in the reference cache), else whatever the cache
 * or the cached profile holds when the service cannot be reached.
 */
export function geozonesHandlers(session: SessionService, now: () => number = Date.now): HandlerMap {
  return {
    'geozones/list': async () => {
      const { cache, api } = session.current();
      const cachedAt = cache.reference.fetchedAt('geozones');
      if (cachedAt !== null && now() - cachedAt < FRESH_MS) return { geozones: cache.reference.list('geozones'), fetchedAt: cachedAt };
      try {
        const list = (await api.geozones.list()).filter((g) => typeof g.Id === 'number');
        const at = now();
        cache.reference.replaceAll('geozones', list, at);
        return { geozones: list, fetchedAt: at };
      } catch (e) {
        if (cachedAt !== null) return { geozones: cache.reference.list('geozones'), fetchedAt: cachedAt };
        const profile = cache.profile.get();
        if (profile) return { geozones: profile.profile.Geozones, fetchedAt: profile.fetchedAt };
        throw e;
      }
    },
  };
}
