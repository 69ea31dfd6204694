import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';

import { expect } from 'chai';

import { handleClientError } from '../../../../adapters/http/client-errors.js';

interface RawResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Sends `payload` on a raw socket and reads until the server closes it. */
function exchange(port: number, payload: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(payload));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

describe('adapters/http/client-errors', () => {
  let server: http.Server;
  let port: number;
  let handled: number;

  before(async () => {
    server = http.createServer((_req, res) => {
      handled++;
      res.end('ok');
    });
    server.on('clientError', handleClientError);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  beforeEach(() => {
    handled = 0;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const TOO_LARGE = '{"message": "The request\'s URL or headers are too large."}';

  function expectJson(res: RawResponse, status: number, body: string): void {
    expect(res.status).to.equal(status);
    expect(res.body).to.equal(body);
    expect(res.headers['content-type']).to.equal('application/json');
    expect(res.headers['content-length']).to.equal(String(Buffer.byteLength(body)));
    expect(res.headers.connection).to.equal('close');
    expect(handled).to.equal(0);
  }

  it('answers a 20 KB header with 431 and a JSON message', async () => {
    const res = await exchange(port, `GET /releases/1 HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectJson(res, 431, TOO_LARGE);
  });

  it('answers a 20 KB URL with 431 and a JSON message', async () => {
    const res = await exchange(port, `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectJson(res, 431, TOO_LARGE);
  });

  it('answers in full while the client is still sending a 2 MB header', async () => {
    const res = await exchange(port, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(2_000_000)}\r\n\r\n`);
    expectJson(res, 431, TOO_LARGE);
  });

  it('answers other parse errors with 400 and a JSON message', async () => {
    for (const payload of ['NOT HTTP AT ALL\r\n\r\n', 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: x\r\n\r\n']) {
      expectJson(await exchange(port, payload), 400, '{"message": "The request is not valid HTTP."}');
    }
  });

  it('still serves a request of normal size', async () => {
    const res = await exchange(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).to.equal(200);
    expect(handled).to.equal(1);
  });

  it('only destroys a socket that cannot be written or was reset', () => {
    const ended = new PassThrough();
    let output = '';
    ended.on('data', (chunk: Buffer) => (output += chunk.toString()));
    ended.end();
    handleClientError(Object.assign(new Error('Parse Error'), { code: 'HPE_HEADER_OVERFLOW' }), ended);
    expect(ended.destroyed).to.equal(true);

    const reset = new PassThrough();
    reset.on('data', (chunk: Buffer) => (output += chunk.toString()));
    handleClientError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), reset);
    expect(reset.destroyed).to.equal(true);
    expect(output).to.equal('');
  });
});
