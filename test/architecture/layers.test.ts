import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';

/** The layer rules of docs/architecture.md: which top-level folders each layer may import from. */
const ALLOWED: Record<string, readonly string[]> = {
  domain: ['domain'],
  application: ['domain', 'application'],
  adapters: ['domain', 'application', 'adapters'],
  composition: ['domain', 'application', 'adapters', 'composition'],
};

/** Packages the pure layers may not use: frameworks, drivers, I/O. */
const FORBIDDEN_IN_CORE = /^(koa|@koa\/|koa-body|@mikro-orm\/|inversify|reflect-metadata|pg|pg-|@electric-sql\/|ioredis|csv-|saxes|pino|commander|node:fs|node:net|node:http|fs|http)/;

const root = process.cwd();

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function imports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specs: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g)) specs.push(m[1]!);
  for (const m of text.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)) specs.push(m[1]!);
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) specs.push(m[1]!);
  return specs;
}

describe('layer dependency rules', () => {
  for (const layer of Object.keys(ALLOWED)) {
    it(`${layer}/ imports only from ${ALLOWED[layer]!.join(', ')}`, () => {
      const problems: string[] = [];
      for (const file of sourceFiles(path.join(root, layer))) {
        for (const spec of imports(file)) {
          if (spec.startsWith('.')) {
            const target = path.relative(root, path.resolve(path.dirname(file), spec)).split(path.sep)[0]!;
            if (!ALLOWED[layer]!.includes(target)) problems.push(`${path.relative(root, file)} imports ${spec}`);
          } else if ((layer === 'domain' || layer === 'application') && FORBIDDEN_IN_CORE.test(spec)) {
            problems.push(`${path.relative(root, file)} imports package ${spec}`);
          }
        }
      }
      expect(problems).to.deep.equal([]);
    });
  }

  it('finds the files it checks', () => {
    expect(sourceFiles(path.join(root, 'domain')).length).to.be.greaterThan(3);
  });
});
