import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import {
  baseStringUri,
  normalizedParameters,
  percentEncode,
  signatureBaseString,
  signingKey,
} from '../../../../domain/identity/oauth-signature.js';

const hmac = (key: string, text: string): string => createHmac('sha1', key).update(text).digest('base64');

describe('OAuth 1.0a signature base string (RFC 5849)', () => {
  it('builds the base string of the example of section 3.4.1.1', () => {
    // POST /request?b5=%3D%253D&a3=a&c%40=&a2=r%20b, body c2&a3=2+q, header parameters as given (realm left out).
    const parameters: Array<[string, string]> = [
      ['b5', '=%3D'],
      ['a3', 'a'],
      ['c@', ''],
      ['a2', 'r b'],
      ['oauth_consumer_key', '9djdj82h48djs9d2'],
      ['oauth_token', 'kkk9d7dh3k39sjv7'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131201'],
      ['oauth_nonce', '7d8f3e4a'],
      ['oauth_signature', 'bYT5CMsGcbgUdFHObYMEfcx6bsw='],
      ['realm', 'Example'],
      ['c2', ''],
      ['a3', '2 q'],
    ];
    expect(normalizedParameters(parameters)).to.equal(
      'a2=r%20b&a3=2%20q&a3=a&b5=%3D%253D&c%40=&c2=&oauth_consumer_key=9djdj82h48djs9d2&oauth_nonce=7d8f3e4a&' +
        'oauth_signature_method=HMAC-SHA1&oauth_timestamp=137131201&oauth_token=kkk9d7dh3k39sjv7',
    );
    expect(signatureBaseString('post', 'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b', parameters)).to.equal(
      'POST&http%3A%2F%2Fexample.com%2Frequest&a2%3Dr%2520b%26a3%3D2%2520q%26a3%3Da%26b5%3D%253D%25253D%26c%2540%3D%26c2%3D%26' +
        'oauth_consumer_key%3D9djdj82h48djs9d2%26oauth_nonce%3D7d8f3e4a%26oauth_signature_method%3DHMAC-SHA1%26' +
        'oauth_timestamp%3D137131201%26oauth_token%3Dkkk9d7dh3k39sjv7',
    );
  });

  it('writes the base string URI as section 3.4.1.2 shows', () => {
    expect(baseStringUri('HTTP://EXAMPLE.COM:80/r%20v/X?id=123')).to.equal('http://example.com/r%20v/X');
    expect(baseStringUri('https://www.example.net:8080/?q=1')).to.equal('https://www.example.net:8080/');
    expect(baseStringUri('https://api.example.com:443/oauth/identity')).to.equal('https://api.example.com/oauth/identity');
  });

  it('signs the example request of section 1.2 (photos) with HMAC-SHA1 as the RFC does', () => {
    const parameters: Array<[string, string]> = [
      ['file', 'vacation.jpg'],
      ['size', 'original'],
      ['oauth_consumer_key', 'dpf43f3p2l4k3l03'],
      ['oauth_token', 'nnch734d00sl2jdk'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '137131202'],
      ['oauth_nonce', 'chapoH'],
    ];
    const base = signatureBaseString('GET', 'http://photos.example.net/photos?file=vacation.jpg&size=original', parameters);
    expect(base).to.equal(
      'GET&http%3A%2F%2Fphotos.example.net%2Fphotos&file%3Dvacation.jpg%26oauth_consumer_key%3Ddpf43f3p2l4k3l03%26' +
        'oauth_nonce%3DchapoH%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D137131202%26' +
        'oauth_token%3Dnnch734d00sl2jdk%26size%3Doriginal',
    );
    expect(hmac(signingKey('kd94hf93k423kf44', 'pfkkdhi9sl3r4s00'), base)).to.equal('MdpQcU8iPSUjWoN/UDMsK2sui9I=');
  });

  it('percent-encodes as RFC 3986 wants (unreserved kept, UTF-8, upper-case hex)', () => {
    expect(percentEncode("abcABC123-._~!*'()")).to.equal('abcABC123-._~%21%2A%27%28%29');
    expect(percentEncode('ü €')).to.equal('%C3%BC%20%E2%82%AC');
    expect(signingKey('cs&x', '')).to.equal('cs%26x&');
  });
});
