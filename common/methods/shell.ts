import { z } from 'zod';
import { method, push } from '../define';
import { SHELL_ROUTE, SHELL_ROUTE_MAX_LENGTH } from '../shell-route';

/**
 * The desktop shell's way to move a page: the application menu (Electron) pushes
 * `shell/navigate` to the focused window's page; in browser mode any window may ask every
 * page with the method (a panel window asking the main one). Routes are the hash routes of
 * the renderer: a screen (`/history`), an Admin section (`/admin/jobs`) or a panel
 * (`/panel/events`, which opens that panel's window).
 */
export const ShellRouteSchema = z.string().max(SHELL_ROUTE_MAX_LENGTH).regex(SHELL_ROUTE, 'A route such as /history or /panel/events');

export interface NavigateTo {
  route: string;
}

export const shellMethods = {
  'shell/navigate': method<{ sent: true }>()(z.object({ route: ShellRouteSchema })),
};

export const shellPushes = {
  'shell/navigate': push<NavigateTo>(),
};
