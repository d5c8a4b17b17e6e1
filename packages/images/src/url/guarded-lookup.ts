import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { blocked, type FetchContext, type ResolvedAddress } from './fetch-context.ts';

/** Every address the system resolver (getaddrinfo, /etc/hosts included) has for the name. */
export async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  const addresses = await dnsLookup(hostname, { all: true, order: 'verbatim' });
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

/**
 * The `lookup` for each request: resolves through ctx.resolveHost and refuses the whole host if any
 * of its addresses is refused, so a name with one public and one private address cannot be used to
 * reach the private one.
 */
export function guardedLookup(ctx: FetchContext): LookupFunction {
  return (hostname, options, callback) => {
    ctx.resolveHost(hostname).then(
      (found) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const addresses = found.filter((a) => !family || a.family === family);
        const first = addresses[0];
        if (first === undefined) {
          const error: NodeJS.ErrnoException = new Error(`no address found for ${hostname}`);
          error.code = 'ENOTFOUND';
          callback(error, '');
          return;
        }
        const refused = addresses.find((a) => ctx.refuse(a.address));
        if (refused !== undefined) {
          callback(blocked(ctx, hostname, `a private or reserved address (${refused.address})`) as NodeJS.ErrnoException, '');
        } else if (options.all) {
          callback(null, addresses);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

