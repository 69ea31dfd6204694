import { expect } from 'chai';
import { Unavailable } from '../../../../application/errors.js';
import { DiskSpaceGuard } from '../../../../adapters/persistence/disk-space-guard.js';
import { RecordingLogger } from '../../../support/recording-logger.js';

describe('DiskSpaceGuard', () => {
  const MB = 1024 * 1024;
  let free: number;
  let now: number;
  let reads: number;
  let logger: RecordingLogger;
  const guard = (reserveBytes = 100 * MB) =>
    new DiskSpaceGuard({ dir: '/data', reserveBytes, logger, readEveryMs: 1000, now: () => now, freeSpace: () => (reads++, free) });

  beforeEach(() => {
    free = 500 * MB;
    now = 0;
    reads = 0;
    logger = new RecordingLogger();
  });

  it('lets writes through while the reserve is free, reading the disk at most once a second', () => {
    const g = guard();
    for (let i = 0; i < 10; i++) g.assertRoom();
    expect(reads).to.equal(1);
    now = 1000;
    g.assertRoom();
    expect(reads).to.equal(2);
  });

  it('refuses with Unavailable below the reserve, told once, and lets writes through again with room', () => {
    const g = guard();
    g.assertRoom();
    free = 99 * MB;
    now = 1000;
    expect(() => g.assertRoom()).to.throw(Unavailable);
    now = 1500;
    expect(() => g.assertRoom(), 'the reading is trusted for a second').to.throw(Unavailable);
    now = 2000;
    expect(() => g.assertRoom()).to.throw(Unavailable);
    expect(logger.messages('error')).to.have.length(1);
    free = 101 * MB;
    now = 3000;
    g.assertRoom();
    expect(logger.messages('info')).to.deep.equal(['disk space available again; writes are taken']);
  });

  it('never refuses with a reserve of 0, nor when the free space cannot be read', () => {
    free = 0;
    guard(0).assertRoom();
    expect(reads).to.equal(0);
    const unreadable = new DiskSpaceGuard({ dir: '/x', reserveBytes: MB, logger, freeSpace: () => { throw new Error('ENOSYS'); } });
    unreadable.assertRoom();
  });
});
