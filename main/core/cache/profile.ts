/**
 * The profile (GET /api/Profile) as JSON, one row, without its Objects: they are the object
 * list's elements (the spec says so), stored once in the objects table. At 50,000 objects
 * they were 61 MB written again at every refresh, and read back whole on the main thread by
 * the geozones' offline fallback, the profile's one reader.
 */
import type { Profile } from '../../../common/resources';
import type { Db } from './db';

export class ProfileRepo {
  constructor(private readonly db: Db) {}

  put(profile: Profile, fetchedAt: number): void {
    this.db
      .prepare('INSERT OR REPLACE INTO profile (id, json, fetched_at) VALUES (1, ?, ?)')
      .run(JSON.stringify({ ...profile, Objects: [] }), Math.round(fetchedAt));
  }

  get(): { profile: Profile; fetchedAt: number } | undefined {
    const r = this.db.prepare('SELECT json, fetched_at FROM profile WHERE id = 1').get() as
      | { json: string; fetched_at: number }
      | undefined;
    return r && { profile: JSON.parse(r.json) as Profile, fetchedAt: r.fetched_at };
  }
}
