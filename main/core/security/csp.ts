/**
 * One Content-Security-Policy for both hosts. Scripts only from the app itself; the
 * map's tiles are the one thing fetched from elsewhere, and only as images; the socket
 * goes to the loopback host that served the page.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: fleet-tile:",
  "font-src 'self' data:",
  // Big replies are fetched from the other loopback name (renderer/src/rpc/transport.ts).
  "connect-src 'self' ws://127.0.0.1:* ws://localhost:* http://127.0.0.1:* http://localhost:*",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
