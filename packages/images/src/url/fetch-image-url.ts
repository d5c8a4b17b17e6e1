import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { AssayError, limits } from '@assay/contract';
import { imageError } from '../image-error.ts';
import { isBlockedAddress } from './address-policy.ts';
import { filenameFromContentDisposition, filenameFromUrlPath } from './filename.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (the default uses the system resolver). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export interface FetchImageUrlOptions {
  /** Allows loopback and private addresses (ASSAY_ALLOW_PRIVATE_URLS=1, for local setups and tests). */
  allowPrivate: boolean;
  /** Budget for the whole download, redirects included. */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  imageIndex?: number;
  /** Replaces DNS resolution, e.g. in tests; the addresses it returns are checked all the same. */
  resolveHost?: ResolveHost;
}

export interface FetchedImage {
  bytes: Buffer;
  filename: string | null;
  finalUrl: string;
}

type Hop = { kind: 'redirect'; location: string } | { kind: 'body'; bytes: Buffer; headers: IncomingHttpHeaders };

interface FetchContext {
  allowPrivate: boolean;
  maxBytes: number;
  index: number | undefined;
  resolveHost: ResolveHost;
  signal: AbortSignal;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const retryableStatuses = new Set([408, 425, 429]);
const permanentNetworkCodes = new Set(['ENOTFOUND', 'ERR_INVALID_URL']);

async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  const addresses = await dnsLookup(hostname, { all: true, order: 'verbatim' });
  return addresses.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

function parseHttpUrl(text: string, index: number | undefined): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw imageError('IMAGE_URL_INVALID', 'the image URL is not a valid URL', index);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw imageError('IMAGE_URL_INVALID', `the image URL must use http or https, not ${url.protocol.slice(0, -1)}`, index);
  }
  return url;
}

function unbracket(hostname: string): string {
  return hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
}

function blocked(ctx: FetchContext, host: string, why: string): AssayError {
  return imageError('IMAGE_URL_BLOCKED', `the image URL leads to ${why}, which is not allowed`, ctx.index, {
    context: { host },
  });
}

/**
 * Resolves through ctx.resolveHost and refuses the whole host if any of its addresses is blocked, so
 * a name with one public and one private address cannot be used to reach the private one.
 */
function guardedLookup(ctx: FetchContext): LookupFunction {
  return (hostname, options, callback) => {
    ctx.resolveHost(hostname).then(
      (found) => {
        const addresses = found.filter((a) => !options.family || a.family === options.family);
        const first = addresses[0];
        if (first === undefined) {
          const error: NodeJS.ErrnoException = new Error(`no address found for ${hostname}`);
          error.code = 'ENOTFOUND';
          callback(error, '');
          return;
        }
        const refused = ctx.allowPrivate ? undefined : addresses.find((a) => isBlockedAddress(a.address));
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

function networkError(ctx: FetchContext, host: string, error: unknown): AssayError {
  if (error instanceof AssayError) return error;
  if (ctx.signal.aborted) {
    return imageError('IMAGE_URL_TIMEOUT', 'the image URL did not finish downloading in time', ctx.index, {
      retryable: true,
      context: { host },
    });
  }
  const code = (error as NodeJS.ErrnoException).code ?? 'UNKNOWN';
  // Certificate and protocol errors will not fix themselves; connection trouble may.
  const permanent = permanentNetworkCodes.has(code) || code.startsWith('HPE_') || /CERT|TLS|SSL/.test(code);
  return imageError('IMAGE_URL_UNREACHABLE', `the image URL could not be downloaded (${code})`, ctx.index, {
    retryable: !permanent,
    context: { host, error_code: code },
    cause: error,
  });
}

/** Reads a body, giving up as soon as it grows past the cap instead of buffering it all first. */
function readBody(res: IncomingMessage, ctx: FetchContext, host: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const tooLarge = (size: string) =>
      imageError('IMAGE_TOO_LARGE', `the image at the URL is ${size}; at most ${ctx.maxBytes} bytes are accepted`, ctx.index, {
        context: { max_bytes: ctx.maxBytes },
      });
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > ctx.maxBytes) {
      reject(tooLarge(`${declared} bytes`));
      res.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    let total = 0;
    res.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > ctx.maxBytes) {
        reject(tooLarge(`more than ${ctx.maxBytes} bytes`));
        res.destroy();
        return;
      }
      chunks.push(chunk);
    });
    res.on('end', () => resolve(Buffer.concat(chunks, total)));
    res.on('error', (error) => reject(networkError(ctx, host, error)));
    res.on('close', () => {
      if (!res.complete) reject(networkError(ctx, host, Object.assign(new Error('closed early'), { code: 'ECONNRESET' })));
    });
  });
}

