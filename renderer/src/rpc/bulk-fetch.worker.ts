/** The page's big replies fetched off its main thread (bulk-fetch.ts, decision 0081). */
import type { BulkFetchRequest } from './bulk-fetch-protocol';
import { bulkFetchServer } from './bulk-fetch-serve';

const serve = bulkFetchServer((reply, transfer) => (self as unknown as Worker).postMessage(reply, transfer));

self.onmessage = (e: MessageEvent<BulkFetchRequest>) => serve(e.data);
