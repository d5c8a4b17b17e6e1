/**
 * A stand-in for a remote assessment service, run as its own process: answers POST /images at once
 * and every assessment after a fixed latency, so the assessor's own overhead can be measured.
 * Usage: node stand-in-service.ts LATENCY_MS ; prints its base URL on stdout.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const latencyMs = Number(process.argv[2] ?? 200);
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.url === '/images') {
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ image_ref: `img_${randomUUID()}` }));
      return;
    }
    setTimeout(() => {
      const now = new Date().toISOString();
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ assessment_id: randomUUID(), external_id: null, status: 'completed', created_at: now, completed_at: now, assessment: { items: [] }, issues: [] }),
      );
    }, latencyMs);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
