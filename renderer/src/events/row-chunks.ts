/**
 * The event rows in chunks, each chunk skipped by layout and paint while out of view
 * (`content-visibility: auto` on the chunk, not on each row; decision 0087). Chromium checks
 * every such element on every frame, so 300 rows checked one by one were a share of the page's
 * work while the map pans that a dozen chunks are not. Every row stays in the page, so in the
 * accessibility tree and in find-in-page.
 */

/** A row's height before it is laid out (two lines of text): a chunk not yet shown takes this much a row. */
export const ROW_HEIGHT_GUESS = 56;

/** Rows per chunk: a few screens of rows, so a chunk coming into view is a small layout. */
export const ROWS_PER_CHUNK = 25;

/**
 * `rows` cut into chunks of `size` in order. Chunks are keyed by their place, so a new event
 * at the top moves one row across each boundary, not every row into a new chunk.
 */
export function rowChunks<T>(rows: readonly T[], size = ROWS_PER_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
