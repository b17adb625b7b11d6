/**
 * Whether a typed server address sends the password and the fleet's data over plain http
 * to another machine. Loopback (127.0.0.0/8, ::1, localhost) never leaves this computer, so
 * it is not warned about; an address without a scheme is taken as https by the sign-in.
 */
export function crossesNetworkUnencrypted(input: string): boolean {
  const text = input.trim();
  if (!/^http:\/\//i.test(text)) return false;
  let host: string;
  try {
    host = new URL(text).hostname.toLowerCase();
  } catch {
    return false; // not an address yet: the sign-in says what is wrong with it
  }
  if (host === '') return false;
  const loopback = host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
  return !loopback;
}
