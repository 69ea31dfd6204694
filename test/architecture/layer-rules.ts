import path from 'node:path';
import ts from 'typescript';

/** One source file: its path from the repository root with `/` separators, and its text. */
export interface SourceFile {
  readonly path: string;
  readonly text: string;
}

/** A broken rule: the file, which rule, and what in the file breaks it. */
export interface Violation {
  readonly path: string;
  readonly rule: RuleName;
  readonly detail: string;
}

export type RuleName =
  | 'domain imports'
  | 'application imports'
  | 'adapter imports'
  | 'adapter families'
  | 'composition imports'
  | 'outside the tree'
  | 'computed import'
  | 'nondeterminism';

/** The exceptions the rules allow, each with its reason, so that every one is visible and argued. */
export interface LayerExceptions {
  /** Adapter family → the other families it may import from. A family not listed may import only itself. */
  readonly adapterFamilies: Readonly<Record<string, readonly string[]>>;
  /** Package → why application/ may import it. */
  readonly applicationPackages: Readonly<Record<string, string>>;
  /** File → why it may import a module whose name is computed at run time (the checker cannot see which). */
  readonly computedImports: Readonly<Record<string, string>>;
}

/**
 * The allowlist of today's code, as small as the code allows (the test proves every entry is used):
 * - dump parsing (catalogue) reads nothing else; the persistence writers hand the dump's worker threads the
 *   encoder module they load, by name (see computedImports), so catalogue does not import persistence either;
 * - no other family imports another: HTTP never imports persistence, persistence never imports HTTP, and so on.
 */
export const EXCEPTIONS: LayerExceptions = {
  adapterFamilies: {},
  applicationPackages: {},
  computedImports: {
    'adapters/catalogue/dump/dump-piece-worker.ts':
      'a dump worker thread loads the record encoder of the writer that started it, named in its WorkerSetup, so the dump reader does not depend on the writers',
  },
};

/** Globals that make a result depend on the time, chance or the process: they come through ports instead. */
const NONDETERMINISTIC_GLOBALS = new Set(['crypto', 'process', 'performance']);

/** What a file imports: each module specifier it names, and whether it also imports something computed. */
interface FileImports {
  readonly specifiers: readonly string[];
  readonly computed: number;
  readonly nondeterminism: readonly string[];
}

function isStringLiteral(node: ts.Node | undefined): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral {
  return !!node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node));
}

/** Whether an identifier names a global rather than a property or a member being declared. */
function isFreeReference(id: ts.Identifier): boolean {
  const parent = id.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === id) {
    return ts.isIdentifier(parent.expression) && ['globalThis', 'global', 'window', 'self'].includes(parent.expression.text);
  }
  if ((ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent) || ts.isPropertyDeclaration(parent)) && parent.name === id) return false;
  if ((ts.isPropertySignature(parent) || ts.isMethodSignature(parent) || ts.isGetAccessor(parent) || ts.isSetAccessor(parent)) && parent.name === id) return false;
  if (ts.isQualifiedName(parent) && parent.right === id) return false;
  return true;
}

function isMember(node: ts.Node, object: string, member: string): boolean {
  return ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === object && node.name.text === member;
}

