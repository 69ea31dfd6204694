import { expect } from 'chai';
import { InMemoryApplicationRepository, InMemoryUserRepository } from '../../../../adapters/in-memory/in-memory-identity-repositories.js';
import { InMemoryUnitOfWork } from '../../../../adapters/in-memory/in-memory-unit-of-work.js';
import { ListOwnApplications } from '../../../../application/identity/list-own-applications.js';
import type { ClientApplication, User } from '../../../../domain/identity/accounts.js';

describe('ListOwnApplications', () => {
  const at = new Date('2026-11-22T12:00:00Z');
  const person = (username: string): Omit<User, 'id'> => ({
    username, realName: '', email: `${username}@example.com`, passwordHash: 'x', registeredAt: at, homePage: '', location: '', profile: '', currency: 'USD',
  });
  const app = (id: string, ownerId: number): ClientApplication => ({
    id, name: `App ${id}`, ownerId, consumerKey: `key-${id}`, consumerSecret: `secret-${id}`, callbackUrl: null, createdAt: at,
  });

  it("lists the applications the user registered, none of another's, and none for a user no longer there", async () => {
    const uow = new InMemoryUnitOfWork();
    const users = new InMemoryUserRepository(uow);
    const apps = new InMemoryApplicationRepository(uow);
    const [alice, bob] = await uow.run(async () => [await users.add(person('alice')), await users.add(person('bob'))]);
    await uow.run(async () => {
      await apps.add(app('a1', alice!.id));
      await apps.add(app('b1', bob!.id));
      await apps.add(app('a2', alice!.id));
    });
    const list = new ListOwnApplications(users, apps);
    expect((await list.execute({ userId: alice!.id })).map((a) => a.id)).to.have.members(['a1', 'a2']);
    expect((await list.execute({ userId: bob!.id })).map((a) => a.id)).to.deep.equal(['b1']);
    expect(await list.execute({ userId: 99 })).to.deep.equal([]);
  });
});
