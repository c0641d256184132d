/**
 * `backlot push|pull|diff <tenantId>`: move a tenant between tenants/<id> and Firestore, and
 * show how they differ. The logic is in ../lib/sync.ts (loaded on demand); this file prints
 * its reports and picks exit codes.
 */
import path from 'node:path';
import type { Command } from 'commander';
import type { Issue } from '../../schema/issue';
import type { Change, Comparison, SyncRecord, SyncStores } from '../lib/sync';
import {
  CommandFailure,
  EXIT,
  UsageError,
  colorsFor,
  displayPath,
  safeText,
  dataDirOf,
  tenantsDirOf,
  type CliContext,
  type Output,
} from '../context';

const ENVIRONMENT_HELP = `
Firestore is found the way firebase-admin finds it, from one of:
  FIRESTORE_EMULATOR_HOST          an emulator, e.g. localhost:8080 (with GOOGLE_CLOUD_PROJECT for its project)
  GOOGLE_APPLICATION_CREDENTIALS   a service account key file
  GOOGLE_CLOUD_PROJECT             the project (with gcloud's application default credentials)
Firestore must take a connection within 5 s (BACKLOT_FIRESTORE_TIMEOUT_MS), or the command stops (exit 2).
The remote version last pulled or pushed is remembered in $BACKLOT_DATA_DIR/sync/<tenantId>.json (default .data/).`;

interface Session {
  sync: typeof import('../lib/sync');
  stores: SyncStores;
  dataDir: string;
  /** tenants/<id> as the user would type it. */
  shown: string;
}

/** Checks the id and the environment, opens both stores, runs `work`, and always closes them. */
async function withStores(
  context: CliContext,
  tenantId: string,
  work: (session: Session) => Promise<void>,
): Promise<void> {
  const [{ checkDefinition }, sync] = await Promise.all([import('../../schema/node/ajv'), import('../lib/sync')]);
  const verdict = checkDefinition('tenantId', tenantId);
  if (verdict !== true) throw new UsageError(`<tenantId> ${JSON.stringify(safeText(tenantId))}: ${verdict}`);
  if (!context.remoteStore && !sync.hasRemoteEnvironment(context.env)) {
    throw new UsageError((await import('../../server/stores/firestore-connection')).MISSING_FIRESTORE_ENVIRONMENT);
  }
  if (!context.remoteStore) {
    const { firestoreUnreachable } = await import('../../server/stores/firestore-connection');
    const timeout = Number(context.env.BACKLOT_FIRESTORE_TIMEOUT_MS) || undefined;
    const unreachable = await firestoreUnreachable(context.env, timeout);
    if (unreachable) throw new UsageError(unreachable);
  }
  const tenantsDir = tenantsDirOf(context);
  const dataDir = dataDirOf(context);
  const stores = await sync.openStores({ tenantsDir, dataDir, remote: context.remoteStore });
  try {
    await work({ sync, stores, dataDir, shown: displayPath(context, path.join(tenantsDir, tenantId)) });
  } finally {
    await stores.close();
  }
}

function changeLines(sync: Session['sync'], changes: readonly Change[], output: Output, context: CliContext): string {
  const c = colorsFor(output, context.env);
  return changes.map((change) => `  ${safeText(sync.formatChange(change, c))}\n`).join('');
}

const count = (comparison: Comparison) =>
  `${comparison.patch.length} difference${comparison.patch.length === 1 ? '' : 's'}`;

/** Issues of a tenant part ("site", …) located in the folder's files, or in Firestore's document. */
function issueLines(issues: readonly Issue[], where: (part: string) => string): string {
  return issues
    .map(
      (issue) =>
        `  ${safeText(`${where(issue.file)}:${issue.line}:${issue.column} ${issue.pointer || '(root)'} ${issue.message}`)}`,
    )
    .join('\n');
}

const inFolder = (shown: string) => (part: string) => `${shown}/${part}.json`;
const inFirestore = (tenantId: string) => (part: string) => `Firestore tenants/${tenantId} ${part}`;

const recordedText = (recorded: SyncRecord | undefined) =>
  recorded ? `last pulled or pushed at version ${recorded.remoteVersion}` : 'never pulled or pushed from here';

