import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchImageUrl, isBlockedAddress, type FetchImageUrlOptions } from '../index.ts';
import { fixture, rejection } from '../test-support/fixtures.ts';
import { startTestServer, type TestServer } from '../test-support/http-server.ts';

const png = fixture('source-rgb.png');
let server: TestServer;
/** Bytes the streaming route managed to send before the client hung up, by request id. */
const streamed = new Map<string, Promise<{ sent: number; finished: boolean }>>();

function stream(res: ServerResponse, id: string, total: number): void {
  res.writeHead(200, { 'content-type': 'image/png' }); // chunked: no length to reject up front
  let sent = 0;
  streamed.set(
    id,
    new Promise((resolve) => {
      const timer = setInterval(() => {
        if (sent >= total) {
          clearInterval(timer);
          res.end(() => resolve({ sent, finished: true }));
          return;
        }
        res.write(Buffer.alloc(4096, 1));
        sent += 4096;
      }, 1);
      res.on('close', () => {
        clearInterval(timer);
        resolve({ sent, finished: res.writableFinished });
      });
    }),
  );
}

beforeAll(async () => {
  server = await startTestServer((req, res, url) => {
    const path = url.pathname;
    if (path === '/photos/coin.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
      res.end(png);
    } else if (path === '/folder/') {
      res.end(png);
    } else if (path === '/download') {
      res.writeHead(200, { 'content-disposition': 'attachment; filename="front side.png"' });
      res.end(png);
    } else if (path.startsWith('/hops/')) {
      // /hops/3 redirects to /hops/2 ... /hops/0 serves the image; relative Locations on purpose.
      const left = Number(path.slice('/hops/'.length));
      if (left === 0) res.end(png);
      else res.writeHead(302, { location: `${left - 1}` }).end();
    } else if (path === '/redirect') {
      res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('to') ?? '/' }).end();
    } else if (path === '/declared-too-large') {
      res.writeHead(200, { 'content-length': 50_000 });
      res.write(Buffer.alloc(100));
    } else if (path === '/stream') {
      stream(res, url.searchParams.get('id') ?? '', Number(url.searchParams.get('total')));
    } else if (path === '/hang') {
      // Never answers.
    } else if (path === '/trickle') {
      res.writeHead(200, { 'content-length': 1000 });
      res.write(Buffer.alloc(10));
    } else if (path.startsWith('/slow-hops/')) {
      const left = Number(path.slice('/slow-hops/'.length));
      setTimeout(() => {
        if (left === 0) res.end(png);
        else res.writeHead(302, { location: `${left - 1}` }).end();
      }, 120);
    } else if (path === '/cut') {
      res.writeHead(200, { 'content-length': 1000 });
      res.write(Buffer.alloc(10), () => res.destroy());
    } else if (path.startsWith('/status/')) {
      res.writeHead(Number(path.slice('/status/'.length))).end('no');
    } else {
      res.writeHead(404).end();
    }
  });
});

afterAll(() => server.close());

/** Loopback is where the test server is; every other internal address stays refused. */
const loopbackOnly = (address: string) => address !== '127.0.0.1' && isBlockedAddress(address);
const open: FetchImageUrlOptions = { allowPrivate: true };
const guarded: FetchImageUrlOptions = { allowPrivate: false, addressPolicy: loopbackOnly };

