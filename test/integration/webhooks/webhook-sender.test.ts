import type { LookupFunction } from 'node:net';
import { expect } from 'chai';
import { NodeWebhookSender, WEBHOOK_HEADERS, type WebhookSenderOptions } from '../../../adapters/system/node-webhook-sender.js';
import type { WebhookRequest } from '../../../application/ports/webhook-sender.js';
import { pythonSignature } from '../../support/webhook-fixtures.js';
import { TestReceiver } from '../../support/webhook-receiver.js';

const OPTIONS: WebhookSenderOptions = { allowPrivate: true, connectTimeoutMs: 1000, totalTimeoutMs: 800, maxResponseBytes: 64, userAgent: 'SpindleTest-Webhooks/1.0' };
const SECRET = 'whsec_abcdefghijklmnopqrstuvwxyz012345';

function request(url: string, body = '{"id":7,"type":"order.created","resource":{"note":"ünïcödé"}}'): WebhookRequest {
  return { url, secret: SECRET, eventId: 7, eventType: 'order.created', timestamp: 1_765_000_000, body };
}

describe('The webhook sender (node:http on a real receiver)', function () {
  this.timeout(30_000);
  let receiver: TestReceiver;
  before(async () => (receiver = await TestReceiver.start()));
  after(async () => receiver.close());

  it('posts the JSON body with the event headers and a signature a receiver verifies independently', async () => {
    const sent = request(`${receiver.url}/signed`);
    const res = await new NodeWebhookSender(OPTIONS).send(sent);
    expect([res.ok, res.status, res.error]).to.deep.equal([true, 200, null]);
    const [got] = receiver.on('/signed');
    expect(got!.body).to.equal(sent.body);
    expect(got!.headers['content-type']).to.equal('application/json');
    expect(got!.headers[WEBHOOK_HEADERS.id.toLowerCase()]).to.equal('7');
    expect(got!.headers[WEBHOOK_HEADERS.type.toLowerCase()]).to.equal('order.created');
    const timestamp = got!.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()] as string;
    expect(timestamp).to.equal('1765000000');
    const signature = got!.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string;
    expect(signature).to.equal(`v1=${pythonSignature(SECRET, timestamp, got!.body)}`);
    // A body changed by one character, or another secret, does not verify.
    expect(signature).to.not.equal(`v1=${pythonSignature(SECRET, timestamp, got!.body.replace('7', '8'))}`);
    expect(signature).to.not.equal(`v1=${pythonSignature(`${SECRET}x`, timestamp, got!.body)}`);
  });

  it('does not follow a redirect: it is a failure naming where it pointed', async () => {
    receiver.plan('/moved', { status: 302, headers: { Location: `${receiver.url}/elsewhere` } });
    const res = await new NodeWebhookSender(OPTIONS).send(request(`${receiver.url}/moved`));
    expect([res.ok, res.status]).to.deep.equal([false, 302]);
    expect(res.error).to.contain('redirect').and.contain('/elsewhere');
    expect(receiver.on('/elsewhere')).to.have.length(0);
  });

  it('fails a non-2xx answer, keeping a cut excerpt of the response', async () => {
    receiver.plan('/broken', { status: 500, body: 'x'.repeat(10_000) });
    const res = await new NodeWebhookSender(OPTIONS).send(request(`${receiver.url}/broken`));
    expect([res.ok, res.status, res.error]).to.deep.equal([false, 500, 'The receiver answered 500.']);
    expect(res.excerpt).to.equal('x'.repeat(64));
  });

  it('gives up on a receiver slower than the total timeout', async () => {
    receiver.plan('/slow', { status: 200, delayMs: 3000 });
    const res = await new NodeWebhookSender(OPTIONS).send(request(`${receiver.url}/slow`));
    expect([res.ok, res.status]).to.deep.equal([false, null]);
    expect(res.error).to.contain('within 800 ms');
    expect(res.durationMs).to.be.below(2500);
  });

  it('reports a refused connection as a failure, not an error', async () => {
    const closed = await TestReceiver.start();
    const url = closed.url;
    await closed.close();
    const res = await new NodeWebhookSender(OPTIONS).send(request(`${url}/gone`));
    expect([res.ok, res.status, res.error]).to.deep.equal([false, null, 'Not delivered: the connection was refused.']);
  });

  describe('without WEBHOOK_ALLOW_PRIVATE', () => {
    const strict = { ...OPTIONS, allowPrivate: false };

    it('refuses http, address literals of non-public addresses and localhost as a subscription URL', () => {
      const policy = new NodeWebhookSender(strict);
      expect(policy.refusal('http://example.com/hook')).to.equal('url must be an https URL.');
      expect(policy.refusal('ftp://example.com/hook')).to.equal('url must be an https URL.');
      expect(policy.refusal('not a url')).to.equal('url must be an absolute https URL.');
      expect(policy.refusal('https://user:pw@example.com/hook')).to.equal('url must not hold a user name or password.');
      for (const url of ['https://127.0.0.1/x', 'https://[::1]/x', 'https://10.1.2.3/x', 'https://169.254.169.254/latest', 'https://[::ffff:127.0.0.1]/x', 'https://localhost/x', 'https://0x7f000001/x', 'https://2130706433/x']) {
        expect(policy.refusal(url), url).to.equal('url must not point at a private, loopback or other non-public address.');
      }
      expect(policy.refusal('https://hooks.example.com/x')).to.equal(null);
    });

    it('checks the address a name resolves to when connecting: a name pointing at loopback (DNS rebinding) is refused and nothing is sent', async () => {
      // The resolver answers a public-looking name with loopback, as a rebinding attacker's DNS does after the check.
      const port = new URL(receiver.url).port;
      const rebinding: LookupFunction = (hostname, options, callback) => {
        const cb = callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void;
        cb(null, [{ address: hostname === 'rebind.example' ? '127.0.0.1' : '93.184.216.34', family: 4 }]);
      };
      const before = receiver.received.length;
      const res = await new NodeWebhookSender(strict, rebinding).send(request(`https://rebind.example:${port}/rebound`));
      expect([res.ok, res.status]).to.deep.equal([false, null]);
      expect(res.error).to.equal('Not delivered: rebind.example resolves to 127.0.0.1, which is not a public address');
      expect(receiver.received.length).to.equal(before);

      // The same check for plain http when the operator allows it is the sender's, so an allowed receiver connects.
      const allowed = await new NodeWebhookSender(OPTIONS, rebinding).send(request(`http://rebind.example:${port}/rebound`));
      expect([allowed.ok, allowed.status]).to.deep.equal([true, 200]);
    });

    it('refuses a name with any non-public address among its answers', async () => {
      const mixed: LookupFunction = (_hostname, _options, callback) => {
        const cb = callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void;
        cb(null, [{ address: '93.184.216.34', family: 4 }, { address: '::1', family: 6 }]);
      };
      const res = await new NodeWebhookSender(strict, mixed).send(request('https://mixed.example/x'));
      expect(res.error).to.equal('Not delivered: mixed.example resolves to ::1, which is not a public address');
    });
  });
});
