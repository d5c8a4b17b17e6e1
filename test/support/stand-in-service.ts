/**
 * A stand-in for a remote assessment service, run as its own process: answers POST /images at once
 * and every assessment after a fixed latency, so the assessor's own overhead can be measured.
 * GET /stats tells how many assessments are in flight, the most ever, and how many were answered.
 * Usage: node stand-in-service.ts LATENCY_MS ; prints its base URL on stdout.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const latencyMs = Number(process.argv[2] ?? 200);
// Assessments being answered now, and the most there ever were (GET /stats): what backpressure bounds.
let inFlight = 0;
let maxInFlight = 0;
let answered = 0;
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.url === '/stats') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ inFlight, maxInFlight, answered }));
      return;
    }
    if (req.url === '/images') {
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ image_ref: `img_${randomUUID()}` }));
      return;
    }
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      inFlight--;
      answered++;
      const now = new Date().toISOString();
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({ assessment_id: randomUUID(), external_id: null, status: 'completed', created_at: now, completed_at: now, assessment: { items: [] }, issues: [] }),
      );
    }, latencyMs);
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
