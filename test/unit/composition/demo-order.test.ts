import { expect } from 'chai';
import { ContainerModule } from 'inversify';
import { demoOrder } from '../../../composition/spindle.js';
import type { SpindleModule } from '../../../composition/spindle-module.js';

const aModule = (name: string, demoAfter?: string[]): SpindleModule => ({ name, demoAfter, bindings: () => new ContainerModule(() => {}) });

describe('demoOrder', () => {
  it('keeps name order when nobody waits', () => {
    expect(demoOrder([aModule('a'), aModule('b'), aModule('c')]).map((m) => m.name)).to.deep.equal(['a', 'b', 'c']);
  });

  it('puts a module after the modules it waits for, and the rest in their order', () => {
    const order = demoOrder([aModule('catalogue'), aModule('collection', ['identity', 'catalogue']), aModule('identity'), aModule('images')]);
    expect(order.map((m) => m.name)).to.deep.equal(['catalogue', 'identity', 'collection', 'images']);
  });

  it('follows chains of waiting', () => {
    const order = demoOrder([aModule('a', ['c']), aModule('b'), aModule('c', ['d']), aModule('d')]);
    expect(order.map((m) => m.name)).to.deep.equal(['b', 'd', 'c', 'a']);
  });

  it('ignores a name no module has (a module left out of an embedding program)', () => {
    expect(demoOrder([aModule('lists', ['identity'])]).map((m) => m.name)).to.deep.equal(['lists']);
  });

  it('refuses a cycle, naming the modules in it', () => {
    expect(() => demoOrder([aModule('a', ['b']), aModule('b', ['a']), aModule('c')])).to.throw('The demo data of a, b wait for each other');
  });
});
