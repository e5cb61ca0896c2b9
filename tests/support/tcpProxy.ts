import { connect, createServer, type Socket } from 'node:net';

/**
 * How a cut treats the connections that come after it: `drop` resets each at once (as a
 * server that is down or restarting refuses), `hang` accepts it and never answers (a network
 * cut, a host gone) until restore() passes it on.
 */
export type CutMode = 'drop' | 'hang';

export interface TcpProxy {
  /** The port on 127.0.0.1 to connect to instead of the target. */
  port: number;
  /** A postgres:// URL with its host and port replaced by the proxy's. */
  urlFor: (url: string) => string;
  /** Ends every connection now; new ones are dropped or held (`mode`) until restore(). */
  cut: (mode?: CutMode) => void;
  /** Passes connections on again, the held ones first. */
  restore: () => void;
  /** Connections passed on right now. */
  open: () => number;
  /** Connections accepted so far, cut or not: how often clients tried. */
  accepted: () => number;
  close: () => Promise<void>;
}

/** A TCP proxy on a free port of 127.0.0.1 to `target` (PostgreSQL on 127.0.0.1:5432 by default), for outage tests. */
export async function startTcpProxy(target: { host?: string; port?: number } = {}): Promise<TcpProxy> {
  const host = target.host ?? '127.0.0.1';
  const port = target.port ?? 5432;
  let mode: CutMode | null = null;
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  const held = new Set<Socket>();
  let accepted = 0;

  const forward = (client: Socket) => {
    const upstream = connect(port, host);
    const pair = { client, upstream };
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    upstream.on('error', end);
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const server = createServer((client) => {
    accepted++;
    client.on('error', () => client.destroy());
    if (mode === 'drop') {
      client.resetAndDestroy();
      return;
    }
    if (mode === 'hang') {
      // What the client sends waits in the socket until restore() passes it on.
      client.pause();
      held.add(client);
      client.on('close', () => held.delete(client));
      return;
    }
    forward(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The proxy has no port');

  const cut = (cutMode: CutMode = 'drop') => {
    mode = cutMode;
    for (const { client, upstream } of [...pairs]) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };

  return {
    port: address.port,
    urlFor: (url) => {
      const proxied = new URL(url);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(address.port);
      return proxied.toString();
    },
    cut,
    restore: () => {
      mode = null;
      for (const client of [...held]) {
        held.delete(client);
        if (!client.destroyed) forward(client);
      }
    },
    open: () => pairs.size,
    accepted: () => accepted,
    close: async () => {
      cut('drop');
      for (const client of held) client.destroy();
      held.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
