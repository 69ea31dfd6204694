import type { Container } from 'inversify';

/** The demo seller's settings and listings (after the demo users and the demo catalogue). */
export async function seedDemoMarketplace(container: Container, log: (line: string) => void): Promise<void> {
  void container;
  void log;
}
