/**
 * The `backlot` program: one command per file under commands/. Commands load their logic
 * on demand, so `backlot --help` starts without compiling any schema.
 */
import { Command, CommanderError } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { CommandFailure, EXIT, UsageError, type CliContext } from './context';
import { registerAdmin } from './commands/admin';
import { registerCatalogue } from './commands/catalogue';
import { registerItems } from './commands/items';
import { registerFmt } from './commands/fmt';
import { registerList } from './commands/list';
import { registerNew } from './commands/new';
import { registerSync } from './commands/sync';
import { registerValidate } from './commands/validate';

/** Commander's own errors that mean "called wrongly": exit code 2, as for our usage errors. */
const usageErrorCodes = new Set([
  'commander.unknownOption',
  'commander.unknownCommand',
  'commander.missingArgument',
  'commander.optionMissingArgument',
  'commander.missingMandatoryOptionValue',
  'commander.excessArguments',
  'commander.invalidArgument',
  'commander.conflictingOption',
]);

export function createProgram(context: CliContext): Command {
  const program = new Command('backlot')
    .description('Scaffold, check and format Backlot tenants (folders of JSON under tenants/).')
    .version(packageJson.version, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => context.stdout.write(text),
      writeErr: (text) => context.stderr.write(text),
      getOutHelpWidth: () => context.stdout.columns ?? 100,
      getErrHelpWidth: () => context.stderr.columns ?? 100,
    })
    .addHelpText(
      'after',
      `
Environment:
  BACKLOT_TENANTS_DIR   where tenant folders live (default: ./tenants)
  BACKLOT_DATA_DIR      console accounts, tenant history, sync records (default: ./.data)
  NO_COLOR              turn colours off

Examples:
  $ backlot validate                     check every tenant (what CI runs)
  $ backlot new acme --name "Acme Props" --domain www.acme-props.com --yes
  $ backlot fmt --check
  $ backlot push acme                    publish tenants/acme to Firestore (refuses to overwrite console edits)`,
    );
  program.command('help [command]', { hidden: true }).action((name?: string) => {
    const target = name ? program.commands.find((c) => c.name() === name) : program;
    if (!target) throw new UsageError(`unknown command '${name}'`);
    target.outputHelp();
  });
  registerValidate(program, context);
  registerNew(program, context);
  registerList(program, context);
  registerFmt(program, context);
  registerCatalogue(program, context);
  registerItems(program, context);
  registerSync(program, context);
  registerAdmin(program, context);
  return program;
}

/**
 * Runs the program on `args` (without the node and script paths) and returns the exit code,
 * also left in `context.exitCode`. Never throws and never exits the process.
 */
export async function runCli(args: readonly string[], context: CliContext): Promise<number> {
  const program = createProgram(context);
  try {
    if (args.length === 0) {
      program.outputHelp();
    } else {
      await program.parseAsync(args, { from: 'user' });
    }
  } catch (error) {
    context.exitCode = exitCodeFor(error, context);
  }
  return context.exitCode;
}

function exitCodeFor(error: unknown, context: CliContext): number {
  if (error instanceof CommanderError) {
    // Commander has already printed its message (or the help/version it was asked for).
    if (
      error.code === 'commander.helpDisplayed' ||
      error.code === 'commander.version' ||
      error.code === 'commander.help'
    )
      return EXIT.ok;
    return usageErrorCodes.has(error.code) ? EXIT.usage : error.exitCode || EXIT.usage;
  }
  if (error instanceof UsageError || error instanceof CommandFailure) {
    context.stderr.write(`backlot: ${error.message}\n`);
    return error.exitCode;
  }
  if (
    context.signal.aborted ||
    (error as Error)?.name === 'ExitPromptError' ||
    (error as Error)?.name === 'AbortError'
  ) {
    context.stderr.write('backlot: cancelled\n');
    return EXIT.interrupted;
  }
  const detail = context.env.BACKLOT_DEBUG
    ? `\n${(error as Error)?.stack ?? String(error)}`
    : ' (set BACKLOT_DEBUG=1 for details)';
  context.stderr.write(`backlot: unexpected error: ${(error as Error)?.message ?? String(error)}${detail}\n`);
  return EXIT.usage;
}
