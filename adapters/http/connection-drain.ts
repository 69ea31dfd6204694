import type { RequestListener, ServerResponse } from 'node:http';

/**
 * The server side of a drain (ADR 0047): once `begin` is called, every response not yet started, those of requests
 * in flight included, carries `Connection: close` and its connection is closed once it is sent, so that a client or
 * balancer holding a kept-alive connection opens its next one elsewhere instead of losing a request to a closed
 * socket. Node's `server.close()` closes only the connections idle at that moment; this closes the rest as they end.
 */
export class ConnectionDrain {
  private draining = false;
  private readonly open = new Set<ServerResponse>();

  /** The listener that marks responses while the drain lasts. */
  listener(inner: RequestListener): RequestListener {
    return (req, res) => {
      if (this.draining) res.shouldKeepAlive = false;
      else {
        this.open.add(res);
        res.once('close', () => this.open.delete(res));
      }
      inner(req, res);
    };
  }

  /** From now on no response keeps its connection open. */
  begin(): void {
    this.draining = true;
    for (const res of this.open) if (!res.headersSent) res.shouldKeepAlive = false;
    this.open.clear();
  }
}
