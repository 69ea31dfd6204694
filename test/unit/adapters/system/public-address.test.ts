import { expect } from 'chai';
import { isPublicAddress } from '../../../../adapters/system/public-address.js';

describe('Public addresses (where a webhook may connect)', () => {
  const notPublic = [
    '0.0.0.0', '0.1.2.3', '10.0.0.1', '100.64.0.1', '127.0.0.1', '127.255.255.254', '169.254.169.254', '172.16.0.1',
    '172.31.255.255', '192.0.0.8', '192.0.2.1', '192.168.1.1', '198.18.0.1', '198.51.100.7', '203.0.113.9', '224.0.0.1',
    '239.255.255.250', '240.0.0.1', '255.255.255.255',
    '::', '::1', '[::1]', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'ff02::1', '2001:db8::1', 'fec0::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:8.8.8.8', '64:ff9b::a00:1', '64:ff9b::8.8.8.8', '::127.0.0.1', '::a00:1',
    '2002:7f00:1::', 'localhost', 'example.com', '', '1.2.3', '999.1.1.1',
  ];
  const isPublic = ['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '[2a00:1450:4001:80b::200e]'];
  for (const a of notPublic) it(`refuses ${a || '(empty)'}`, () => expect(isPublicAddress(a)).to.equal(false));
  for (const a of isPublic) it(`allows ${a}`, () => expect(isPublicAddress(a)).to.equal(true));
});
