import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { REPO_ROOT } from '../support/repo-root.js';

/**
 * The package's entry points (docs/adr/0037-package.md) are barrels: `index.ts` of each module folder of `domain/` and
 * `application/` and of each adapter family, which `package.json`'s `exports` name by pattern. This keeps each barrel
 * whole, so that a use case, a domain type or an adapter added to a folder is public without a deep import:
 * - a module of `domain/` or `application/`: every file of its folder;
 * - an adapter family: every file of its folder and subfolders, except migrations (loaded through the module
 *   schemas) and worker-thread entry files (which run when imported);
 * - the SQL family (`adapters/persistence/`): its own top-level files and the adapters whose names say their
 *   technique (`sql-`, `mikro-orm-`, `pg-`, `pglite-`, `postgres-`, `retrying-`; `catalogue-writer-for`), not the
 *   row schemas and encoders beneath them.
 */
const ADAPTER_TECHNIQUE = /^(sql|mikro-orm|pg|pglite|postgres|retrying)-|^catalogue-writer-for\./;

function sources(dir: string, recursive: boolean): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(REPO_ROOT, dir), { withFileTypes: true })) {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (recursive && entry.name !== 'migrations') found.push(...sources(file, true));
    } else if (entry.name.endsWith('.ts') && entry.name !== 'index.ts' && !entry.name.endsWith('-worker.ts')) {
      found.push(file);
    }
  }
  return found;
}

/** The `export * from` lines a barrel must hold, in name order. */
function expectedExports(dir: string, family: boolean): string[] {
  const kept = sources(dir, family).filter(
    (f) => dir !== 'adapters/persistence' || path.posix.dirname(f) === dir || ADAPTER_TECHNIQUE.test(path.posix.basename(f)),
  );
  return kept.map((f) => `./${path.posix.relative(dir, f).replace(/\.ts$/, '.js')}`).sort();
}

function actualExports(dir: string): string[] {
  const text = fs.readFileSync(path.join(REPO_ROOT, dir, 'index.ts'), 'utf8');
  return [...text.matchAll(/^export \* from '([^']+)';$/gm)].map((m) => m[1]!).sort();
}

const folders = (layer: string) =>
  fs.readdirSync(path.join(REPO_ROOT, layer), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `${layer}/${e.name}`);

describe('package entry points (the barrels package.json exports)', () => {
  const barrels = [
    ...folders('domain').map((dir) => ({ dir, family: false })),
    ...folders('application').map((dir) => ({ dir, family: false })),
    ...folders('adapters').map((dir) => ({ dir, family: true })),
  ];

  for (const { dir, family } of barrels) {
    it(`${dir}/index.ts re-exports every file it should`, () => {
      expect(fs.existsSync(path.join(REPO_ROOT, dir, 'index.ts')), `${dir}/index.ts is missing`).to.equal(true);
      expect(actualExports(dir)).to.deep.equal(expectedExports(dir, family));
    });
  }

  it('composition/index.ts (the `spindle` entry point) re-exports every module\'s tokens', () => {
    const tokens = folders('composition')
      .flatMap((dir) => fs.readdirSync(path.join(REPO_ROOT, dir)).filter((f) => f.endsWith('-tokens.ts')).map((f) => `./${path.posix.relative('composition', `${dir}/${f}`).replace(/\.ts$/, '.js')}`))
      .sort();
    expect(actualExports('composition').filter((e) => e.endsWith('-tokens.js'))).to.deep.equal(tokens);
  });

  it('exports them, and the composition root, by patterns of package.json', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    expect(Object.keys(pkg.exports)).to.deep.equal(['.', './application', './application/*', './domain/*', './adapters/*', './package.json']);
  });
});
