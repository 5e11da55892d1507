// A server on 127.0.0.1 that accepts connections and never answers: a remote source that hangs.
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface SilentServer {
  /** http://127.0.0.1:<port> */
  base: string;
  close: () => Promise<void>;
}

export async function silentServer(): Promise<SilentServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => { sockets.add(socket); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
