import { expect } from 'chai';
import { RandomSecretGenerator, Sha256SecretDigest } from '../../../../adapters/system/random-secrets.js';
import { ScryptPasswordHasher } from '../../../../adapters/system/scrypt-password-hasher.js';
import { DUMMY_HASH } from '../../../../application/identity/authenticate.js';

describe('Password hashing and secrets', function () {
  this.timeout(30_000);
  const fast = new ScryptPasswordHasher({ N: 2 ** 10, r: 8, p: 1 });

  it('hashes with scrypt, a salt of its own each time, and checks the password against the hash', async () => {
    const a = await fast.hash('correct horse');
    const b = await fast.hash('correct horse');
    expect(a).to.match(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).to.not.equal(b);
    expect(await fast.verify('correct horse', a)).to.equal(true);
    expect(await fast.verify('correct horse!', a)).to.equal(false);
    expect(await fast.verify('', a)).to.equal(false);
  });

  it('checks a hash made with other costs by the costs it carries', async () => {
    const hash = await fast.hash('pässword');
    expect(await new ScryptPasswordHasher().verify('pässword', hash)).to.equal(true);
    // NFKC: the same password typed with a combining diaeresis.
    expect(await fast.verify('pa\u0308ssword', hash)).to.equal(true);
  });

  it('refuses what is not one of its hashes, and the dummy hash of unknown names', async () => {
    for (const bad of ['', 'plain', 'scrypt$1$8$1$AA$AA', 'bcrypt$x', 'scrypt$99999999$8$1$AAAA$AAAA', 'scrypt$1024$8$1$AAAA$short']) {
      expect(await fast.verify('x', bad), bad).to.equal(false);
    }
    expect(await new ScryptPasswordHasher().verify('anything', DUMMY_HASH)).to.equal(false);
  });

  it('makes secrets of letters and digits, and digests them the same way every time', () => {
    const secrets = new RandomSecretGenerator();
    const seen = new Set<string>();
    for (let i = 0; i < 100; i++) {
      const s = secrets.generate(40);
      expect(s).to.match(/^[A-Za-z0-9]{40}$/);
      seen.add(s);
    }
    expect(seen.size).to.equal(100);
    const digest = new Sha256SecretDigest();
    expect(digest.digest('abc')).to.equal('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(digest.digest('abc')).to.equal(digest.digest('abc'));
  });
});
