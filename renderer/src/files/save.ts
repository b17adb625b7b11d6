/** Saving a file or a selection: the core names them (object and time) and the browser downloads them. */
import { download } from '../history/export/download';
import { rpc } from '../rpc/client';

export async function saveFile(uid: string): Promise<string> {
  const s = await rpc('files/save', { uid });
  download([s.bytes as BlobPart], s.fileName, s.type);
  return s.fileName;
}

export async function saveZip(uids: readonly string[]): Promise<string> {
  const s = await rpc('files/zip', { uids: [...uids] });
  download([s.bytes as BlobPart], s.fileName, s.type);
  return s.fileName;
}
