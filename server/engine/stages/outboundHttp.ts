import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';

/**
 * Outgoing HTTP for API stages. Private, loopback, link-local and other non-public addresses are refused unless
 * allowed (ALLOW_PRIVATE_NETWORK). The check runs in the socket's own DNS lookup, so the address that is checked
 * is the address connected to (no DNS-rebinding gap between a check and the call).
 */
export class OutboundError extends Error {
  constructor(
    readonly code: 'BLOCKED_ADDRESS' | 'BAD_URL' | 'TIMEOUT' | 'NETWORK' | 'TOO_LARGE',
    message: string,
  ) {
    super(message);
  }
}

const V4_BLOCKED: [number, number][] = [
  [0x00000000, 8], [0x0a000000, 8], [0x64400000, 10], [0x7f000000, 8], [0xa9fe0000, 16], [0xac100000, 12],
  [0xc0000000, 24], [0xc0000200, 24], [0xc0a80000, 16], [0xc6120000, 15], [0xc6336400, 24], [0xcb007100, 24],
  [0xe0000000, 4], [0xf0000000, 4],
];

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => (acc << 8) + Number(part), 0) >>> 0;
}

export function isPrivateAddress(ip: string): boolean {
  if (net.isIPv4(ip)) {
    const value = v4ToInt(ip);
    return V4_BLOCKED.some(([base, bits]) => (value >>> (32 - bits)) === (base >>> (32 - bits)));
  }
  if (!net.isIPv6(ip)) return true;
  const lower = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return isPrivateAddress(mapped[1]);
  if (lower === '::' || lower === '::1') return true;
  const first = parseInt(lower.split(':')[0] || '0', 16);
  // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast, 64:ff9b::/96 NAT64 (could reach v4 privates).
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00 || lower.startsWith('64:ff9b:');
}

function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const blocked = list.find((a) => isPrivateAddress(a.address));
      if (!allowPrivate && blocked) {
        return callback(new OutboundError('BLOCKED_ADDRESS', `Calls to private or loopback addresses are not allowed (${hostname} is ${blocked.address})`), '', 0);
      }
      if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new OutboundError('NETWORK', `${hostname} has no address`), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}

export type OutboundRequest = { method: string; url: string; headers: Record<string, string>; body: string | null; timeoutMs: number };
export type OutboundResponse = { status: number; headers: Record<string, string>; bodyText: string };

const MAX_RESPONSE_BYTES = 1024 * 1024;

export function sendRequest(request: OutboundRequest, allowPrivate: boolean): Promise<OutboundResponse> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.reject(new OutboundError('BAD_URL', `Invalid URL: ${request.url}`));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(new OutboundError('BAD_URL', `Only http and https URLs can be called (got ${url.protocol})`));
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address never goes through the lookup, so it is checked here.
  if (net.isIP(host) && !allowPrivate && isPrivateAddress(host)) {
    return Promise.reject(new OutboundError('BLOCKED_ADDRESS', `Calls to private or loopback addresses are not allowed (${host})`));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: request.method, headers: request.headers, lookup: guardedLookup(allowPrivate), signal: AbortSignal.timeout(request.timeoutMs) },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_RESPONSE_BYTES) {
            req.destroy(new OutboundError('TOO_LARGE', `The response is larger than ${MAX_RESPONSE_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')]));
          resolve({ status: res.statusCode ?? 0, headers, bodyText: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    req.on('error', (error: Error) => {
      if (error instanceof OutboundError) return reject(error);
      if (error.name === 'TimeoutError' || error.name === 'AbortError') {
        return reject(new OutboundError('TIMEOUT', `No answer within ${request.timeoutMs} ms`));
      }
      reject(new OutboundError('NETWORK', error.message));
    });
    if (request.body !== null) req.write(request.body);
    req.end();
  });
}
