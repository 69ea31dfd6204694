import net, { type AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a server the tests share (Redis, PostgreSQL), so that a test can take the server away from
 * the code under test without disturbing anyone else: `cut()` drops every connection and stops listening (the
 * server is down), `resume()` listens again on the same port (it is back), `freeze()` keeps connections open but
 * forwards nothing (it hangs).
 *
 * ```ts
 * const proxy = await TcpProxy.start(6379);
 * const url = `redis://127.0.0.1:${proxy.port}`;
 * await proxy.cut(); … await proxy.resume(); … await proxy.close();
 * ```
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private frozen = false;

  private constructor(
    private readonly targetPort: number,
    private readonly targetHost: string,
    /** The port the proxy listens on (127.0.0.1); the same after `resume()`. */
    public port: number,
  ) {}

  /** Listens on a free port of 127.0.0.1 and forwards every connection to `targetHost:targetPort`. */
  static async start(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
    const proxy = new TcpProxy(targetPort, targetHost, 0);
    await proxy.listen();
    return proxy;
  }

  /** Whether it accepts connections now (not cut). */
  get listening(): boolean {
    return this.server !== undefined;
  }

  /** The server goes away: every connection is destroyed and new ones are refused until `resume()`. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The server is back: listens again on the same port, forwarding as before. */
  async resume(): Promise<void> {
    this.frozen = false;
    if (!this.server) await this.listen();
  }

  /** The server hangs: connections stay open, nothing is forwarded either way (until `thaw()` or `resume()`). */
  freeze(): void {
    this.frozen = true;
  }

  thaw(): void {
    this.frozen = false;
  }

  /** Stops for good (the same as `cut()`). */
  close(): Promise<void> {
    return this.cut();
  }

  private async listen(): Promise<void> {
    const server = net.createServer((client) => this.forward(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  private forward(client: net.Socket): void {
    const upstream = net.connect(this.targetPort, this.targetHost);
    for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
      this.sockets.add(from);
      from.on('data', (chunk) => {
        if (!this.frozen) to.write(chunk);
      });
      from.on('error', () => undefined);
      from.on('close', () => {
        this.sockets.delete(from);
        to.destroy();
      });
    }
  }
}
