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
  | 'nondeterminism'
  | 'route imports'
  | 'module domains'
  | 'drivers'
  | 'storage families'
  | 'import cycle';

/** The exceptions the rules allow, each with its reason, so that every one is visible and argued. */
export interface LayerExceptions {
  /** Adapter family → the other families it may import from. A family not listed may import only itself. */
  readonly adapterFamilies: Readonly<Record<string, readonly string[]>>;
  /** Package → why application/ may import it. */
  readonly applicationPackages: Readonly<Record<string, string>>;
  /** File → why it may import a module whose name is computed at run time (the checker cannot see which). */
  readonly computedImports: Readonly<Record<string, string>>;
  /**
   * Module → its domain contract: the files of `domain/<module>/` that other modules' domains may import, and the
   * modules that may import them, each with why. A module not listed exports nothing to the other domains.
   */
  readonly domainContracts: Readonly<Record<string, DomainContract>>;
}

/** What one module's domain offers the others: which of its files, to which modules, and why. */
export interface DomainContract {
  /** File names in `domain/<module>/` (no folder), the only ones another module's domain may import. */
  readonly files: readonly string[];
  /** Importing module → why its domain needs this one's. */
  readonly usedBy: Readonly<Record<string, string>>;
}

/**
 * The drivers: packages that talk to a database, a server, a protocol or a file format, or that wire the process.
 * Each may be imported by the adapter families named here only (and composition/ only where it says so), so that
 * swapping a technology touches one family. A name ending in `/` covers every package of that scope; a package also
 * covers its subpaths (`@electric-sql/pglite/contrib/pg_trgm`). domain/ and application/ import no package at all;
 * test/ and bench/ may import any. Packages not listed (yaml, porter2, class-validator, `node:` modules) are free
 * for adapters and composition.
 */
export const DRIVERS: Readonly<Record<string, { readonly families: readonly string[]; readonly composition: boolean }>> = {
  pg: { families: ['persistence'], composition: false },
  'pg-copy-streams': { families: ['persistence'], composition: false },
  '@electric-sql/pglite': { families: ['persistence'], composition: false },
  '@mikro-orm/': { families: ['persistence'], composition: false },
  'proper-lockfile': { families: ['persistence'], composition: false },
  ioredis: { families: ['rate-limit'], composition: false },
  koa: { families: ['http'], composition: false },
  '@koa/': { families: ['http'], composition: false },
  'koa-body': { families: ['http'], composition: false },
  eta: { families: ['http'], composition: false },
  'prom-client': { families: ['http'], composition: false },
  'csv-parse': { families: ['csv'], composition: false },
  'csv-stringify': { families: ['csv'], composition: false },
  pino: { families: ['logging'], composition: false },
  commander: { families: [], composition: true },
  'cli-progress': { families: [], composition: true },
  inversify: { families: [], composition: true },
  'reflect-metadata': { families: [], composition: true },
};