/** Reads a file's imports from its syntax tree, so comments and strings never count. */
function readImports(file: SourceFile): FileImports {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const specifiers: string[] = [];
  const nondeterminism: string[] = [];
  let computed = 0;
  const where = (node: ts.Node) => `line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const expr = node.moduleReference.expression;
      if (isStringLiteral(expr)) specifiers.push(expr.text);
      else computed++;
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      if (isImport || isRequire) {
        const arg = node.arguments[0];
        if (isStringLiteral(arg)) specifiers.push(arg.text);
        else computed++;
      }
      if (ts.isIdentifier(callee) && callee.text === 'Date') nondeterminism.push(`Date() at ${where(node)}`);
    } else if (ts.isNewExpression(node)) {
      if (ts.isIdentifier(node.expression) && node.expression.text === 'Date' && !node.arguments?.length) {
        nondeterminism.push(`new Date() at ${where(node)}`);
      }
    } else if (isMember(node, 'Date', 'now') || isMember(node, 'Math', 'random')) {
      nondeterminism.push(`${node.getText(source)} at ${where(node)}`);
    } else if (ts.isIdentifier(node) && NONDETERMINISTIC_GLOBALS.has(node.text) && isFreeReference(node)) {
      nondeterminism.push(`${node.text} at ${where(node)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { specifiers, computed, nondeterminism };
}

/** The layer of a path: its first folder (domain, application, adapters, composition, test, bench). */
function layerOf(file: string): string {
  return file.split('/')[0]!;
}

/** The adapter family of a path under adapters/ (its second folder), or null for a file directly in adapters/. */
function familyOf(file: string): string | null {
  const parts = file.split('/');
  return parts[0] === 'adapters' && parts.length > 2 ? parts[1]! : null;
}

/** Which imports each layer may make: the relative targets' layers, and whether packages are allowed. */
const LAYER_TARGETS: Readonly<Record<string, { readonly layers: readonly string[]; readonly rule: RuleName }>> = {
  domain: { layers: ['domain'], rule: 'domain imports' },
  application: { layers: ['domain', 'application'], rule: 'application imports' },
  adapters: { layers: ['domain', 'application', 'adapters'], rule: 'adapter imports' },
  composition: { layers: ['domain', 'application', 'adapters', 'composition'], rule: 'composition imports' },
};

/**
 * Checks the layer rules of docs/architecture.md over a set of files, without touching the disk:
 * - domain/ imports only domain/: no package, no `node:` module;
 * - application/ imports only domain/ and application/, and packages only as EXCEPTIONS lists them (none);
 * - domain/ and application/ read no clock, chance or process: `Date.now()`, `new Date()` without arguments,
 *   `Date()`, `Math.random()`, `crypto`, `process`, `performance` (time and ids come from the Clock and IdGenerator ports);
 * - adapters/ import domain/, application/, their own family and the families EXCEPTIONS allows, never
 *   composition/ or test/; every adapter file is in a family;
 * - composition/ imports every production layer but not test/ or bench/; test/ and bench/ import anything;
 * - no relative import leaves the repository; domain/, application/ and adapters/ import no module by a name
 *   computed at run time (which no rule could check) except where EXCEPTIONS says.
 * Static imports, `export … from`, `import type`, `import x = require()`, `import('…')` types and calls and
 * `require('…')` all count.
 */
export function checkLayers(files: readonly SourceFile[], exceptions: LayerExceptions = EXCEPTIONS): Violation[] {
  const violations: Violation[] = [];
  for (const file of files) {
    const layer = layerOf(file.path);
    const found = readImports(file);
    const report = (rule: RuleName, detail: string) => violations.push({ path: file.path, rule, detail });
    if (found.computed > 0 && layer in LAYER_TARGETS && layer !== 'composition' && !(file.path in exceptions.computedImports)) {
      report('computed import', `imports ${found.computed} module(s) by a name computed at run time`);
    }
    if (layer === 'domain' || layer === 'application') {
      for (const what of found.nondeterminism) report('nondeterminism', `uses ${what}`);
    }
    const family = familyOf(file.path);
    if (layer === 'adapters' && family === null) report('adapter families', 'is not in an adapter family folder (adapters/<family>/)');
    for (const spec of found.specifiers) {
      const relative = spec.startsWith('./') || spec.startsWith('../');
      if (relative) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(file.path), spec));
        if (target.startsWith('../')) {
          report('outside the tree', `imports ${spec}, outside the repository`);
          continue;
        }
        const targetLayer = layerOf(target);
        const allowed = LAYER_TARGETS[layer];
        if (allowed && !allowed.layers.includes(targetLayer)) {
          report(allowed.rule, `imports ${spec} (${targetLayer}/); ${layer}/ may import only ${allowed.layers.map((l) => `${l}/`).join(', ')}`);
          continue;
        }
        const targetFamily = familyOf(target);
        if (layer === 'adapters' && family && targetFamily && targetFamily !== family) {
          const mayUse = exceptions.adapterFamilies[family] ?? [];
          if (!mayUse.includes(targetFamily)) {
            report('adapter families', `imports ${spec}: the ${family} adapters may not import the ${targetFamily} adapters${mayUse.length ? ` (only ${mayUse.join(', ')})` : ''}`);
          }
        }
      } else if (layer === 'domain') {
        report('domain imports', `imports the package ${spec}; domain/ imports only domain/`);
      } else if (layer === 'application' && !(spec in exceptions.applicationPackages)) {
        report('application imports', `imports the package ${spec}; application/ imports only domain/ and application/`);
      }
    }
  }
  return violations;
}

/**
 * The exceptions no file needs any more: an allowed pair of adapter families that no import uses, a package the
 * application does not import, a computed-import allowance for a file that has none (or does not exist). Keeps the
 * allowlist as small as the code.
 */
export function unusedExceptions(files: readonly SourceFile[], exceptions: LayerExceptions = EXCEPTIONS): string[] {
  const usedPairs = new Set<string>();
  const usedPackages = new Set<string>();
  const computed = new Set<string>();
  for (const file of files) {
    const found = readImports(file);
    if (found.computed > 0) computed.add(file.path);
    for (const spec of found.specifiers) {
      if (!spec.startsWith('.')) {
        if (layerOf(file.path) === 'application') usedPackages.add(spec);
        continue;
      }
      const from = familyOf(file.path);
      const to = familyOf(path.posix.normalize(path.posix.join(path.posix.dirname(file.path), spec)));
      if (from && to && from !== to) usedPairs.add(`${from} → ${to}`);
    }
  }
  return [
    ...Object.entries(exceptions.adapterFamilies)
      .flatMap(([from, tos]) => tos.map((to) => `${from} → ${to}`))
      .filter((pair) => !usedPairs.has(pair))
      .map((pair) => `adapter families ${pair}`),
    ...Object.keys(exceptions.applicationPackages).filter((p) => !usedPackages.has(p)).map((p) => `application package ${p}`),
    ...Object.keys(exceptions.computedImports).filter((f) => !computed.has(f)).map((f) => `computed import in ${f}`),
  ];
}