export function registerSync(program: Command, context: CliContext): void {
  program
    .command('push')
    .description(
      'write a tenant folder to Firestore, refusing to overwrite changes made there since the last pull or push',
    )
    .argument('<tenantId>', 'the tenant to push (its folder under tenants/)')
    .option('--dry-run', 'print what it would do and the differences, and write nothing')
    .option('--force', 'overwrite Firestore’s copy even if it changed since the last pull or push')
    .addHelpText(
      'after',
      `
The folder must pass validate. If Firestore's copy changed since this machine last pulled or pushed it
(someone edited it in the console), push prints the differences and stops: pull first, or use --force.
${ENVIRONMENT_HELP}

Examples:
  $ backlot push acme --dry-run
  $ GOOGLE_APPLICATION_CREDENTIALS=key.json backlot push acme
  $ backlot push acme --force          overwrite edits made in the console`,
    )
    .action(async (tenantId: string, options: { dryRun?: boolean; force?: boolean }) => {
      await withStores(context, tenantId, async ({ sync, stores, dataDir, shown }) => {
        const report = await sync.pushTenant(stores, dataDir, tenantId, options);
        const lines = (comparison: Comparison | undefined, output: Output) =>
          comparison ? changeLines(sync, comparison.changes, output, context) : '';
        const tryAgain = `Run \`backlot pull ${tenantId}\` first to bring them into ${shown} (it replaces the folder's files; keep your edits in git to reapply them), or \`backlot push ${tenantId} --force\` to overwrite them.`;
        switch (report.kind) {
          case 'missing-local':
            throw new CommandFailure(
              `there is no tenant ${tenantId} in ${displayPath(context, tenantsDirOf(context))}/; nothing to push`,
            );
          case 'invalid':
            throw new CommandFailure(
              `${shown} is invalid, so nothing was pushed:\n${issueLines(report.issues, inFolder(shown))}`,
            );
          case 'in-sync':
            context.stdout.write(
              `${shown} and Firestore are already in sync (version ${report.remoteVersion}); nothing to push.\n`,
            );
            return;
          case 'refused': {
            const why =
              report.conflict === 'remote-changed'
                ? `Firestore's ${tenantId} has changed since the last pull or push (recorded version ${report.recorded?.remoteVersion}, now ${report.remoteVersion}), probably edited in the console; nothing was pushed.`
                : report.conflict === 'never-synced'
                  ? `Firestore already has a tenant ${tenantId} that differs from ${shown}, and it was never pulled or pushed from here; nothing was pushed.`
                  : `Firestore's ${tenantId} is invalid (edited in the console?), ${recordedText(report.recorded)}; nothing was pushed:\n${issueLines(report.remoteIssues ?? [], inFirestore(tenantId))}`;
            const diff = report.comparison
              ? `\nPushing would make these changes to Firestore's copy (${count(report.comparison)}):\n${lines(report.comparison, context.stderr)}`
              : '\n';
            throw new CommandFailure(`${why}${diff}${tryAgain}`);
          }
          case 'rejected':
            throw new CommandFailure(
              `Firestore refused ${shown}, so nothing was pushed:\n${issueLines(report.issues, inFolder(shown))}`,
            );
          case 'raced':
            throw new CommandFailure(
              `Firestore's ${tenantId} changed while pushing, so nothing was pushed; run \`backlot diff ${tenantId}\` and try again`,
            );
          case 'pushed': {
            const overwritten = {
              'remote-invalid': 'an invalid copy',
              'remote-changed': 'changes made there since the last pull or push',
              'never-synced': 'a copy never pulled or pushed from here',
            };
            const overrode = report.overrode ? ` --force overwrote ${overwritten[report.overrode]}.` : '';
            if (report.dryRun) {
              const what =
                report.action === 'create'
                  ? `Would create ${tenantId} in Firestore`
                  : `Would update ${tenantId} in Firestore (version ${report.previousVersion}${report.overrode ? `, overwriting ${overwritten[report.overrode]}` : ''})`;
              const diff = report.comparison ? `:\n${lines(report.comparison, context.stdout)}` : '\n';
              context.stdout.write(`${what} from ${shown} (dry run: nothing written)${diff}`);
              return;
            }
            context.exitCode = EXIT.ok;
            const diff = report.action === 'update' ? lines(report.comparison, context.stdout) : '';
            context.stdout.write(
              `Pushed ${shown} to Firestore (version ${report.version}).${report.action === 'create' ? ' It is new there.' : overrode}\n${diff}`,
            );
            return;
          }
        }
      });
    });

  program
    .command('pull')
    .description('write a tenant from Firestore into its folder (replacing the folder’s files)')
    .argument('<tenantId>', 'the tenant to pull (its document in Firestore)')
    .option('--dry-run', 'print the differences it would bring in, and write nothing')
    .addHelpText(
      'after',
      `
The folder's files are replaced by Firestore's copy (edits not pushed are lost: keep them in git).
${ENVIRONMENT_HELP}

Examples:
  $ backlot pull acme --dry-run
  $ FIRESTORE_EMULATOR_HOST=localhost:8080 GOOGLE_CLOUD_PROJECT=demo-backlot backlot pull acme`,
    )
    .action(async (tenantId: string, options: { dryRun?: boolean }) => {
      await withStores(context, tenantId, async ({ sync, stores, dataDir, shown }) => {
        const report = await sync.pullTenant(stores, dataDir, tenantId, options);
        switch (report.kind) {
          case 'missing-remote':
            throw new CommandFailure(`Firestore has no tenant ${tenantId}; nothing to pull`);
          case 'invalid':
            throw new CommandFailure(
              report.side === 'remote'
                ? `Firestore's ${tenantId} is invalid (edited in the console?), so nothing was pulled; fix it there, or push ${shown} with --force:\n${issueLines(report.issues, inFirestore(tenantId))}`
                : `${shown} is invalid, so it cannot be compared and nothing was pulled; fix it or restore it (git), then pull again:\n${issueLines(report.issues, inFolder(shown))}`,
            );
          case 'in-sync':
            context.stdout.write(
              `${shown} and Firestore are already in sync (version ${report.remoteVersion}); nothing to pull.\n`,
            );
            return;
          case 'rejected':
            throw new CommandFailure(
              `Firestore's ${tenantId} cannot be written to ${shown}, so nothing was pulled:\n${issueLines(report.issues, inFolder(shown))}`,
            );
          case 'raced':
            throw new CommandFailure(`${shown} changed while pulling, so nothing was pulled; try again`);
          case 'pulled': {
            const diff =
              report.action === 'update'
                ? `:\n${changeLines(sync, report.comparison.changes, context.stdout, context)}`
                : '.\n';
            if (report.dryRun) {
              const what =
                report.action === 'create'
                  ? `Would create ${shown}`
                  : `Would update ${shown} (${count(report.comparison)})`;
              context.stdout.write(
                `${what} from Firestore (version ${report.remoteVersion}; dry run: nothing written)${diff}`,
              );
              return;
            }
            context.exitCode = EXIT.ok;
            const what =
              report.action === 'create' ? `Created ${shown}` : `Updated ${shown} (${count(report.comparison)})`;
            context.stdout.write(`Pulled ${tenantId} from Firestore (version ${report.remoteVersion}). ${what}${diff}`);
            return;
          }
        }
      });
    });

  program
    .command('diff')
    .description('show how a tenant folder and Firestore’s copy differ (what push would change there)')
    .argument('<tenantId>', 'the tenant to compare')
    .option('--json', 'print the JSON Patch (RFC 6902) from Firestore’s copy to the folder on stdout')
    .addHelpText(
      'after',
      `
Each line is one JSON Patch operation from Firestore's copy to the folder:
  ~ /site/appTitle: "Old" → "New"   changed      + /path: value   only in the folder      - /path   only in Firestore
It only reports: the exit code is 0 whether or not they differ.
${ENVIRONMENT_HELP}

Examples:
  $ backlot diff acme
  $ backlot diff acme --json`,
    )
    .action(async (tenantId: string, options: { json?: boolean }) => {
      await withStores(context, tenantId, async ({ sync, stores, dataDir, shown }) => {
        const report = await sync.diffTenant(stores, dataDir, tenantId);
        if (report.kind === 'missing-both')
          throw new CommandFailure(
            `there is no tenant ${tenantId} in ${displayPath(context, tenantsDirOf(context))}/ or in Firestore`,
          );
        if (report.kind === 'invalid') {
          throw new CommandFailure(
            report.side === 'local'
              ? `${shown} is invalid, so it cannot be compared:\n${issueLines(report.issues, inFolder(shown))}`
              : `Firestore's ${tenantId} is invalid (edited in the console?), so it cannot be compared:\n${issueLines(report.issues, inFirestore(tenantId))}`,
          );
        }
        context.exitCode = EXIT.ok;
        if (options.json) {
          context.stdout.write(`${JSON.stringify(report.comparison.patch, null, 2)}\n`);
          return;
        }
        if (report.kind === 'local-only') {
          context.stdout.write(
            `Firestore has no tenant ${tenantId}; only ${shown} exists (backlot push ${tenantId} would create it).\n`,
          );
          return;
        }
        if (report.kind === 'remote-only') {
          context.stdout.write(
            `${shown} does not exist; only Firestore has ${tenantId} (version ${report.remoteVersion}; backlot pull ${tenantId} would create the folder).\n`,
          );
          return;
        }
        const changedThere =
          report.recorded && report.recorded.remoteVersion !== report.remoteVersion
            ? `Firestore's copy changed since the last pull or push (version ${report.recorded.remoteVersion}, now ${report.remoteVersion}).\n`
            : '';
        if (report.comparison.patch.length === 0) {
          context.stdout.write(`${shown} and Firestore are in sync.\n`);
          return;
        }
        context.stdout.write(
          `${shown} and Firestore differ (${count(report.comparison)}; from Firestore's copy, version ${report.remoteVersion}, to ${shown}):\n` +
            changeLines(sync, report.comparison.changes, context.stdout, context) +
            changedThere,
        );
      });
    });
}
