/** Every write the service applied, so a test can prove a write happened exactly once. */
export interface WriteLogEntry {
  seq: number;
  time: number;
  method: string;
  path: string;
  userId: number;
  status: number;
  body: unknown;
}

export class WriteLog {
  private entries: WriteLogEntry[] = [];
  private seq = 0;
  add(e: Omit<WriteLogEntry, 'seq'>): void {
    this.entries.push({ seq: ++this.seq, ...e });
    if (this.entries.length > 100_000) this.entries.splice(0, 10_000);
  }
  list(): WriteLogEntry[] {
    return this.entries.slice();
  }
  clear(): void {
    this.entries = [];
  }
}
