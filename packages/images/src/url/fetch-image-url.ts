import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { limits } from '@assay/contract';
import { imageError } from '../image-error.ts';
import { isBlockedAddress } from './address-policy.ts';
import { blocked, networkError, type FetchContext, type ResolveHost } from './fetch-context.ts';
import { filenameFromContentDisposition, filenameFromUrlPath } from './filename.ts';
import { guardedLookup, systemResolve } from './guarded-lookup.ts';
import { readBody } from './read-body.ts';

export type { ResolveHost, ResolvedAddress } from './fetch-context.ts';

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
  /**
   * Which addresses are refused when `allowPrivate` is false; isBlockedAddress unless given. Tests
   * use it to let their loopback server through while every other internal address stays refused.
   */
  addressPolicy?: (address: string) => boolean;
}

export interface FetchedImage {
  bytes: Buffer;
  filename: string | null;
  finalUrl: string;
}

type Hop = { kind: 'redirect'; location: string } | { kind: 'body'; bytes: Buffer; headers: IncomingHttpHeaders };

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const retryableStatuses = new Set([408, 425, 429]);

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
        if (ctx.refuse(remote ?? '')) {
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
  const policy = options.addressPolicy ?? isBlockedAddress;
  const ctx: FetchContext = {
    refuse: (address) => !options.allowPrivate && policy(address),
    maxBytes: options.maxBytes ?? limits.imageBytes,
    index,
    resolveHost: options.resolveHost ?? systemResolve,
    signal: controller.signal,
  };
  try {
    for (let redirects = 0; ; redirects++) {
      // Node skips `lookup` for IP literals, so those are checked here.
      const literal = unbracket(current.hostname);
      if (isIP(literal) !== 0 && ctx.refuse(literal)) {
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
