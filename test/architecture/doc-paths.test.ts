import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { REPO_ROOT } from '../support/repo-root.js';

/** The top-level folders whose files docs/architecture.md names in backticks. */
const ROOTS = ['domain', 'application', 'adapters', 'composition', 'test', 'docs', 'bench', 'spec'];

/**
 * The file and folder paths docs/architecture.md names in backticks: a path under one of `ROOTS`, without a
 * placeholder (`<name>`, `…`, `*`, `{id}`). The "How to add a module" recipe's module (`wishes`) lives in its fixture,
 * `test/fixtures/add-a-module/`, so its paths are looked for there (its tests excepted: `add-a-module.test.ts` is its
 * test).
 */
function namedPaths(markdown: string): string[] {
  const found = new Set<string>();
  for (const [, span] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const candidate = span!.trim();
    if (!/^[\w.-]+\/[\w./-]*$/.test(candidate)) continue;
    if (!ROOTS.includes(candidate.split('/')[0]!)) continue;
    found.add(candidate);
  }
  return [...found].sort();
}

const inFixture = (p: string): boolean => /(^|\/)wish(es)?\b|-wish(es)?[-.]/.test(p);

/** The recipe's own tests, which `test/integration/composition/add-a-module.test.ts` stands in for in the fixture. */
const RECIPE_TESTS = new Set(['test/contract/wish-repository.test.ts', 'test/integration/http/wishes.test.ts']);

describe('docs/architecture.md names only paths that exist', () => {
  const markdown = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'architecture.md'), 'utf8');
  const named = namedPaths(markdown);

  it('names some paths (the check reads the document)', () => {
    expect(named.length).to.be.greaterThan(50);
  });

  it('every backticked path is a file or folder of the repository (the recipe\'s in its fixture)', () => {
    const missing = named.filter((p) => {
      if (RECIPE_TESTS.has(p)) return false;
      const where = inFixture(p) ? path.join(REPO_ROOT, 'test', 'fixtures', 'add-a-module', p) : path.join(REPO_ROOT, p);
      return !fs.existsSync(where);
    });
    expect(missing).to.deep.equal([]);
  });
});
