/**
 * The image host for URL uploads, run as its own process so that serving the photo costs neither the
 * API process nor the load generator's event loop:
 *
 *   node test/bench/lib/photo-server.ts PHOTO.jpg
 *
 * Serves GET /photo.jpg on 127.0.0.1 (a fresh variant of the photo each time, see UniqueJpeg), prints
 * one line `{"port":N}` on stdout when listening, and exits when its stdin closes (its parent is gone)
 * or on SIGTERM.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UniqueJpeg } from './photo.ts';

const path = process.argv[2];
if (!path) {
  process.stderr.write('usage: photo-server.ts PHOTO.jpg\n');
  process.exit(2);
}
const photo = new UniqueJpeg(await readFile(path), 'bench-url');

const server = createServer((req, res) => {
  if (req.method !== 'GET' || req.url !== '/photo.jpg') return res.writeHead(404).end();
  const { head } = photo.next();
  res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': head.length + photo.tail.length });
  res.write(head);
  res.end(photo.tail);
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});

const exit = () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
};
process.once('SIGTERM', exit);
process.once('SIGINT', exit);
process.stdin.on('end', exit).resume();
