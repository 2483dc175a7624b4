import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { TrustProxy } from '../config.js';

/**
 * The client's address behind trusted reverse proxies (TRUST_PROXY), as `request.ip`.
 *
 * A proxy appends the address it saw to `X-Forwarded-For` and keeps whatever the client wrote
 * before it (nginx's `$proxy_add_x_forwarded_for`), so only the entries on the right are a
 * proxy's word: the left-most is the client's pick. The chain is read from the right, starting
 * at the socket's peer: while the current hop is trusted (one of the `n` nearest for a hop
 * count, or an address in the list), the next entry to the left is the client's address. The
 * walk stops at an entry that is not a plain IPv4 or IPv6 address (a name, a port, brackets, a
 * zone id, markup): what a trusted hop wrote is then unreadable, so the nearest address that is
 * an IP stands. The sign-in limits, captcha quotas, the audit trail and the access log all read
 * this one address, and it is always an IP.
 */

/** proxy-addr's names for ranges, as TRUST_PROXY accepts them (server/config.ts). */
const RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Whether hop `i` from the right (0: the socket's peer) at `address` is a trusted proxy. */
type Trusted = (address: string, hop: number) => boolean;

/** `address` as a plain IP (no zone id), or null; an IPv4-mapped IPv6 address reads as its IPv4 for matching. */
function plainIp(raw: string): string | null {
  return raw.length <= 45 && !raw.includes('%') && net.isIP(raw) ? raw : null;
}

function unmapped(ip: string): string {
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return m ? m[1] : ip;
}

/** The trust rule of a TRUST_PROXY setting other than off. */
export function trustedHops(setting: Exclude<TrustProxy, false>): Trusted {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  const list = new net.BlockList();
  for (const item of setting.flatMap((s) => RANGES[s] ?? [s])) {
    const [addr, prefix] = item.split('/');
    const family = net.isIP(addr) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(addr, family);
    else list.addSubnet(addr, Number(prefix), family);
  }
  return (address) => {
    const ip = plainIp(address);
    if (!ip) return false;
    const a = unmapped(ip);
    return list.check(a, net.isIP(a) === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * The client's address for a peer at `socketAddress` sending `forwardedFor` (see the module
 * comment). Without a trusted peer, or without the header, it is the peer's own address.
 */
export function clientAddress(socketAddress: string, forwardedFor: string | string[] | undefined, trusted: Trusted): string {
  if (forwardedFor === undefined) return socketAddress;
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',');
  let address = socketAddress;
  let hop = 0;
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i].trim();
    if (entry === '') continue;
    if (!trusted(address, hop)) break;
    const next = plainIp(entry);
    if (!next) break;
    address = next;
    hop++;
  }
  return address;
}

/**
 * Makes `request.ip` the client's address by {@link clientAddress} on every request of `app`
 * carrying `X-Forwarded-For`, in an early `onRequest` hook (before any hook that reads the
 * address). Fastify's own reading takes the left-most entry a trusted chain leaves, which the
 * client writes, and passes any text through; it still serves `request.protocol` and `host`.
 */
export function registerClientAddress(app: FastifyInstance, setting: TrustProxy): void {
  if (setting === false) return;
  const trusted = trustedHops(setting);
  // Callback style: no promise per request on the proxy's hot path.
  app.addHook('onRequest', (req, _reply, done) => {
    const forwardedFor = req.headers['x-forwarded-for'];
    if (forwardedFor !== undefined) {
      Object.defineProperty(req, 'ip', { value: clientAddress(req.raw.socket?.remoteAddress ?? '', forwardedFor, trusted), enumerable: true });
    }
    done();
  });
}
