import { describe, expect, it } from 'vitest';
import { isLinkLocalHost } from '../../../common/link-local';
import { TileUrlSchema } from '../../../common/methods/tiles';

const tmpl = (host: string) => `http://${host}/{z}/{x}/{y}.png`;

describe('tile source: link-local hosts are refused by literal address', () => {
  const refused = [
    '169.254.169.254',
    '169.254.0.1',
    '169.254.255.255',
    '0xA9FEA9FE', // one hex number: new URL makes it 169.254.169.254
    '2852039166', // one decimal number, the same address
    '169.254.1', // short form: 169.254.0.1
    '[fe80::1]',
    '[FE80::abcd:1]',
    '[febf:ffff::1]', // last of fe80::/10
    '[::ffff:169.254.169.254]',
    '[::ffff:a9fe:a9fe]',
    '[0:0:0:0:0:ffff:169.254.1.2]',
    '[::169.254.1.1]', // the old IPv4-compatible form
  ];
  const allowed = [
    'tile.openstreetmap.org',
    '169.253.255.255',
    '169.255.0.1',
    '170.254.0.1',
    '127.0.0.1',
    '10.0.0.1',
    '[::1]',
    '[fec0::1]', // just past fe80::/10
    '[fe7f::1]',
    '[::ffff:127.0.0.1]',
    '[2001:db8::a9fe:a9fe]',
    'fe80.example.com', // a name is not resolved, and not an address
    '169.254.example.com',
  ];

  it.each(refused)('refuses %s', (host) => {
    expect(isLinkLocalHost(new URL(tmpl(host).replace(/\{[zxy]\}/g, '0')).hostname)).toBe(true);
    const r = TileUrlSchema.safeParse(tmpl(host));
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message).join(' ')).toMatch(/link-local address/);
  });

  it.each(allowed)('allows %s', (host) => {
    expect(isLinkLocalHost(new URL(tmpl(host).replace(/\{[zxy]\}/g, '0')).hostname)).toBe(false);
    expect(TileUrlSchema.safeParse(tmpl(host)).success).toBe(true);
  });
});
