import fs from 'node:fs';
import Mocha from 'mocha';

const { EVENT_RUN_END, EVENT_HOOK_END, EVENT_TEST_END } = Mocha.Runner.constants;

/** How much time one hook (summed per file and kind) took. */
interface Timing {
  readonly name: string;
  ms: number;
}

/** One spec file's time: its hooks' and tests' durations summed, and when the pass had its last result. */
interface FileTiming extends Timing {
  hooksMs: number;
  testsMs: number;
  tests: number;
  /** Time from the pass's start to the file's last result (in a parallel run: when its worker sent its results). */
  doneAtMs: number;
}

/**
 * A reporter for finding where the suite's time goes: Mocha's `spec` output as usual, then the slowest files (their
 * hooks' and tests' durations summed), the slowest hooks, and the share of the pass spent in hooks. Durations are the
 * ones Mocha measures where the runnable ran, so the figures are the same in a serial run and in `--parallel` (where
 * a worker's results arrive in one burst when its file ends, and the time of arrival says nothing). Run as
 * `npx mocha --parallel --jobs 2 --reporter dist/test/support/timing-reporter.js`; `--reporter-option top=N` lists N
 * of each (30 by default), `--reporter-option json=FILE` also writes every file's and hook's time as JSON.
 */
export default class TimingReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options: Mocha.MochaOptions) {
    super(runner, options);
    const reporterOptions = (options.reporterOptions ?? {}) as Record<string, string | undefined>;
    const shown = Number(reporterOptions.top) || 30;
    const started = Date.now();
    const files = new Map<string, FileTiming>();
    const hooks = new Map<string, Timing>();
    let inHooks = 0;
    let inTests = 0;
    const fileOf = (runnable: Mocha.Runnable): FileTiming => {
      const name = short(runnable.file ?? '(root)');
      const file = files.get(name) ?? { name, ms: 0, hooksMs: 0, testsMs: 0, tests: 0, doneAtMs: 0 };
      file.doneAtMs = Date.now() - started;
      files.set(name, file);
      return file;
    };
    runner.on(EVENT_HOOK_END, (hook: Mocha.Hook) => {
      const ms = hook.duration ?? 0;
      inHooks += ms;
      const file = fileOf(hook);
      file.ms += ms;
      file.hooksMs += ms;
      const name = `${file.name} ${/^"([^"]+)" hook/.exec(hook.title)?.[1] ?? hook.title}`;
      const timing = hooks.get(name) ?? { name, ms: 0 };
      timing.ms += ms;
      hooks.set(name, timing);
    });
    const testDone = (test: Mocha.Test): void => {
      const ms = test.duration ?? 0;
      inTests += ms;
      const file = fileOf(test);
      file.ms += ms;
      file.testsMs += ms;
      file.tests++;
    };
    // (A failed test ends too; a failed hook is counted at its end as a hook.)
    runner.on(EVENT_TEST_END, testDone);
    runner.once(EVENT_RUN_END, () => {
      const total = Date.now() - started;
      const slowest = <T extends Timing>(all: Iterable<T>): T[] => [...all].sort((a, b) => b.ms - a.ms).slice(0, shown);
      const line = (t: Timing): string => `  ${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.name}`;
      const fileLine = (t: FileTiming): string =>
        `${line(t)}  (hooks ${(t.hooksMs / 1000).toFixed(1)} s, ${t.tests} tests ${(t.testsMs / 1000).toFixed(1)} s, done at ${(t.doneAtMs / 1000).toFixed(0)} s)`;
      const out = [
        '',
        `Pass: ${(total / 1000).toFixed(1)} s; summed over its files: in hooks ${(inHooks / 1000).toFixed(1)} s, in tests ${(inTests / 1000).toFixed(1)} s`,
        `Slowest files:`,
        ...slowest(files.values()).map(fileLine),
        `Slowest hooks (summed per file and kind):`,
        ...slowest(hooks.values()).map(line),
        '',
      ];
      process.stdout.write(out.join('\n'));
      const json = reporterOptions.json;
      if (json) {
        const all = { totalMs: total, hooksMs: inHooks, testsMs: inTests, files: [...files.values()], hooks: [...hooks.values()] };
        fs.writeFileSync(json, JSON.stringify(all, null, 1));
      }
    });
  }
}

const short = (file: string): string => file.replace(/^.*?\/test\//, '');
