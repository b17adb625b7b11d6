/** The profile (GET /api/Profile) as JSON, one row. */
import type { Profile } from '../../../common/resources';
import type { Db } from './db';

export class ProfileRepo {
  constructor(private readonly db: Db) {}

  put(profile: Profile, fetchedAt: number): void {
    this.db
      .prepare('INSERT OR REPLACE INTO profile (id, json, fetched_at) VALUES (1, ?, ?)')
      .run(JSON.stringify(profile), Math.round(fetchedAt));
  }

  get(): { profile: Profile; fetchedAt: number } | undefined {
    const r = this.db.prepare('SELECT json, fetched_at FROM profile WHERE id = 1').get() as
      | { json: string; fetched_at: number }
      | undefined;
    return r && { profile: JSON.parse(r.json) as Profile, fetchedAt: r.fetched_at };
  }
}
