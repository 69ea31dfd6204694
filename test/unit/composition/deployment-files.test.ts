import { expect } from 'chai';
import fs from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { loadConfig, SHUTDOWN_CLOSE_MS } from '../../../composition/config.js';

/** One instruction of a Dockerfile: its keyword and its arguments, continuation lines joined, comments dropped. */
interface Instruction {
  readonly keyword: string;
  readonly args: string;
}

function dockerfile(text: string): Instruction[] {
  const logical = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return logical
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
    });
}

/** The stages of a Dockerfile, each from its FROM to the next. */
function stages(instructions: readonly Instruction[]): Instruction[][] {
  const found: Instruction[][] = [];
  for (const i of instructions) {
    if (i.keyword === 'FROM') found.push([]);
    found.at(-1)?.push(i);
  }
  return found;
}

/** `ENV A=1 B=2` (and the older `ENV A 1`) as a record. */
function envOf(stage: readonly Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const i of stage.filter((s) => s.keyword === 'ENV')) {
    if (!i.args.includes('=')) {
      const [name, ...value] = i.args.split(/\s+/);
      env[name!] = value.join(' ');
      continue;
    }
    for (const pair of i.args.split(/\s+/)) {
      const [name, ...value] = pair.split('=');
      env[name!] = value.join('=');
    }
  }
  return env;
}

/** Every variable `loadConfig` reads: read through an environment that notes each name asked. */
function configVariables(): Set<string> {
  const asked = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get(_target, name) {
      if (typeof name === 'string') asked.add(name);
      return undefined;
    },
  });
  loadConfig(env);
  return asked;
}

/** The variables the README's configuration table names (first column, every `NAME` in it). */
function readmeTableVariables(): Set<string> {
  const readme = fs.readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1));
  const names = new Set<string>();
  for (const row of section.split('\n').filter((l) => l.startsWith('| `'))) {
    for (const m of row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(m[1]!);
  }
  return names;
}

/** Compose's `${NAME:-default}` and `${NAME:?message}` with the default, or a valid stand-in for a required value. */
function interpolate(value: string): string {
  return value.replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_all, name: string, kind: string | undefined, rest: string) =>
    kind === '-' ? rest : name === 'IMAGE_SIGNING_SECRET' ? 's'.repeat(32) : 'stand-in',
  );
}

interface ComposeService {
  readonly build?: unknown;
  readonly image?: string;
  readonly command?: readonly string[];
  readonly environment?: Record<string, string | number | boolean>;
  readonly expose?: readonly string[];
  readonly ports?: readonly string[];
  readonly user?: string;
  readonly healthcheck?: { readonly test: readonly string[] };
  readonly stop_grace_period?: string;
  readonly depends_on?: Record<string, { readonly condition: string }> | readonly string[];
}

