/**
 * Geozones for the map overlay, offline first: the cached list when fresh, else the
 * service's (GET /api/Geozones, stored in the reference cache), else whatever the cache
 * or the cached profile holds when the service cannot be reached.
 */
import type { GeozonesList } from '../../../common/methods/geozones';
import type { FleetApi } from '../api';
import type { Cache } from '../cache';

/** A list younger than this is answered from the cache without asking the service. */
const FRESH_MS = 10 * 60_000;

export class GeozonesService {
  constructor(
    private readonly api: Pick<FleetApi, 'geozones'>,
    private readonly cache: Cache,
    private readonly now: () => number = Date.now,
  ) {}

  async list(): Promise<GeozonesList> {
    const { cache } = this;
    const cachedAt = cache.reference.fetchedAt('geozones');
    if (cachedAt !== null && this.now() - cachedAt < FRESH_MS) return { geozones: cache.reference.list('geozones'), fetchedAt: cachedAt };
    try {
      const list = (await this.api.geozones.list()).filter((g) => typeof g.Id === 'number');
      const at = this.now();
      cache.reference.replaceAll('geozones', list, at);
      return { geozones: list, fetchedAt: at };
    } catch (e) {
      if (cachedAt !== null) return { geozones: cache.reference.list('geozones'), fetchedAt: cachedAt };
      const profile = cache.profile.get();
      if (profile) return { geozones: profile.profile.Geozones, fetchedAt: profile.fetchedAt };
      throw e;
    }
  }
}
