#!/bin/sh
//usr/bin/env true; export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-262144}"; case "$1" in import) exec node --max-semi-space-size=4 --heap-growing-percent=20 "$0" "$@";; esac; exec node "$0" "$@"
// (The line above is for sh, which runs this file when it is started as `spindle`; for JavaScript it is a comment. It
// fixes glibc's mmap threshold at 256 KiB, unless already set, then runs the file with node; `spindle import` with a
// young generation of 4 MB semi-spaces on the main thread (V8's default grows to 16 MB: about 20 MB more of the
// import's peak; the server keeps the default, which serves faster) and each thread's old generation let grow by a
// fifth past what a full collection left, where V8 picks up to four times by its own measure (about 25 MB less at the
// same speed). See docs/adr/0004-dump-import.md, "Later: memory of issue 6's last sessions" and "Later: reused read
// buffers, a tighter old generation, the import without the HTTP side". Any POSIX shell runs it, so `npx spindle`
// works on every Unix; `node dist/composition/cli.js` runs the same program without these settings.)
import 'reflect-metadata';
import { runCli } from './run-cli.js';

// The program with the real process: its exit status ends the process unless it is 0, where a running `serve` or
// `worker` lives on until a signal.
runCli(process.argv, { env: process.env, cwd: process.cwd(), stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }).then(
  (code) => {
    if (code !== 0) process.exit(code);
  },
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
