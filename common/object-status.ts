/**
 * An object's status code as the service sends it (`Status`). Free of zod, as the renderer's
 * first bundle imports it (decision 0085).
 */
export const ObjectStatusCode = {
  blocked: 0,
  active: 1,
  broken: 10,
  onService: 11,
  notInstalled: 15,
  deleted: 255,
} as const;
