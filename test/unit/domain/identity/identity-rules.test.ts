import { expect } from 'chai';
import { emailKey, emailProblem } from '../../../../domain/identity/email.js';
import { loginKey, loginNameProblem } from '../../../../domain/identity/login-name.js';
import { passwordProblem } from '../../../../domain/identity/password.js';

describe('Identity rules', () => {
  describe('login names', () => {
    for (const name of ['ab', 'Alice', 'dj_shadow', 'the.kid-99', '9lives', 'a'.repeat(40)]) {
      it(`accepts ${JSON.stringify(name)}`, () => expect(loginNameProblem(name)).to.equal(null));
    }
    const refused: Array<[string, RegExp]> = [
      ['a', /2 to 40 characters long; "a" has 1/],
      ['a'.repeat(41), /has 41/],
      ['', /has 0/],
      ['with space', /has " "/],
      ['slash/name', /has "\/"/],
      ['pct%20', /has "%"/],
      ['björk', /has "ö"/],
      ['.hidden', /starts with a letter or a digit/],
      ['..', /starts with a letter or a digit/],
      ['-dash', /starts with a letter or a digit/],
    ];
    for (const [name, message] of refused) {
      it(`refuses ${JSON.stringify(name)}`, () => expect(loginNameProblem(name)).to.match(message));
    }
    it('compares names without regard to case', () => expect(loginKey('Alice')).to.equal(loginKey('aLICE')));
  });

  describe('email addresses', () => {
    for (const email of ['a@b.co', 'first.last+tag@example.com', 'x@sub.domain.org']) {
      it(`accepts ${email}`, () => expect(emailProblem(email)).to.equal(null));
    }
    for (const email of ['plain', '@example.com', 'a@b', 'a b@c.de', 'a@b@c.de', 'a@.', `${'a'.repeat(250)}@b.co`, 'a@b.c\n']) {
      it(`refuses ${JSON.stringify(email)}`, () => expect(emailProblem(email)).to.be.a('string'));
    }
    it('compares addresses without regard to case', () => expect(emailKey('A@B.CO')).to.equal(emailKey('a@b.co')));
  });

  describe('passwords', () => {
    it('are 8 to 200 characters', () => {
      expect(passwordProblem('1234567')).to.match(/at least 8/);
      expect(passwordProblem('12345678')).to.equal(null);
      expect(passwordProblem('x'.repeat(200))).to.equal(null);
      expect(passwordProblem('x'.repeat(201))).to.match(/at most 200/);
    });
  });
});