/** The DRIVERS entry a package specifier falls under, if any. */
export function driverOf(spec: string): string | null {
  for (const name of Object.keys(DRIVERS)) {
    if (name.endsWith('/') ? spec.startsWith(name) : spec === name || spec.startsWith(`${name}/`)) return name;
  }
  return null;
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
  domainContracts: {
    shared: {
      files: ['refusal.ts'],
      usedBy: {
        collection: 'a collection or wantlist rule refuses with the one domain refusal: a bad value invalid, a folder or field not there not found',
        contributions: 'an entry of the edit history with bad fields is refused with the one domain refusal, each problem named',
        orders: "an order, its requests and its lifecycle refuse with the one domain refusal (invalid, or forbidden for a party's limit), statuses spelled per dialect",
        marketplace: 'listings, seller settings, shipping rates and money refuse with the one domain refusal, a code saying which rule so that callers can merge the problems',
        identity: 'a login name or email address already taken is a conflict refusal, thrown by the user repositories',
        inventory: "an upload file's header is refused with the one domain refusal, its problems the rows' UploadProblems",
        lists: "a broken list rule is the one domain refusal, its rule the code (an item there already a conflict, one not there not found)",
        ratings: 'a rating outside the scale is refused with the one domain refusal (invalid), which the HTTP table maps',
      },
    },
    marketplace: {
      files: [
        'money.ts',
        'money-refusal.ts',
        'money-format.ts',
        'currency.ts',
        'currency-rates.ts',
        'fee-rule.ts',
        'conditions.ts',
        'listing.ts',
        'listing-status.ts',
      ],
      usedBy: {
        orders: 'an order is made of listings at their price in a currency, with the fee rule and the rates of its day, and moves listings through their lifecycle (sold, back for sale)',
        inventory: 'an inventory upload is listings in bulk: each CSV row is checked by the listing rules (conditions, currency, status moves) into a new or edited listing, and an export writes listings out',
        collection: "the default Media Condition notes field of a collection offers the marketplace's grading scale as its options",
        identity: "a user's profile currency (what they see prices in and sell in) is one of the marketplace's currencies",
      },
    },
    jobs: {
      files: ['job.ts'],
      usedBy: {
        inventory: 'an inventory export or upload is a job: its view reads the job record (status, times, data)',
      },
    },
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

/** The module of a path under domain/ (its second folder), or null for a file directly in domain/. */
function domainModuleOf(file: string): string | null {
  const parts = file.split('/');
  return parts[0] === 'domain' && parts.length > 2 ? parts[1]! : null;
}

/** A repository: a domain repository port (`*-repository.ts`, `*-repositories.ts`) or anything of the persistence adapters. */
function isRepository(target: string): boolean {
  return (layerOf(target) === 'domain' && /-repositor(y|ies)\.ts$/.test(target)) || familyOf(target) === 'persistence';
}

/** The path from the root that a relative specifier names from a file (`./x.js` → `dir/x.ts`), `.js` read as its `.ts` source. */
function targetOf(file: string, spec: string): string {
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
  return joined.replace(/\.js$/, '.ts').replace(/\.mjs$/, '.mts').replace(/\.cjs$/, '.cts');
}

/** Which imports each layer may make: the relative targets' layers, and whether packages are allowed. */
const LAYER_TARGETS: Readonly<Record<string, { readonly layers: readonly string[]; readonly rule: RuleName }>> = {
  domain: { layers: ['domain'], rule: 'domain imports' },
  application: { layers: ['domain', 'application'], rule: 'application imports' },
  adapters: { layers: ['domain', 'application', 'adapters'], rule: 'adapter imports' },
  composition: { layers: ['domain', 'application', 'adapters', 'composition'], rule: 'composition imports' },
};

/** The layers whose import graph must have no cycle (test/ and bench/ are leaves nothing imports). */
const CYCLE_LAYERS = new Set(['domain', 'application', 'adapters', 'composition']);

/**
 * Checks the layer rules of docs/architecture.md over a set of files, without touching the disk:
 * - domain/ imports only domain/: no package, no `node:` module;
 * - application/ imports only domain/ and application/, and packages only as EXCEPTIONS lists them (none);
 * - domain/ and application/ read no clock, chance or process: `Date.now()`, `new Date()` without arguments,
 *   `Date()`, `Math.random()`, `crypto`, `process`, `performance` (time and ids come from the Clock and IdGenerator ports);
 * - adapters/ import domain/, application/, their own family and the families EXCEPTIONS allows, never
 *   composition/ or test/; every adapter file is in a family;
 * - the HTTP adapters (routes, presenters, middleware) import no repository: no domain `*-repository.ts` port and
 *   nothing of adapters/persistence/; routes talk to use cases;
 * - one module's domain (`domain/<module>/`) imports another module's domain only through that module's contract
 *   (EXCEPTIONS.domainContracts: the files it offers and the modules it offers them to);
 * - a driver (DRIVERS: pg, koa, ioredis, csv-parse, commander…) is imported only by its adapter families (and by
 *   composition/ where DRIVERS says so);
 * - composition/ imports every production layer but not test/ or bench/; test/ and bench/ import anything;
 * - in a module's folder of composition/, only its storage families import their adapters: adapters/persistence/ from
 *   `<name>-sql.ts` (and the schema, commands and tokens files: entity schemas, the database for commands, types),
 *   adapters/in-memory/ from `<name>-memory.ts` (and tokens files); the module file and its bindings see tokens only;
 * - no relative import leaves the repository; domain/, application/ and adapters/ import no module by a name
 *   computed at run time (which no rule could check) except where EXCEPTIONS says;
 * - the files of domain/, application/, adapters/ and composition/ import one another without a cycle.
 * Static imports, `export … from`, `import type`, `import x = require()`, `import('…')` types and calls and
 * `require('…')` all count, for the cycles too: a type-only import couples two files as much as any other.
 */
/**
 * Why a file of a module's composition folder may not import an adapter of a storage family (null when it may): each
 * family's adapters are bound by that family's file alone (ADR 0042).
 */
function storageFamilyProblem(file: string, targetFamily: string | null): string | null {
  const [, folder, name] = /^composition\/([^/]+)\/([^/]+)$/.exec(file) ?? [];
  if (!folder || !name || /-tokens\.ts$/.test(name)) return null;
  if (targetFamily === 'persistence' && !/-(sql|schema|commands)\.ts$/.test(name)) {
    return `the persistence adapters are bound by the module's sql family (composition/${folder}/${folder}-sql.ts) alone`;
  }
  if (targetFamily === 'in-memory' && !/-memory\.ts$/.test(name)) {
    return `the in-memory adapters are bound by the module's memory family (composition/${folder}/${folder}-memory.ts) alone`;
  }
  return null;
}

export function checkLayers(files: readonly SourceFile[], exceptions: LayerExceptions = EXCEPTIONS): Violation[] {
  const violations: Violation[] = [];
  const graph = new Map<string, string[]>();
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
    const module = domainModuleOf(file.path);
    if (layer === 'adapters' && family === null) report('adapter families', 'is not in an adapter family folder (adapters/<family>/)');
    const edges: string[] = [];
    for (const spec of found.specifiers) {
      const relative = spec.startsWith('./') || spec.startsWith('../');
      if (relative) {
        const target = targetOf(file.path, spec);
        if (target.startsWith('../')) {
          report('outside the tree', `imports ${spec}, outside the repository`);
          continue;
        }
        edges.push(target);
        const targetLayer = layerOf(target);
        const allowed = LAYER_TARGETS[layer];
        if (allowed && !allowed.layers.includes(targetLayer)) {
          report(allowed.rule, `imports ${spec} (${targetLayer}/); ${layer}/ may import only ${allowed.layers.map((l) => `${l}/`).join(', ')}`);
          continue;
        }
        if (family === 'http' && isRepository(target)) {
          report('route imports', `imports ${spec}, a repository (${target}): the HTTP adapters call use cases, which own the repositories`);
          continue;
        }
        const targetFamily = familyOf(target);
        const storageProblem = layer === 'composition' ? storageFamilyProblem(file.path, targetFamily) : null;
        if (storageProblem) report('storage families', `imports ${spec}: ${storageProblem}`);
        if (layer === 'adapters' && family && targetFamily && targetFamily !== family) {
          const mayUse = exceptions.adapterFamilies[family] ?? [];
          if (!mayUse.includes(targetFamily)) {
            report('adapter families', `imports ${spec}: the ${family} adapters may not import the ${targetFamily} adapters${mayUse.length ? ` (only ${mayUse.join(', ')})` : ''}`);
          }
        }
        const targetModule = domainModuleOf(target);
        if (layer === 'domain' && targetLayer === 'domain' && module !== targetModule) {
          const problem = contractProblem(module, target, exceptions);
          if (problem) report('module domains', `imports ${spec}: ${problem}`);
        }
      } else if (layer === 'domain') {
        report('domain imports', `imports the package ${spec}; domain/ imports only domain/`);
      } else if (layer === 'application' && !(spec in exceptions.applicationPackages)) {
        report('application imports', `imports the package ${spec}; application/ imports only domain/ and application/`);
      } else if (layer === 'adapters' || layer === 'composition') {
        const driver = driverOf(spec);
        const rule = driver ? DRIVERS[driver]! : null;
        if (rule && !(layer === 'composition' ? rule.composition : rule.families.includes(family ?? ''))) {
          const owners = [...rule.families.map((f) => `adapters/${f}/`), ...(rule.composition ? ['composition/'] : [])];
          report('drivers', `imports the driver ${spec} outside its family: only ${owners.join(', ')} may import it`);
        }
      }
    }
    if (CYCLE_LAYERS.has(layer)) graph.set(file.path, edges);
  }
  for (const { cycle, files: circle } of importCycles(graph)) {
    const others = circle.length > cycle.length - 1 ? ` (the circle joins ${circle.length} files: ${circle.join(', ')})` : '';
    violations.push({ path: cycle[0]!, rule: 'import cycle', detail: `is in an import cycle: ${cycle.join(' → ')}${others}` });
  }
  return violations;
}

/**
 * Why a file of `domain/<from>/` (or directly in domain/ when `from` is null) may not import `target`, another
 * module's domain file, or null when that module's contract offers it to `from`.
 */
function contractProblem(from: string | null, target: string, exceptions: LayerExceptions): string | null {
  const to = domainModuleOf(target);
  if (from === null) return 'a domain file outside a module folder (domain/<module>/) may import no module';
  if (to === null) return `a domain file outside a module folder (domain/<module>/) is in no module's contract`;
  const contract = exceptions.domainContracts[to];
  const file = target.slice(`domain/${to}/`.length);
  if (!contract || !(from in contract.usedBy)) {
    const offered = contract ? Object.keys(contract.usedBy) : [];
    return `the ${from} domain may not import the ${to} domain (${to} offers its contract to ${offered.length ? offered.join(', ') : 'no module'})`;
  }
  if (!contract.files.includes(file)) return `${file} is not in the ${to} domain's contract (${contract.files.join(', ')})`;
  return null;
}

/** One circle of imports: its files (a strongly connected component, in path order) and its shortest cycle. */
export interface ImportCycle {
  /** Every file of the circle: each imports, directly or not, every other. */
  readonly files: readonly string[];
  /** The shortest cycle through the circle's first file, that file at both ends. */
  readonly cycle: readonly string[];
}

/**
 * The import circles of a graph (file → the files it imports; edges to files outside the graph are left out): one per
 * strongly connected component of more than one file (or a file importing itself). Tarjan's algorithm, iterative.
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): ImportCycle[] {
  const next = (node: string) => [...new Set(graph.get(node) ?? [])].filter((n) => graph.has(n));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; edges: string[]; at: number }> = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: next(node), at: 0 });
    };
    enter(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      if (frame.at < frame.edges.length) {
        const to = frame.edges[frame.at++]!;
        if (!index.has(to)) enter(to);
        else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || next(frame.node).includes(frame.node)) components.push(component.sort());
      }
    }
  }
  return components
    .map((files) => ({ files, cycle: shortestCycle(files[0]!, new Set(files), next) }))
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

/** The shortest path from `start` back to itself inside a component (breadth first), `start` at both ends. */
function shortestCycle(start: string, within: ReadonlySet<string>, next: (node: string) => string[]): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const to of next(node).filter((n) => within.has(n)).sort()) {
      if (to === start) {
        const chain: string[] = [];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = cameFrom.get(at)) chain.unshift(at);
        return [start, ...chain, start];
      }
      if (!cameFrom.has(to) && to !== start) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

