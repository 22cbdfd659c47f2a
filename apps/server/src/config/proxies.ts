import { isIP } from 'node:net';
import { z } from 'zod';
import { emptyAsUndefined } from './variables';

/** false: no proxy; a number: that many proxy hops; a list: the proxies' addresses/CIDRs. */
export type TrustProxy = false | number | string[];

export const ProxyVariables = z.object({
  /** Which X-Forwarded-For hops to believe (client address, TLS): see trustedProxies(). */
  TRUST_PROXY: z
    .preprocess(emptyAsUndefined, z.string().default('false'))
    .transform((value, ctx) => {
      const parsed = trustedProxies(value);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
});

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

const isAddressOrCidr = (entry: string) => {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

const TRUST_PROXY_CHOICES =
  'set false (no proxy), the number of proxies in front of the server (e.g. 1), ' +
  'or their addresses or CIDR ranges, comma-separated (e.g. 127.0.0.1 or 10.0.0.0/8,192.168.1.2)';

/**
 * TRUST_PROXY: `false` (believe no X-Forwarded-* header), a hop count (believe that many proxies
 * in front of the server: the client address is the entry that many hops back) or a list of
 * proxy addresses / CIDR ranges (believe only hops from them). `true` is refused: believing
 * every hop lets any client choose its own address by sending X-Forwarded-For, and so escape
 * every per-address limit. Returns the problem as a string when the value is not valid.
 */
export function trustedProxies(value: string): TrustProxy | string {
  const text = value.trim();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') {
    return `true is refused: it lets any client choose its own address with X-Forwarded-For (and so escape the login limits); ${TRUST_PROXY_CHOICES}`;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 100
      ? hops
      : `${text} proxies is not a plausible hop count; ${TRUST_PROXY_CHOICES}`;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
  if (invalid.length > 0) {
    return `${invalid.map((entry) => `"${entry}"`).join(', ')} is not an IP address or CIDR range; ${TRUST_PROXY_CHOICES}`;
  }
  return entries;
}
