import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The demo's webhook receiver: a loopback HTTP server that answers every delivery 200 and remembers how many it got,
 * so that a fresh `npm start` shows the demo seller's deliveries in its log. It does not keep the process alive.
 */
export async function startDemoReceiver(): Promise<{ readonly url: string; received: () => number }> {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('received by the Spindle demo receiver');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/demo-webhook`, received: () => received };
}