/**
 * The exceptions no file needs any more: an allowed pair of adapter families that no import uses, a package the
 * application does not import, a computed-import allowance for a file that has none (or does not exist), a file of
 * a domain contract that no other module imports, a module a contract is offered to that imports none of it. Keeps
 * the allowlist as small as the code.
 */
export function unusedExceptions(files: readonly SourceFile[], exceptions: LayerExceptions = EXCEPTIONS): string[] {
  const usedPairs = new Set<string>();
  const usedPackages = new Set<string>();
  const computed = new Set<string>();
  const contractFiles = new Set<string>();
  const contractUsers = new Set<string>();
  for (const file of files) {
    const found = readImports(file);
    if (found.computed > 0) computed.add(file.path);
    for (const spec of found.specifiers) {
      if (!spec.startsWith('.')) {
        if (layerOf(file.path) === 'application') usedPackages.add(spec);
        continue;
      }
      const target = targetOf(file.path, spec);
      const from = familyOf(file.path);
      const to = familyOf(target);
      if (from && to && from !== to) usedPairs.add(`${from} → ${to}`);
      const fromModule = domainModuleOf(file.path);
      const toModule = domainModuleOf(target);
      if (fromModule && toModule && fromModule !== toModule) {
        contractFiles.add(target);
        contractUsers.add(`${toModule} → ${fromModule}`);
      }
    }
  }
  return [
    ...Object.entries(exceptions.adapterFamilies)
      .flatMap(([from, tos]) => tos.map((to) => `${from} → ${to}`))
      .filter((pair) => !usedPairs.has(pair))
      .map((pair) => `adapter families ${pair}`),
    ...Object.keys(exceptions.applicationPackages).filter((p) => !usedPackages.has(p)).map((p) => `application package ${p}`),
    ...Object.keys(exceptions.computedImports).filter((f) => !computed.has(f)).map((f) => `computed import in ${f}`),
    ...Object.entries(exceptions.domainContracts).flatMap(([module, contract]) => [
      ...contract.files.filter((f) => !contractFiles.has(`domain/${module}/${f}`)).map((f) => `contract file domain/${module}/${f}`),
      ...Object.keys(contract.usedBy).filter((user) => !contractUsers.has(`${module} → ${user}`)).map((user) => `contract of ${module} for ${user}`),
    ]),
  ];
}
