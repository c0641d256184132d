/**
 * `backlot admin add|list`: console accounts, in the same SQLite file the server uses
 * (BACKLOT_DATA_DIR, default .data/). Passwords are hashed by the auth library.
 */
import path from 'node:path';
import type { Command } from 'commander';
import { CommandFailure, EXIT, UsageError, safeText, dataDirOf, tenantsDirOf, type CliContext } from '../context';

interface AddOptions {
  email?: string;
  password?: string;
  role?: string;
  tenant?: string[];
  name?: string;
  yes?: boolean;
}

export function registerAdmin(program: Command, context: CliContext): void {
  const admin = program.command('admin').description('manage console accounts (platform staff and tenant admins)');

  admin
    .command('add')
    .description('add a console account')
    .option('--email <email>', 'the account’s email (its login)')
    .option('--password <password>', `its password (prompted for, hidden, on a terminal)`)
    .option('--role <role>', 'platform-staff (every tenant; `platform` says the same) or tenant-admin (only --tenant)')
    .option('--tenant <tenantId...>', 'a tenant a tenant-admin may reach (repeatable)')
    .option('--name <name>', 'the name shown in the console (default: the part of the email before @)')
    .option('-y, --yes', 'never prompt')
    .addHelpText(
      'after',
      `
Examples:
  $ backlot admin add --email ops@backlot.example --role platform-staff
  $ backlot admin add --email owner@jetwayprops.com --role tenant-admin --tenant aviation --password '…' --yes`,
    )
    .action(async (options: AddOptions) => {
      const [{ Accounts, AccountError, ROLES, MIN_PASSWORD_LENGTH }, { checkDefinition }, { listTenantDirs }] =
        await Promise.all([
          import('../../server/auth/accounts'),
          import('../../schema/node/ajv'),
          import('../../schema/node/loader'),
        ]);
      if (!options.email) throw new UsageError('missing --email');
      const emailVerdict = checkDefinition('email', options.email);
      if (emailVerdict !== true) throw new UsageError(`--email ${JSON.stringify(options.email)}: ${emailVerdict}`);
      // `platform`, the role's name before, stays accepted: scripts and the documented interface use it.
      const given = options.role === 'platform' ? 'platform-staff' : options.role;
      if (!given || !(ROLES as readonly string[]).includes(given))
        throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
      const role = given as (typeof ROLES)[number];
      const tenants = options.tenant ?? [];
      if (role === 'tenant-admin' && tenants.length === 0)
        throw new UsageError('a tenant-admin needs at least one --tenant');
      if (role === 'platform-staff' && tenants.length)
        throw new UsageError('platform staff reach every tenant; leave out --tenant');
      const known = new Set(
        (await listTenantDirs(tenantsDirOf(context)).catch(() => [] as string[])).map((dir) => path.basename(dir)),
      );
      const unknown = tenants.filter((id) => !known.has(id));
      if (unknown.length)
        throw new CommandFailure(
          `no tenant ${unknown.map((id) => JSON.stringify(id)).join(', ')} in ${tenantsDirOf(context)}`,
        );

      let password = options.password;
      if (password === undefined) {
        if (!context.interactive || options.yes)
          throw new UsageError(
            'missing --password: give it on the command line (there are no prompts with --yes or without a terminal)',
          );
        password = await context.ask({
          message: 'Password:',
          secret: true,
          validate: (text) =>
            text.length >= MIN_PASSWORD_LENGTH ? true : `must be at least ${MIN_PASSWORD_LENGTH} characters`,
        });
      }

      const accounts = await Accounts.open({
        dataDir: dataDirOf(context),
        databaseUrl: context.env.BACKLOT_DATABASE_URL || undefined,
      });
      try {
        const account = await accounts.add({ email: options.email, password, role, tenants, name: options.name });
        context.exitCode = EXIT.ok;
        const reach = role === 'platform-staff' ? 'every tenant' : account.tenants.join(', ');
        context.stdout.write(`Added ${safeText(account.email)} (${role}; reaches ${safeText(reach)}).\n`);
      } catch (error) {
        if (error instanceof AccountError) throw new CommandFailure(error.message);
        throw error;
      } finally {
        await accounts.close();
      }
    });

  admin
    .command('list')
    .description('list console accounts')
    .option('--json', 'print a JSON array on stdout')
    .action(async (options: { json?: boolean }) => {
      const { Accounts } = await import('../../server/auth/accounts');
      const accounts = await Accounts.open({
        dataDir: dataDirOf(context),
        databaseUrl: context.env.BACKLOT_DATABASE_URL || undefined,
      });
      try {
        const all = await accounts.list();
        if (options.json) {
          context.stdout.write(`${JSON.stringify(all, null, 2)}\n`);
          return;
        }
        if (all.length === 0) {
          context.stdout.write('No accounts yet. Add one with: backlot admin add --email … --role platform\n');
          return;
        }
        for (const account of all)
          context.stdout.write(
            `${safeText(account.email)}  ${account.role}${account.role === 'tenant-admin' ? `  ${safeText(account.tenants.join(', '))}` : ''}\n`,
          );
      } finally {
        await accounts.close();
      }
    });
}
