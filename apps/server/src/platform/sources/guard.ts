import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a data source may point. Admins give a host name; before any connection the server
 * resolves it once and connects to that address (so a name cannot change its answer between
 * the check and the connection), and refuses addresses that are never a database:
 *
 * - link-local ranges (169.254.0.0/16, fe80::/10) — cloud metadata services live there
 *   (169.254.169.254 hands out machine credentials);
 * - "this network", multicast, reserved and broadcast ranges, the unspecified address;
 * - whatever `SOURCE_DENY` adds (CIDR list, e.g. `10.0.0.0/8,127.0.0.0/8` to keep sources off
 *   the private network and the server itself).
 *
 * Private and loopback addresses are allowed by default: databases usually live there, and
 * only owners and admins create data sources. Connections speak only the database's own
 * protocol (no HTTP), answers are never relayed raw, and the platform's own database is refused.
 */
const BUILT_IN: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
  ['fd00:ec2::', 32, 'ipv6'],
];

export function denyList(extra: readonly string[]): BlockList {
  const list = new BlockList();
  for (const [net, prefix, type] of BUILT_IN) list.addSubnet(net, prefix, type);
  for (const cidr of extra) {
    const [net, bits] = cidr.split('/');
    const type = net && isIP(net) === 6 ? 'ipv6' : 'ipv4';
    if (!net || !isIP(net)) continue;
    const prefix = bits === undefined ? (type === 'ipv6' ? 128 : 32) : Number(bits);
    if (Number.isInteger(prefix)) list.addSubnet(net, prefix, type);
  }
  return list;
}

/** An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`) as the IPv4 address it is. */
function plain(address: string): { address: string; type: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], type: 'ipv4' };
  return { address, type: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function isDenied(list: BlockList, address: string): boolean {
  const a = plain(address);
  return list.check(a.address, a.type);
}

export type Resolved =
  | { ok: true; address: string }
  | { ok: false; reason: 'host_not_found' | 'blocked_host' | 'timeout' };

/** The address to connect to: the first of the host's addresses, none of them refused. */
export async function resolveHost(
  host: string,
  list: BlockList,
  timeoutMs: number,
): Promise<Resolved> {
  const literal = host.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(literal)) addresses = [literal];
  else {
    let timer: NodeJS.Timeout | undefined;
    try {
      const found = await Promise.race([
        lookup(literal, { all: true, verbatim: true }),
        new Promise<'timeout'>((r) => {
          timer = setTimeout(() => r('timeout'), timeoutMs);
        }),
      ]);
      if (found === 'timeout') return { ok: false, reason: 'timeout' };
      addresses = found.map((f) => f.address);
    } catch {
      return { ok: false, reason: 'host_not_found' };
    } finally {
      clearTimeout(timer);
    }
  }
  if (!addresses.length) return { ok: false, reason: 'host_not_found' };
  if (addresses.some((a) => isDenied(list, a))) return { ok: false, reason: 'blocked_host' };
  return { ok: true, address: addresses[0] as string };
}