function requestOnce(url: URL, ctx: FetchContext): Promise<Hop> {
  const host = url.host;
  return new Promise<Hop>((resolve, reject) => {
    const transport = url.protocol === 'https:' ? https : http;
    const req = transport.request({
      protocol: url.protocol,
      hostname: unbracket(url.hostname),
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      auth: url.username === '' ? undefined : `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`,
      headers: { accept: 'image/*, */*;q=0.5', 'accept-encoding': 'identity', 'user-agent': 'Assay-ImageFetcher/1' },
      // A fresh connection per hop, so every connection passes the address checks below.
      agent: false,
      lookup: guardedLookup(ctx),
      signal: ctx.signal,
    });
    // The last line of defence: whatever resolved the name, check the address actually connected to.
    req.on('socket', (socket) => {
      socket.once('connect', () => {
        const remote = socket.remoteAddress;
        if (!ctx.allowPrivate && (remote === undefined || isBlockedAddress(remote))) {
          req.destroy(blocked(ctx, host, `a private or reserved address (${remote ?? 'unknown'})`));
        }
      });
    });
    req.on('error', (error) => reject(networkError(ctx, host, error)));
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      if (redirectStatuses.has(status) && res.headers.location !== undefined) {
        resolve({ kind: 'redirect', location: res.headers.location });
        res.destroy();
      } else if (status < 200 || status >= 300) {
        reject(
          imageError('IMAGE_URL_UNREACHABLE', `the image URL answered HTTP ${status}`, ctx.index, {
            retryable: status >= 500 || retryableStatuses.has(status),
            context: { host, status },
          }),
        );
        res.destroy();
      } else {
        readBody(res, ctx, host).then((bytes) => resolve({ kind: 'body', bytes, headers: res.headers }), reject);
      }
    });
    req.end();
  });
}

/**
 * Downloads an image from an http(s) URL as a server must: within one time budget for the whole
 * download, with the size cap enforced while reading, following at most `maxRedirects` redirects,
 * and (unless `allowPrivate`) never connecting to loopback, private, link-local or other internal
 * addresses, which is checked on every hop against the address actually connected to.
 * Messages and contexts name the host only, never the full URL (signed URLs carry secrets).
 */
export async function fetchImageUrl(url: string, options: FetchImageUrlOptions): Promise<FetchedImage> {
  const index = options.imageIndex;
  const maxRedirects = options.maxRedirects ?? limits.urlMaxRedirects;
  let current = parseHttpUrl(url, index);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? limits.urlDownloadMs);
  const ctx: FetchContext = {
    allowPrivate: options.allowPrivate,
    maxBytes: options.maxBytes ?? limits.imageBytes,
    index,
    resolveHost: options.resolveHost ?? systemResolve,
    signal: controller.signal,
  };
  try {
    for (let redirects = 0; ; redirects++) {
      // Node skips `lookup` for IP literals, so those are checked here.
      const literal = unbracket(current.hostname);
      if (!ctx.allowPrivate && isIP(literal) !== 0 && isBlockedAddress(literal)) {
        throw blocked(ctx, current.host, `a private or reserved address (${literal})`);
      }
      const hop = await requestOnce(current, ctx);
      if (hop.kind === 'body') {
        const filename =
          filenameFromContentDisposition(hop.headers['content-disposition']) ?? filenameFromUrlPath(current);
        return { bytes: hop.bytes, filename, finalUrl: current.href };
      }
      if (redirects + 1 > maxRedirects) {
        throw imageError('IMAGE_URL_TOO_MANY_REDIRECTS', `the image URL redirected more than ${maxRedirects} times`, index, {
          context: { max_redirects: maxRedirects },
        });
      }
      current = followRedirect(current, hop.location, ctx);
    }
  } finally {
    clearTimeout(timer);
  }
}

function followRedirect(from: URL, location: string, ctx: FetchContext): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw imageError('IMAGE_URL_UNREACHABLE', 'the image URL redirected to an invalid address', ctx.index, {
      context: { host: from.host },
    });
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    throw blocked(ctx, from.host, `a ${next.protocol.slice(0, -1)}: URL through a redirect`);
  }
  return next;
}
