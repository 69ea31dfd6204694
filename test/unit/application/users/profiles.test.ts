import { expect } from 'chai';
import { profileEditInput } from '../../../../adapters/http/users/profile-bodies.js';
import { InMemoryCatalogueReader } from '../../../../adapters/in-memory/in-memory-catalogue-reader.js';
import { FixedClock } from '../../../../adapters/in-memory/fixed-clock.js';
import { InMemoryUserRepository } from '../../../../adapters/in-memory/in-memory-identity-repositories.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { Forbidden, Invalid, NotFound, Unauthenticated } from '../../../../application/errors.js';
import { NO_USER_FIGURES, type UserFiguresSource } from '../../../../application/ports/user-figures.js';
import { ANONYMOUS, type Caller } from '../../../../application/shared/caller.js';
import { TextRenderer } from '../../../../application/text/text-renderer.js';
import { EditProfile } from '../../../../application/users/edit-profile.js';
import { GetProfile } from '../../../../application/users/get-profile.js';
import { rejection } from '../../../support/rejection.js';

describe('Profiles (use cases, in memory)', () => {
  const clock = new FixedClock('2026-11-22T12:00:00Z');
  let users: InMemoryUserRepository;
  let uow: InMemoryUnitOfWork;
  const text = new TextRenderer(new InMemoryCatalogueReader(clock), 'https://web.test');
  const me: Caller = { kind: 'user', userId: '1', username: 'me', via: 'token' };
  const them: Caller = { kind: 'user', userId: '2', username: 'them', via: 'token' };
  const app: Caller = { kind: 'application', applicationId: 'a' };

  beforeEach(async () => {
    uow = new InMemoryUnitOfWork();
    users = new InMemoryUserRepository(uow);
    for (const name of ['me', 'them']) {
      await uow.run(() =>
        users.add({ username: name, realName: '', email: `${name}@x.test`, passwordHash: 'h', registeredAt: clock.now(), homePage: '', location: '', profile: '', currency: 'USD' }),
      );
    }
  });

  it('hides the email, private collection and wantlist sizes and private lists from everyone but the user', async () => {
    const figures: UserFiguresSource = {
      forUser: async () => ({ ...(await NO_USER_FIGURES.forUser(1)), numCollection: 12, collectionPublic: false, numWantlist: 3, wantlistPublic: true, numLists: 5, numPublicLists: 2 }),
    };
    const get = new GetProfile(users, text, figures);
    const own = await get.execute({ name: 'ME', caller: me, textFormat: 'markup' });
    expect([own.email, own.numCollection, own.numWantlist, own.numLists]).to.deep.equal(['me@x.test', 12, 3, 5]);
    for (const caller of [them, app, ANONYMOUS]) {
      const view = await get.execute({ name: 'me', caller, textFormat: 'markup' });
      expect([view.email, view.numCollection, view.numWantlist, view.numLists], caller.kind).to.deep.equal([undefined, undefined, 3, 2]);
      expect(JSON.stringify(view)).to.not.include('me@x.test');
      expect(view.user).to.not.have.property('passwordHash');
    }
    expect(await rejection(get.execute({ name: 'nobody', caller: me, textFormat: 'markup' }))).to.be.instanceOf(NotFound);
  });

  it('lets only the user edit, refusing bad fields before changing anything', async () => {
    const get = new GetProfile(users, text);
    const edit = new EditProfile(users, get, uow);
    expect(await rejection(edit.execute({ name: 'me', caller: them, body: () => profileEditInput({ location: 'x' }), textFormat: 'markup' }))).to.be.instanceOf(Forbidden);
    expect(await rejection(edit.execute({ name: 'me', caller: app, body: () => profileEditInput({ location: 'x' }), textFormat: 'markup' }))).to.be.instanceOf(Forbidden);
    expect(await rejection(edit.execute({ name: 'me', caller: ANONYMOUS, body: () => profileEditInput({ location: 'x' }), textFormat: 'markup' }))).to.be.instanceOf(Unauthenticated);
    const cases: Array<[unknown, string]> = [
      [{ home_page: 'ftp://x' }, 'home_page must be an http or https URL.'],
      [{ real_name: 'x'.repeat(201) }, 'real_name is at most 200 characters long.'],
      [{ profile: 'x'.repeat(10_001) }, 'profile is at most 10000 characters long.'],
      [{ curr_abbr: 'ABC' }, 'curr_abbr must be a currency the service knows, got "ABC".'],
      [[1, 2], 'The body must be a JSON object.'],
    ];
    for (const [body, message] of cases) {
      const err = await rejection(edit.execute({ name: 'me', caller: me, body: () => profileEditInput(body), textFormat: 'markup' }));
      expect(err, JSON.stringify(body)).to.be.instanceOf(Invalid);
      expect(err.message).to.equal(message);
    }
    expect((await users.byId(1))!.location).to.equal('');
    const view = await edit.execute({ name: 'me', caller: me, body: () => profileEditInput({ real_name: ' Me Myself ', home_page: 'http://me.test', curr_abbr: 'eur' }), textFormat: 'markup' });
    expect(view.user).to.include({ realName: 'Me Myself', homePage: 'http://me.test', currency: 'EUR', location: '' });
  });
});
