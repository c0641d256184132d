/**
 * Everything a command touches outside its own logic: output streams, whether they are
 * terminals, the environment, the working folder, prompts and the exit code. The real binary
 * builds it from `process`; tests build one that captures output.
 */
import path from 'node:path';
import { createColors } from 'picocolors';
import type { TenantStore } from '../server/stores/tenant-store';

export const EXIT = { ok: 0, invalid: 1, usage: 2, interrupted: 130 } as const;

export interface Output {
  write(text: string): void;
  isTTY: boolean;
  /** Terminal width, when known. */
  columns?: number;
  /** The real stream, for libraries that draw on a terminal (progress bars). */
  stream?: NodeJS.WriteStream;
}

export interface Question {
  message: string;
  default?: string;
  /** Hide what is typed (passwords). */
  secret?: boolean;
  /** true when acceptable, else the message to show. */
  validate: (answer: string) => true | string;
}

export interface CliContext {
  stdout: Output;
  stderr: Output;
  /** Whether a person can answer prompts (stdin and stdout are terminals). */
  interactive: boolean;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Asks one question on the terminal; only called when `interactive`. */
  ask(question: Question): Promise<string>;
  /** Aborted on Ctrl-C, so long work can stop cleanly. */
  signal: AbortSignal;
  exitCode: number;
  /** The remote (Firestore) store; the real binary opens it from the environment, tests inject one. */
  remoteStore?: () => Promise<TenantStore>;
}

/** A problem with how the command was called, or with reading its inputs: exit code 2. */
export class UsageError extends Error {
  readonly exitCode = EXIT.usage;
}

/** The command ran and found a problem (an invalid tenant, a refused overwrite): exit code 1. */
export class CommandFailure extends Error {
  readonly exitCode = EXIT.invalid;
}

export function tenantsDirOf(context: Pick<CliContext, 'env' | 'cwd'>): string {
  return path.resolve(context.cwd, context.env.BACKLOT_TENANTS_DIR || 'tenants');
}

/** Where console accounts, tenant history and sync records live (BACKLOT_DATA_DIR, default .data/). */
export function dataDirOf(context: Pick<CliContext, 'env' | 'cwd'>): string {
  return path.resolve(context.cwd, context.env.BACKLOT_DATA_DIR || '.data');
}

/** Colours only on a terminal, and never when NO_COLOR is set. */
export function colorsFor(output: Output, env: CliContext['env']) {
  const enabled = env.FORCE_COLOR ? env.FORCE_COLOR !== '0' : output.isTTY && !env.NO_COLOR && env.TERM !== 'dumb';
  return createColors(enabled);
}

/**
 * Text from config files and folder names is untrusted: control characters (terminal escape
 * sequences included) are shown escaped instead of being sent to the terminal.
 */
export function safeText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this finds
  const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
  return text.replace(controls, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A path as the user would type it from where they are: relative when inside the working folder. */
export function displayPath(context: Pick<CliContext, 'cwd'>, file: string): string {
  const relative = path.relative(context.cwd, file);
  return safeText(relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file);
}
