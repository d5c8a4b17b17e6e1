import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestServer {
  port: number;
  /** http://127.0.0.1:<port><path> */
  url(path: string): string;
  close(): Promise<void>;
}

/** A throwaway HTTP server on loopback, on a port the system picks. */
export async function startTestServer(
  handler: (req: IncomingMessage, res: ServerResponse, url: URL) => void,
): Promise<TestServer> {
  const server = createServer((req, res) => handler(req, res, new URL(req.url ?? '/', 'http://127.0.0.1')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
