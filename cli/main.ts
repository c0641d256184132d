/** The real `backlot` process: builds the context from `process` and runs the program. */
import { createRequire } from 'node:module';
import { usePrecompiledValidators, type PartValidators } from '../schema/validator-registry';
import { runCli } from './program';
import type { CliContext, Question } from './context';

const controller = new AbortController();
// First Ctrl-C asks running work to stop cleanly (new tenants are removed, not half-written);
// a second one ends the process at once.
process.once('SIGINT', () => {
  controller.abort();
  process.once('SIGINT', () => process.kill(process.pid, 'SIGINT'));
});

// When the reader goes away (`backlot list | head`), stop quietly as other Unix tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exitCode ??= 0;
    process.stdout.destroy();
  });
}

async function ask(question: Question): Promise<string> {
  const prompts = await import('@inquirer/prompts');
  if (question.secret)
    return prompts.password(
      { message: question.message, mask: '*', validate: question.validate },
      { signal: controller.signal },
    );
  return prompts.input(
    { message: question.message, default: question.default, required: true, validate: question.validate },
    { signal: controller.signal },
  );
}

// The build ships the tenant validators precompiled beside this file (scripts/build.mjs).
usePrecompiledValidators(() => createRequire(import.meta.url)('./validators.cjs') as PartValidators);

const context: CliContext = {
  stdout: {
    write: (text) => void process.stdout.write(text),
    isTTY: Boolean(process.stdout.isTTY),
    columns: process.stdout.columns,
    stream: process.stdout,
  },
  stderr: {
    write: (text) => void process.stderr.write(text),
    isTTY: Boolean(process.stderr.isTTY),
    columns: process.stderr.columns,
    stream: process.stderr,
  },
  interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
  env: process.env,
  cwd: process.cwd(),
  ask,
  signal: controller.signal,
  exitCode: 0,
};

process.exitCode = await runCli(process.argv.slice(2), context);