describe('Deployment files agree with the configuration (Dockerfile, compose.yaml, HAProxy, systemd)', () => {
  const variables = configVariables();
  const table = readmeTableVariables();
  const instructions = dockerfile(fs.readFileSync('Dockerfile', 'utf8'));
  const all = stages(instructions);
  const final = all.at(-1)!;
  const compose = parseYaml(fs.readFileSync('compose.yaml', 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };
  const spindleServices = Object.entries(compose.services).filter(([, s]) => s.build !== undefined || s.image?.startsWith('spindle'));
  const haproxy = fs.readFileSync('deploy/haproxy/haproxy.cfg', 'utf8');

  it('the configuration table names every variable the configuration reads, and no other', () => {
    expect([...variables].sort()).to.deep.equal([...table].sort());
  });

  describe('Dockerfile', () => {
    it('builds in stages and runs from a last one that copies compiled code and production dependencies only', () => {
      expect(all.length).to.be.at.least(2);
      const installs = instructions.filter((i) => i.keyword === 'RUN' && /\bnpm (ci|install)\b/.test(i.args));
      const production = all.find((stage) => stage.some((i) => i.keyword === 'RUN' && /npm ci --omit=dev/.test(i.args)));
      expect(production, 'a stage with npm ci --omit=dev').to.not.equal(undefined);
      expect(final.filter((i) => i.keyword === 'RUN' && /\bnpm\b/.test(i.args)), 'no npm in the last stage').to.deep.equal([]);
      const modules = final.find((i) => i.keyword === 'COPY' && /node_modules/.test(i.args));
      const alias = /^\S+\s+AS\s+(\S+)$/i.exec(production![0]!.args)?.[1];
      expect(modules?.args, 'node_modules from the production stage').to.match(new RegExp(`^--from=${alias}\\b`));
      expect(installs.length).to.be.at.least(2);
      expect(final.some((i) => i.keyword === 'COPY' && /\btest\b|\bbench\b/.test(i.args)), 'no tests in the image').to.equal(false);
    });

    it('runs as a user other than root', () => {
      const users = final.filter((i) => i.keyword === 'USER').map((i) => i.args.split(':')[0]);
      expect(users.length).to.be.at.least(1);
      expect(users.at(-1)).to.not.be.oneOf(['root', '0']);
    });

    it('sets only variables of the configuration table, which the configuration accepts', () => {
      const env = envOf(final);
      for (const name of Object.keys(env)) {
        expect(variables.has(name), `${name} is not read by composition/config.ts`).to.equal(true);
        expect(table.has(name), `${name} is not in the README's configuration table`).to.equal(true);
      }
      expect(() => loadConfig(env)).not.to.throw();
    });

    it('exposes the port it serves on, and checks health on /healthz of that port', () => {
      const config = loadConfig(envOf(final));
      expect(final.filter((i) => i.keyword === 'EXPOSE').map((i) => i.args)).to.deep.equal([String(config.port)]);
      const check = final.find((i) => i.keyword === 'HEALTHCHECK');
      expect(check?.args).to.match(/\/healthz/).and.to.match(/process\.env\.PORT|:3000\//);
    });
  });

  describe('compose.yaml', () => {
    it('runs PostgreSQL, Redis, a migration, API instances, a dedicated worker and a balancer', () => {
      const commands = Object.fromEntries(spindleServices.map(([name, s]) => [name, s.command?.join(' ')]));
      expect(commands).to.deep.equal({ migrate: 'migrate', api: 'serve', worker: 'worker' });
      expect(compose.services).to.include.keys('postgres', 'redis', 'balancer');
      expect(compose.services.api!.environment!.JOB_WORKER, 'the API instances leave jobs to the worker').to.equal('false');
      expect(compose.services.api!.depends_on).to.deep.include({ migrate: { condition: 'service_completed_successfully' } });
    });

    it("sets only the configuration table's variables on Spindle's services, each a value the configuration accepts", () => {
      for (const [name, service] of spindleServices) {
        const env = Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]));
        for (const variable of Object.keys(env)) {
          expect(variables.has(variable), `${name}: ${variable} is not read by composition/config.ts`).to.equal(true);
          expect(table.has(variable), `${name}: ${variable} is not in the README's configuration table`).to.equal(true);
        }
        expect(() => loadConfig(env), name).not.to.throw();
        expect(service.user, `${name} runs as the image's user`).to.equal(undefined);
      }
    });

    it('exposes the API on its PORT and its METRICS_PORT, checks /healthz there, and the balancer sends to that port, asking /readyz', () => {
      const api = compose.services.api!;
      const config = loadConfig(Object.fromEntries(Object.entries(api.environment!).map(([k, v]) => [k, interpolate(String(v))])));
      expect(api.expose).to.have.members([String(config.port), String(config.metrics.port)]);
      expect(api.healthcheck!.test.join(' ')).to.include(`127.0.0.1:${config.port}/healthz`);
      expect(haproxy).to.match(new RegExp(`server-template api \\d+ api:${config.port} check`));
      expect(haproxy).to.match(/http-check send meth GET uri \/readyz/);
      expect(config.trustProxy, 'behind the balancer, which sets X-Forwarded-For').to.equal(true);
      expect(haproxy).to.include('http-request del-header X-Forwarded-For');
    });
  });

  describe('shutdown (ADR 0047)', () => {
    const configOf = (service: ComposeService) =>
      loadConfig(Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))])));
    const composeSeconds = (period: string | undefined) => {
      const m = /^(\d+)s$/.exec(period ?? '');
      if (!m) throw new Error(`stop_grace_period "${period}" is not in seconds`);
      return Number(m[1]);
    };

    it("compose: the API drains longer than HAProxy takes to mark it down, and each service's stop_grace_period outlasts its drain, grace and close", () => {
      const api = configOf(compose.services.api!);
      const check = /default-server inter (\d+)s fall (\d+)/.exec(haproxy)!;
      expect(api.shutdown.drainMs, 'drain above inter × fall').to.be.above(Number(check[1]) * Number(check[2]) * 1000);
      expect(composeSeconds(compose.services.api!.stop_grace_period) * 1000).to.be.above(api.shutdown.drainMs + api.shutdown.graceMs + SHUTDOWN_CLOSE_MS);
      const worker = configOf(compose.services.worker!);
      expect(composeSeconds(compose.services.worker!.stop_grace_period) * 1000).to.be.above(worker.shutdown.drainMs + worker.shutdown.graceMs + SHUTDOWN_CLOSE_MS);
    });

    it('compose: the worker answers its probes on METRICS_PORT, which its health check asks', () => {
      const worker = compose.services.worker!;
      const config = configOf(worker);
      expect(worker.expose).to.deep.equal([String(config.metrics.port)]);
      expect(worker.healthcheck!.test.join(' ')).to.include(`127.0.0.1:${config.metrics.port}/readyz`);
    });

    for (const file of ['deploy/systemd/spindle.service', 'deploy/systemd/spindle-worker.service']) {
      it(`${file}: TimeoutStopSec outlasts the example settings' drain and grace, and the close`, () => {
        const example = Object.fromEntries([...fs.readFileSync('deploy/spindle.env.example', 'utf8').matchAll(/^([A-Z_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
        const { shutdown } = loadConfig(example);
        const timeout = Number(/^TimeoutStopSec=(\d+)$/m.exec(fs.readFileSync(file, 'utf8'))![1]);
        expect(timeout * 1000).to.be.above(shutdown.drainMs + shutdown.graceMs + SHUTDOWN_CLOSE_MS);
      });
    }
  });

  describe('systemd units', () => {
    for (const file of ['deploy/systemd/spindle.service', 'deploy/systemd/spindle-worker.service']) {
      it(`${file}: a user of its own, variables of the table only, SIGTERM`, () => {
        const unit = fs.readFileSync(file, 'utf8');
        expect(unit).to.match(/^User=spindle$/m);
        expect(unit).to.match(/^KillSignal=SIGTERM$/m);
        for (const m of unit.matchAll(/^Environment=([A-Z_]+)=/gm)) expect(table.has(m[1]!), m[1]).to.equal(true);
      });
    }

    it('the settings example names only variables of the table', () => {
      const example = fs.readFileSync('deploy/spindle.env.example', 'utf8');
      for (const m of example.matchAll(/^([A-Z_]+)=/gm)) expect(table.has(m[1]!), m[1]).to.equal(true);
    });
  });
});
