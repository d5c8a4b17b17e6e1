import { createHash } from 'node:crypto';
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How a request the chaos service does not pass on is answered. */
export type Fault = 'error-500' | 'unavailable-503' | 'rate-limited-429' | 'slow' | 'malformed-json' | 'socket-closed';
export const faults: readonly Fault[] = ['error-500', 'unavailable-503', 'rate-limited-429', 'slow', 'malformed-json', 'socket-closed'];

export interface ChaosOptions {
  /** The real service behind. */
  target: string;
  /** The first attempt of each distinct assessment request gets the next fault of this cycle; later attempts pass. */
  cycle: readonly Fault[];
  /** How long `slow` holds an answer back: more than the assessor's timeout. */
  slowMs: number;
  /** Requests whose body contains this always get 503: their retries run out. */
  alwaysDown?: string;
}

/**
 * A stand-in for a misbehaving remote assessment service: a proxy in front of a real one that
 * answers each new assessment request with a fault (in turn from `cycle`) and lets its retry
 * through, so every transient fault is met once per item and recovery is deterministic.
 */
export async function startChaosService(options: ChaosOptions): Promise<{ url: string; seen: Record<Fault, number>; close(): Promise<void> }> {
  const attempts = new Map<string, number>();
  const seen = Object.fromEntries(faults.map((f) => [f, 0])) as Record<Fault, number>;
  let next = 0;
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.method === 'POST' && /\/assessments$/.test(req.url ?? '')) {
      const key = createHash('sha256').update(body).digest('hex');
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      if (options.alwaysDown && body.toString('utf8').includes(options.alwaysDown)) return answer(res, 503, '{"title":"down for maintenance"}');
      if (attempt === 1 && options.cycle.length > 0) {
        const fault = options.cycle[next++ % options.cycle.length]!;
        seen[fault]++;
        return inject(fault, req, res, body);
      }
    }
    pass(req, res, body);
  });

  async function inject(fault: Fault, req: IncomingMessage, res: ServerResponse, body: Buffer) {
    switch (fault) {
      case 'error-500':
        return answer(res, 500, '{"type":"about:blank","title":"Internal Server Error","status":500}');
      case 'unavailable-503':
        return answer(res, 503, 'upstream unavailable', { 'retry-after': '1' });
      case 'rate-limited-429':
        return answer(res, 429, '{"title":"slow down"}', { 'retry-after': '1' });
      case 'slow':
        // The work is done (late), as a slow real service would: the assessor has given up by then.
        await new Promise((resolve) => setTimeout(resolve, options.slowMs));
        return pass(req, res, body);
      case 'malformed-json':
        return answer(res, 200, '{"assessment_id": "1234", "status": "comp');
      case 'socket-closed':
        return req.socket.destroy();
    }
  }

  function pass(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const upstream = forward(new URL(req.url ?? '/', options.target), { method: req.method, headers: req.headers }, (answered) => {
      res.writeHead(answered.statusCode ?? 502, answered.headers);
      answered.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
