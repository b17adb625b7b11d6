/** The tile worker's messages (workers/protocol.ts), apart from worker.ts as the other roles' are. */
import type { TileImage } from '../../../common/methods/tiles';
import type { Message, NoFields } from '../workers/protocol';

export type TileMessages = {
  tile: Message<{ template: string; z: number; x: number; y: number }, TileImage>;
  /** Writes the cache's pending batch before the thread goes. */
  close: Message<NoFields, null>;
};
