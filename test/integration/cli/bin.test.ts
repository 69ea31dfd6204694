import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { REPO_ROOT } from '../../support/repo-root.js';

const CLI = path.join(REPO_ROOT, 'dist/composition/cli.js');
const run = promisify(execFile);

/**
 * Node prints this environment variable and the program's arguments before the program starts, as node sees them,
 * then the options node was started with (less this one).
 */
const SHOW_THRESHOLD =
  "--import=data:text/javascript,console.log('threshold='+process.env.MALLOC_MMAP_THRESHOLD_,JSON.stringify(process.argv.slice(2)),JSON.stringify(process.execArgv.filter(o=>!o.startsWith('--import'))))";

describe('the spindle program started as a file (as `npx spindle` starts it)', function () {
  this.timeout(30_000);

  // npm makes a package's bin executable when it links it (`npx spindle`, a global install); tsc does not.
  before(() => fs.chmodSync(CLI, 0o755));

  it('runs under node through its first lines, with glibc’s mmap threshold fixed at 256 KiB', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: SHOW_THRESHOLD };
    delete env.MALLOC_MMAP_THRESHOLD_;
    const { stdout } = await run(CLI, ['--help'], { env });
    expect(stdout).to.match(/^threshold=262144 \["--help"\] \[\]\n/);
    expect(stdout).to.include('Usage: spindle');
  });

  it('keeps a threshold the operator set, and passes every argument through as it was given', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: SHOW_THRESHOLD, MALLOC_MMAP_THRESHOLD_: '1048576' };
    const args = ['import', '--no-such-option', 'a file with spaces.xml', '$HOME', '"quoted"'];
    const err = await run(CLI, args, { env }).catch((e: unknown) => e);
    const { stdout, stderr } = err as { stdout: string; stderr: string };
    expect(stdout.split('\n')[0]).to.equal(`threshold=1048576 ${JSON.stringify(args)} ["--max-semi-space-size=4","--heap-growing-percent=20"]`);
    expect(stderr).to.include("unknown option '--no-such-option'");
  });

  it('starts `import` with a young generation of 4 MB semi-spaces and a tighter old generation, and other commands with V8\'s defaults', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: SHOW_THRESHOLD };
    const shown = async (args: string[]): Promise<string> => {
      const out = await run(CLI, args, { env }).catch((e: { stdout: string }) => e);
      return out.stdout.split('\n')[0]!;
    };
    expect(await shown(['import', '--help'])).to.equal('threshold=262144 ["import","--help"] ["--max-semi-space-size=4","--heap-growing-percent=20"]');
    expect(await shown(['serve', '--help'])).to.equal('threshold=262144 ["serve","--help"] []');
    expect(await shown(['importer'])).to.equal('threshold=262144 ["importer"] []');
  });
});
