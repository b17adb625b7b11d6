import type { HandlerMap } from '../rpc/dispatcher';
import type { Notices } from '../seams/notices';

export function noticesHandlers(notices: Notices): HandlerMap {
  return {
    'notices/list': () => notices.list(),
    'notices/dismiss': (a) => notices.dismiss(a.id),
  };
}
