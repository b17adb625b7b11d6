/**
 * What a route the desktop shell may push looks like, without zod: `ShellRouteSchema`
 * (methods/shell.ts) is built on it, and the page's handler of `shell/navigate`, in the
 * renderer's first bundle, checks a pushed route with `isShellRoute` (decision 0085).
 */

export const SHELL_ROUTE = /^\/[a-z][a-z0-9-]*(\/[a-z0-9-]+)*$/;

export const SHELL_ROUTE_MAX_LENGTH = 200;

/** Whether `ShellRouteSchema` accepts this value. */
export function isShellRoute(route: unknown): route is string {
  return typeof route === 'string' && route.length <= SHELL_ROUTE_MAX_LENGTH && SHELL_ROUTE.test(route);
}
