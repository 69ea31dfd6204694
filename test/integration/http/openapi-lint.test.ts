import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { REPO_ROOT } from '../../support/repo-root.js';

const run = promisify(execFile);

interface LintProblem {
  readonly ruleId: string;
  readonly severity: string;
  readonly message: string;
  readonly location?: readonly { readonly pointer?: string; readonly start?: { readonly line?: number } }[];
}

/**
 * docs/openapi.yaml passes @redocly/cli's `lint` with the rules of redocly.yaml without one problem, error or warning:
 * valid OpenAPI 3.1, every operation with a unique camelCase operationId, a summary and tags declared at the top with
 * a description (ADR 0031).
 */
describe('OpenAPI document: lint (@redocly/cli, redocly.yaml)', () => {
  it('finds no problem in docs/openapi.yaml', async function () {
    this.timeout(120_000);
    const cli = path.join(REPO_ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
    const args = [cli, 'lint', 'docs/openapi.yaml', '--config', 'redocly.yaml', '--format=json', '--max-problems', '100000'];
    // No telemetry, no update check: the linter runs offline, the same on every machine.
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
    let stdout: string;
    try {
      ({ stdout } = await run(process.execPath, args, { cwd: REPO_ROOT, env, maxBuffer: 64 * 1024 * 1024 }));
    } catch (err) {
      // The linter exits 1 when it finds an error; its JSON report is on stdout all the same.
      stdout = (err as { stdout?: string }).stdout ?? '';
      if (!stdout.trim().startsWith('{')) throw err;
    }
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: LintProblem[] };
    const lines = report.problems.map(
      (p) => `${p.severity} ${p.ruleId} at line ${p.location?.[0]?.start?.line ?? '?'} ${p.location?.[0]?.pointer ?? ''}: ${p.message}`,
    );
    expect(lines, `${lines.length} lint problem(s):\n${lines.slice(0, 60).join('\n')}`).to.deep.equal([]);
    expect(report.totals.errors + report.totals.warnings).to.equal(0);
  });
});
