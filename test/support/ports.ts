import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** A port on 127.0.0.1 where nothing listens (taken from the OS, then released). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
