import fs from 'node:fs';
import Mocha from 'mocha';

const { EVENT_RUN_END, EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_HOOK_BEGIN, EVENT_HOOK_END, EVENT_TEST_END, EVENT_TEST_FAIL } =
  Mocha.Runner.constants;

/** How much time one file, or one hook, took. */
interface Timing {
  readonly name: string;
  ms: number;
}


/**
 * A reporter for finding where the suite's time goes: Mocha's `spec` output as usual, then the slowest files (time
 * from their first hook to their last test), the slowest hooks, and the share of the pass spent in hooks. Run as
 * `npx mocha --reporter dist/test/support/timing-reporter.js`; `--reporter-option top=N` lists N of each (30 by
 * default), `--reporter-option json=FILE` also writes every file's and hook's time as JSON.
 */
export default class TimingReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options: Mocha.MochaOptions) {
    super(runner, options);
    const reporterOptions = (options.reporterOptions ?? {}) as Record<string, string | undefined>;
    const shown = Number(reporterOptions.top) || 30;
    const started = Date.now();
    const files = new Map<string, Timing>();
    const hooks: Timing[] = [];
    const hookStarts = new Map<Mocha.Hook, number>();
    const fileStarts = new Map<string, number>();
    let inHooks = 0;
    let inTests = 0;
    const fileOf = (runnable: Mocha.Runnable | Mocha.Suite): string => {
      let s: Mocha.Suite | undefined = runnable instanceof Mocha.Suite ? runnable : runnable.parent;
      while (s && !s.file && s.parent) s = s.parent;
      return short(s?.file ?? runnable.file ?? '(root)');
    };
    const touch = (file: string): void => {
      if (!fileStarts.has(file)) fileStarts.set(file, Date.now());
    };
    runner.on(EVENT_SUITE_BEGIN, (suite: Mocha.Suite) => {
      if (suite.file) touch(short(suite.file));
    });
    runner.on(EVENT_SUITE_END, (suite: Mocha.Suite) => {
      if (!suite.file || suite.parent?.file === suite.file) return;
      const file = short(suite.file);
      const timing = files.get(file) ?? { name: file, ms: 0 };
      timing.ms += Date.now() - (fileStarts.get(file) ?? Date.now());
      fileStarts.delete(file);
      files.set(file, timing);
    });
    runner.on(EVENT_HOOK_BEGIN, (hook: Mocha.Hook) => hookStarts.set(hook, Date.now()));
    runner.on(EVENT_HOOK_END, (hook: Mocha.Hook) => {
      const ms = Date.now() - (hookStarts.get(hook) ?? Date.now());
      hookStarts.delete(hook);
      inHooks += ms;
      const name = `${fileOf(hook)} ${/^"([^"]+)" hook/.exec(hook.title)?.[1] ?? hook.title}`;
      const same = hooks.find((h) => h.name === name);
      if (same) same.ms += ms;
      else hooks.push({ name, ms });
    });
    const testDone = (test: Mocha.Test): void => {
      inTests += test.duration ?? 0;
    };
    runner.on(EVENT_TEST_END, testDone);
    runner.on(EVENT_TEST_FAIL, (test: Mocha.Test) => {
      if (test.type === 'test') testDone(test);
    });
    runner.once(EVENT_RUN_END, () => {
      const total = Date.now() - started;
      const slowest = (all: Iterable<Timing>): Timing[] => [...all].sort((a, b) => b.ms - a.ms).slice(0, shown);
      const line = (t: Timing): string => `  ${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.name}`;
      const out = [
        '',
        `Pass: ${(total / 1000).toFixed(1)} s; in hooks ${(inHooks / 1000).toFixed(1)} s (${pct(inHooks, total)}), in tests ${(inTests / 1000).toFixed(1)} s (${pct(inTests, total)})`,
        `Slowest files:`,
        ...slowest(files.values()).map(line),
        `Slowest hooks (summed per file and kind):`,
        ...slowest(hooks).map(line),
        '',
      ];
      process.stdout.write(out.join('\n'));
      const json = reporterOptions.json;
      if (json) fs.writeFileSync(json, JSON.stringify({ totalMs: total, hooksMs: inHooks, testsMs: inTests, files: [...files.values()], hooks }, null, 1));
    });
  }
}

const short = (file: string): string => file.replace(/^.*?\/test\//, '');
const pct = (part: number, whole: number): string => `${whole ? Math.round((100 * part) / whole) : 0}%`;