describe('fetchImageUrl', () => {
  it('downloads an image and names it after the URL path', async () => {
    const result = await fetchImageUrl(server.url('/photos/coin.png?sig=abc'), open);
    expect(result.bytes.equals(png)).toBe(true);
    expect(result.filename).toBe('coin.png');
    expect(result.finalUrl).toBe(server.url('/photos/coin.png?sig=abc'));
  });

  it('prefers the name in Content-Disposition', async () => {
    expect((await fetchImageUrl(server.url('/download'), open)).filename).toBe('front side.png');
  });

  it('has no name when the path has none', async () => {
    expect((await fetchImageUrl(server.url('/folder/'), open)).filename).toBeNull();
  });

  it('follows 5 redirects and reports where it ended', async () => {
    const result = await fetchImageUrl(server.url('/hops/5'), open);
    expect(result.bytes.equals(png)).toBe(true);
    expect(result.finalUrl).toBe(server.url('/hops/0'));
  });

  it('refuses a 6th redirect', async () => {
    const error = await rejection(fetchImageUrl(server.url('/hops/6'), { ...open, imageIndex: 4 }));
    expect(error.code).toBe('IMAGE_URL_TOO_MANY_REDIRECTS');
    expect(error.context).toMatchObject({ image_index: 4, max_redirects: 5 });
  });

  it('honours a smaller redirect limit', async () => {
    expect((await rejection(fetchImageUrl(server.url('/hops/2'), { ...open, maxRedirects: 1 }))).code).toBe(
      'IMAGE_URL_TOO_MANY_REDIRECTS',
    );
  });

  it.each([301, 303, 307, 308])('follows a %i redirect', async (status) => {
    const url = server.url(`/redirect?status=${status}&to=/photos/coin.png`);
    expect((await fetchImageUrl(url, open)).filename).toBe('coin.png');
  });

  it('refuses a declared Content-Length over the cap without reading the body', async () => {
    const error = await rejection(fetchImageUrl(server.url('/declared-too-large'), { ...open, maxBytes: 10_000, imageIndex: 1 }));
    expect(error.code).toBe('IMAGE_TOO_LARGE');
    expect(error.context).toMatchObject({ image_index: 1, max_bytes: 10_000 });
  });

  it('aborts a chunked stream as soon as it passes the cap', async () => {
    const error = await rejection(fetchImageUrl(server.url('/stream?id=cap&total=4000000'), { ...open, maxBytes: 20_000 }));
    expect(error.code).toBe('IMAGE_TOO_LARGE');
    const outcome = await streamed.get('cap');
    expect(outcome?.finished).toBe(false);
    expect(outcome?.sent).toBeLessThan(1_000_000);
  });

  it('accepts a stream exactly at the cap', async () => {
    const result = await fetchImageUrl(server.url('/stream?id=exact&total=8192'), { ...open, maxBytes: 8192 });
    expect(result.bytes.length).toBe(8192);
  });

  it('times out on a server that never answers', async () => {
    const started = Date.now();
    const error = await rejection(fetchImageUrl(server.url('/hang'), { ...open, timeoutMs: 150, imageIndex: 2 }));
    expect(error.code).toBe('IMAGE_URL_TIMEOUT');
    expect(error.retryable).toBe(true);
    expect(error.context.image_index).toBe(2);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('times out on a body that trickles', async () => {
    expect((await rejection(fetchImageUrl(server.url('/trickle'), { ...open, timeoutMs: 150 }))).code).toBe(
      'IMAGE_URL_TIMEOUT',
    );
  });

  it('counts one time budget across all redirects', async () => {
    // Each hop takes 120 ms, well under the budget; four of them do not fit in 300 ms.
    const error = await rejection(fetchImageUrl(server.url('/slow-hops/3'), { ...open, timeoutMs: 300 }));
    expect(error.code).toBe('IMAGE_URL_TIMEOUT');
  });

  it('reports HTTP errors with their status; 5xx may be retried, 4xx not', async () => {
    const notFound = await rejection(fetchImageUrl(server.url('/status/404'), open));
    expect(notFound).toMatchObject({ code: 'IMAGE_URL_UNREACHABLE', retryable: false });
    expect(notFound.context.status).toBe(404);
    const unavailable = await rejection(fetchImageUrl(server.url('/status/503'), open));
    expect(unavailable).toMatchObject({ code: 'IMAGE_URL_UNREACHABLE', retryable: true });
    expect(unavailable.context.status).toBe(503);
  });

  it('reports a body cut short as unreachable and retryable', async () => {
    expect(await rejection(fetchImageUrl(server.url('/cut'), open))).toMatchObject({
      code: 'IMAGE_URL_UNREACHABLE',
      retryable: true,
    });
  });

  it('reports a refused connection as unreachable and retryable', async () => {
    const closed = await startTestServer(() => {});
    await closed.close();
    expect(await rejection(fetchImageUrl(closed.url('/x.png'), open))).toMatchObject({
      code: 'IMAGE_URL_UNREACHABLE',
      retryable: true,
    });
  });

  it('reports a host that does not resolve as unreachable', async () => {
    const resolveHost = async () => {
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    };
    expect(await rejection(fetchImageUrl('http://no-such-host.test/x.png', { ...open, resolveHost }))).toMatchObject({
      code: 'IMAGE_URL_UNREACHABLE',
      retryable: false,
    });
  });

  it.each(['ftp://example.com/coin.png', 'file:///etc/passwd', 'data:image/png;base64,AAAA', 'javascript:alert(1)', 'not a url', ''])(
    'refuses %j as an invalid URL',
    async (url) => {
      const error = await rejection(fetchImageUrl(url, { allowPrivate: true, imageIndex: 0 }));
      expect(error.code).toBe('IMAGE_URL_INVALID');
      expect(error.context.image_index).toBe(0);
    },
  );

  describe('without private addresses', () => {
    it.each([
      'http://127.0.0.1/coin.png',
      'http://[::1]/coin.png',
      'http://10.0.0.1/coin.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:127.0.0.1]/coin.png',
      'http://[fd00:ec2::254]/',
      'http://0x7f.1/coin.png', // URL parsing turns this into 127.0.0.1
      'http://2130706433/coin.png',
    ])('refuses %s before connecting', async (url) => {
      const error = await rejection(fetchImageUrl(url, { allowPrivate: false, imageIndex: 5 }));
      expect(error.code).toBe('IMAGE_URL_BLOCKED');
      expect(error.context.image_index).toBe(5);
    });

    it('refuses localhost', async () => {
      expect((await rejection(fetchImageUrl('http://localhost:1/coin.png', { allowPrivate: false }))).code).toBe(
        'IMAGE_URL_BLOCKED',
      );
    });

    it('refuses a public-looking name that resolves to a private address', async () => {
      const resolveHost = async () => [{ address: '10.1.2.3', family: 4 as const }];
      const error = await rejection(fetchImageUrl('http://images.example.com/coin.png', { allowPrivate: false, resolveHost }));
      expect(error.code).toBe('IMAGE_URL_BLOCKED');
      expect(error.context.host).toBe('images.example.com');
    });

    it('refuses a name when any of its addresses is private', async () => {
      const resolveHost = async () => [
        { address: '93.184.215.14', family: 4 as const },
        { address: '::ffff:192.168.0.1', family: 6 as const },
      ];
      expect((await rejection(fetchImageUrl('http://mixed.example.com/', { allowPrivate: false, resolveHost }))).code).toBe(
        'IMAGE_URL_BLOCKED',
      );
    });

    it('lets the test server through with the loopback policy (the control for the cases below)', async () => {
      expect((await fetchImageUrl(server.url('/photos/coin.png'), guarded)).bytes.equals(png)).toBe(true);
    });

    it('connects to the address the resolver gave for a name', async () => {
      const asked: string[] = [];
      const resolveHost = async (hostname: string) => {
        asked.push(hostname);
        return [{ address: '127.0.0.1', family: 4 as const }];
      };
      const url = `http://images.example.test:${server.port}/photos/coin.png`;
      const result = await fetchImageUrl(url, { ...guarded, resolveHost });
      expect(result.bytes.equals(png)).toBe(true);
      expect(asked).toEqual(['images.example.test']);
    });

    it.each([
      ['a private IP', 'http://10.0.0.1/coin.png'],
      ['the metadata address', 'http://169.254.169.254/latest/meta-data/'],
      ['IPv6 loopback', 'http://[::1]/coin.png'],
    ])('refuses a redirect to %s', async (_, target) => {
      const url = server.url(`/redirect?to=${encodeURIComponent(target)}`);
      expect((await rejection(fetchImageUrl(url, guarded))).code).toBe('IMAGE_URL_BLOCKED');
    });

    it('refuses a redirect to a name that resolves to a private address', async () => {
      const resolveHost = async () => [{ address: '192.168.10.20', family: 4 as const }];
      const url = server.url(`/redirect?to=${encodeURIComponent('http://cdn.example.com/coin.png')}`);
      expect((await rejection(fetchImageUrl(url, { ...guarded, resolveHost }))).code).toBe('IMAGE_URL_BLOCKED');
    });

    it('refuses a redirect to another scheme', async () => {
      const url = server.url(`/redirect?to=${encodeURIComponent('file:///etc/passwd')}`);
      expect((await rejection(fetchImageUrl(url, open))).code).toBe('IMAGE_URL_BLOCKED');
    });

    it('never puts the full URL (signed URLs carry secrets) into errors', async () => {
      const error = await rejection(fetchImageUrl(server.url('/status/403?X-Amz-Signature=secret'), open));
      expect(JSON.stringify({ message: error.message, context: error.context })).not.toContain('secret');
    });
  });
});
