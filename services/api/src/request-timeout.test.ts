import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../test/support/api.ts';

let api: TestApi;
let port: number;
beforeAll(async () => {
  api = await createTestApi({ requestTimeoutMs: 1000 });
  port = Number(new URL(await api.app.listen({ host: '127.0.0.1', port: 0 })).port);
});
afterAll(() => api.close());

describe('request timeout', () => {
  it('answers 408 and frees the connection when a body never finishes arriving', async () => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('POST /images HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"data":"');
    const started = Date.now();
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);
});
