/** Runs the CLI in-process through runCli (which calls program.parseAsync(args, { from: 'user' })), capturing its output. */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { CliContext, Question } from '../../cli/context';
import { runCli } from '../../cli/program';
import { acmeDir, repoRoot, tenantsDir } from './paths';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The questions the CLI asked, in order. */
  asked: string[];
}

export interface CliOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Pretend stdout/stderr are terminals (colours, progress bars). */
  tty?: boolean;
  /**
   * Answers typed at prompts. Stand-in: these scripted answers replace a person at a terminal;
   * the real prompt is driven through a pseudo-terminal in tests/smoke/cli-binary.test.ts.
   */
  answers?: string[];
  signal?: AbortSignal;
  /** The remote (Firestore) store push/pull/diff use instead of opening one from the environment. */
  remoteStore?: CliContext['remoteStore'];
}

export async function backlot(args: string[], options: CliOptions = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const asked: string[] = [];
  const answers = [...(options.answers ?? [])];
  const context: CliContext = {
    stdout: { write: (text) => void (stdout += text), isTTY: Boolean(options.tty), columns: 100 },
    stderr: { write: (text) => void (stderr += text), isTTY: Boolean(options.tty), columns: 100 },
    interactive: options.answers !== undefined,
    env: { BACKLOT_TENANTS_DIR: undefined, NO_COLOR: undefined, FORCE_COLOR: undefined, ...options.env },
    cwd: options.cwd ?? repoRoot,
    async ask(question: Question) {
      asked.push(question.message);
      for (;;) {
        const answer = answers.shift();
        if (answer === undefined) throw new Error(`no scripted answer left for: ${question.message}`);
        const verdict = question.validate(answer === '' && question.default ? question.default : answer);
        if (verdict === true) return answer === '' && question.default ? question.default : answer;
        asked.push(`rejected: ${verdict}`);
      }
    },
    signal: options.signal ?? new AbortController().signal,
    exitCode: 0,
    remoteStore: options.remoteStore,
  };
  const code = await runCli(args, context);
  return { code, stdout, stderr, asked };
}

/** A scratch tenants folder holding copies of the named tenants ("acme" is the small test tenant). */
export async function scratchTenants(...ids: string[]): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'backlot-cli-'));
  const tenants = path.join(dir, 'tenants');
  for (const id of ids)
    await cp(id === 'acme' ? acmeDir : path.join(tenantsDir, id), path.join(tenants, id), { recursive: true });
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export const noStackTrace = (text: string) => !/\n\s+at .+:\d+:\d+/.test(text);

/**
 * Gives each test of the file a fresh scratch folder with copies of the named tenants;
 * `run` calls the CLI from there.
 */
export function useScratchTenants(...ids: string[]) {
  let scratch: Awaited<ReturnType<typeof scratchTenants>> | undefined;
  const state = {
    cwd: '',
    run: (args: string[], extra: CliOptions = {}) => backlot(args, { cwd: state.cwd, ...extra }),
  };
  beforeEach(async () => {
    scratch = await scratchTenants(...ids);
    state.cwd = scratch.dir;
  });
  afterEach(() => scratch?.cleanup());
  return state;
}
