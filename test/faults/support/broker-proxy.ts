import { connect, createServer, Socket, type Server } from 'node:net';
import type { KafkaSocketFactory } from '@assay/bus';

/**
 * A TCP proxy between Kafka clients and the brokers, for cutting the network under them: one
 * listener per broker address the clients are told about, piping bytes both ways. `cut()` drops
 * every open connection; `refuse(true)` makes new ones fail until `refuse(false)`. The clients
 * reach it through the bus's socket factory, since brokers advertise their own addresses.
 */
export function createBrokerProxy() {
  const listeners = new Map<string, Promise<{ server: Server; port: number }>>();
  const open = new Set<Socket>();
  let refusing = false;
  let cuts = 0;
  let accepted = 0;
  let dropped = 0;
  let acceptedBeforeFirstCut = 0;

  function listenerFor(host: string, port: number) {
    const target = `${host}:${port}`;
    let listener = listeners.get(target);
    if (!listener) {
      listener = new Promise((resolve) => {
        const server = createServer((client) => {
          if (refusing) return void client.destroy();
          accepted++;
          const upstream = connect({ host, port });
          for (const socket of [client, upstream]) {
            open.add(socket);
            socket.on('close', () => open.delete(socket));
            socket.on('error', () => {});
          }
          client.pipe(upstream).pipe(client);
          client.on('close', () => upstream.destroy());
          upstream.on('close', () => client.destroy());
        });
        server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port }));
      });
      listeners.set(target, listener);
    }
    return listener;
  }

  /** kafkajs opens a socket synchronously: connect once the listener for this broker is up. */
  const socketFactory: KafkaSocketFactory = ({ host, port, onConnect }) => {
    const socket = new Socket();
    void listenerFor(host, port).then(({ port: local }) => socket.connect({ host: '127.0.0.1', port: local }, onConnect));
    return socket;
  };

  return {
    socketFactory,
    /** Drops every connection through the proxy, as a network partition would. */
    cut() {
      if (cuts === 0) acceptedBeforeFirstCut = accepted;
      cuts++;
      dropped += open.size;
      for (const socket of open) socket.destroy();
    },
    refuse(on: boolean) {
      refusing = on;
    },
    get cuts() {
      return cuts;
    },
    /** Connections the clients opened again after the first cut. */
    get reconnections() {
      return accepted - acceptedBeforeFirstCut;
    },
    /** Sockets (client and broker sides) the cuts destroyed. */
    get dropped() {
      return dropped;
    },
    async close() {
      for (const socket of open) socket.destroy();
      for (const listener of listeners.values()) {
        const { server } = await listener;
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  };
}
