import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBlockedAddress } from '@assay/images';
import { bearer, createTestApi, type TestApi } from '../../../../test/support/api.ts';
import { gradientPng } from '../../../../test/support/images.ts';

/*
 * URL images must never reach the service's own network. The API here runs with private URLs
 * refused (the production default). Two things need a stand-in to be testable on one machine: a
 * public-looking name that resolves to a private address (a resolver that says so), and a public
 * host to redirect from (the policy lets exactly 127.0.0.1 through, as if it were public; every
 * other loopback address, such as 127.0.0.2, stays refused).
 */
let api: TestApi;
let apiKey: string;
let server: Server;
let port: number;
let fetched = 0;

beforeAll(async () => {
  const png = await gradientPng();
  server = createServer((req, res) => {
    fetched++;
    if (req.url === '/to-private') return res.writeHead(302, { location: `http://127.0.0.2:${port}/secret.png` }).end();
    if (req.url === '/to-metadata') return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    res.writeHead(200).end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  port = (server.address() as AddressInfo).port;
  api = await createTestApi({
    allowPrivateUrls: false,
    urlFetch: {
      resolveHost: async (host) =>
        host === 'images.example.com' ? [{ address: '10.1.2.3', family: 4 }] :
        host === 'public.example.com' ? [{ address: '127.0.0.1', family: 4 }] :
        host === 'sneaky.example.com' ? [{ address: '93.184.216.34', family: 4 }, { address: '192.168.1.10', family: 4 }] :
        [],
      addressPolicy: (address) => address !== '127.0.0.1' && isBlockedAddress(address),
      timeoutMs: 2_000,
    },
  });
  ({ apiKey } = await api.newKey(['coins.identity']));
});
afterAll(async () => {
  server.close();
  await api.close();
});

const uploadUrl = (url: string) => api.app.inject({ method: 'POST', url: '/images', headers: bearer(apiKey), payload: { url } });

describe('URL images cannot reach private networks', () => {
  it.each([
    ['loopback IPv4', 'http://127.0.0.2/a.png'],
    ['loopback IPv6', 'http://[::1]/a.png'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.2]/a.png'],
    ['private 10/8', 'http://10.0.0.1/a.png'],
    ['private 192.168/16', 'https://192.168.0.1/a.png'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['unique-local IPv6', 'http://[fd00::1]/a.png'],
    ['link-local IPv6', 'http://[fe80::1]/a.png'],
    ['decimal-encoded loopback', 'http://2130706434/a.png'],
    ['a public-looking name that resolves private', 'http://images.example.com/a.png'],
    ['a name with one private address among public ones', 'http://sneaky.example.com/a.png'],
  ])('%s is refused', async (_name, url) => {
    const before = fetched;
    const res = await uploadUrl(url);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('IMAGE_URL_BLOCKED');
    expect(fetched).toBe(before);
  });

  it('allows a public host (the policy stand-in) and refuses its redirects to private hosts', async () => {
    expect((await uploadUrl(`http://public.example.com:${port}/a.png`)).statusCode).toBe(201);
    for (const path of ['/to-private', '/to-metadata']) {
      const res = await uploadUrl(`http://public.example.com:${port}${path}`);
      expect(res.statusCode, path).toBe(422);
      expect(res.json().code).toBe('IMAGE_URL_BLOCKED');
    }
  });
});
