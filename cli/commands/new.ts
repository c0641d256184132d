/** `backlot new <tenantId>`: scaffold a tenant that passes validate, atomically, never over an existing one. */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { CommandFailure, EXIT, UsageError, displayPath, tenantsDirOf, type CliContext } from '../context';

interface NewOptions {
  name?: string;
  domain?: string;
  email?: string;
  from?: string;
  currency?: string;
  locale?: string;
  timezone?: string;
  tax?: string;
  taxName?: string;
  dryRun?: boolean;
  yes?: boolean;
}

export function registerNew(program: Command, context: CliContext): void {
  program
    .command('new')
    .description('create a tenant folder from the template (or from an existing tenant) that passes validate')
    .argument('[tenantId]', 'the new tenant’s id: a lowercase slug, also its folder name')
    .option('--name <displayName>', 'the name visitors see, e.g. "Acme Props"')
    .option('--domain <domain>', 'the storefront’s host name, e.g. www.acme-props.com')
    .option('--email <email>', 'the vendor’s contact email (default: hello@<domain>)')
    .option('--from <tenantId>', 'copy the links, colours, facets, categories and constants of this tenant')
    .option('--currency <code>', "its currency, ISO 4217 (default: the template's or the copied tenant's), e.g. GBP")
    .option('--locale <tag>', 'its language and number format, BCP 47, e.g. en-GB')
    .option('--timezone <zone>', 'its time zone, IANA, e.g. Europe/London')
    .option('--tax <percent>', 'its sales tax rate in percent, e.g. 20')
    .option('--tax-name <name>', 'what quotes and invoices call the tax, e.g. VAT')
    .option('--dry-run', 'print the files it would write and write nothing')
    .option('-y, --yes', 'never prompt: fail when a required answer is missing')
    .addHelpText(
      'after',
      `
On a terminal, missing answers are asked for; with --yes or without a terminal they are required flags.
It never overwrites an existing tenant, and writes all three files or none.

Examples:
  $ backlot new acme --name "Acme Props" --domain www.acme-props.com --yes
  $ backlot new studio-b --from aviation --name "Studio B" --domain www.studio-b.com --dry-run
  $ backlot new london --from aviation --name "Soho Prop Hire" --domain www.sohoprophire.co.uk \\
      --currency GBP --locale en-GB --timezone Europe/London --tax 20 --tax-name VAT --yes`,
    )
    .action(async (tenantIdArgument: string | undefined, options: NewOptions) => {
      const [{ checkDefinition }, scaffold, { createFolderAtomic, AlreadyExistsError }] = await Promise.all([
        import('../../schema/node/ajv'),
        import('../lib/scaffold'),
        import('../../schema/node/atomic-write'),
      ]);
      const tenantsDir = tenantsDirOf(context);
      const prompting = context.interactive && !options.yes;

      const answer = async (
        value: string | undefined,
        flag: string,
        kind: Parameters<typeof checkDefinition>[0],
        message: string,
        fallback?: string,
      ) => {
        if (value !== undefined) {
          const verdict = checkDefinition(kind, value);
          if (verdict !== true) throw new UsageError(`${flag} ${JSON.stringify(value)}: ${verdict}`);
          return value;
        }
        if (!prompting)
          throw new UsageError(
            `missing ${flag}: give it on the command line (there are no prompts with --yes or without a terminal)`,
          );
        return context.ask({ message, default: fallback, validate: (text) => checkDefinition(kind, text) });
      };

      const tenantId = await answer(
        tenantIdArgument,
        '<tenantId>',
        'tenantId',
        'Tenant id (lowercase slug, also the folder name):',
      );
      const dir = path.join(tenantsDir, tenantId);
      if (
        await stat(dir).then(
          () => true,
          () => false,
        )
      ) {
        throw new CommandFailure(`${displayPath(context, dir)} already exists; backlot new never overwrites a tenant`);
      }
      const name = await answer(options.name, '--name', 'label', 'Display name visitors see:');
      const domain = await answer(
        options.domain,
        '--domain',
        'hostname',
        'Storefront domain (e.g. www.acme-props.com):',
        `www.${tenantId}.com`,
      );
      const email =
        options.email === undefined ? undefined : await answer(options.email, '--email', 'email', 'Contact email:');

      const optional = async (value: string | undefined, flag: string, kind: Parameters<typeof checkDefinition>[0]) =>
        value === undefined ? undefined : answer(value, flag, kind, '');
      const currency = await optional(options.currency, '--currency', 'currency');
      const locale = await optional(options.locale, '--locale', 'locale');
      const timezone = await optional(options.timezone, '--timezone', 'timezone');
      const taxRatePercent = options.tax === undefined ? undefined : Number(options.tax);
      if (
        taxRatePercent !== undefined &&
        !(Number.isFinite(taxRatePercent) && taxRatePercent >= 0 && taxRatePercent <= 50)
      )
        throw new UsageError(`--tax ${JSON.stringify(options.tax)}: give the rate in percent, from 0 to 50 (e.g. 20)`);
      const request = {
        tenantId,
        name,
        domain,
        email,
        from: options.from,
        ...(currency !== undefined && { currency }),
        ...(locale !== undefined && { locale }),
        ...(timezone !== undefined && { timezone }),
        ...(taxRatePercent !== undefined && { taxRatePercent }),
        ...(options.taxName !== undefined && { taxName: options.taxName }),
      };
      const plan = await scaffold.planTenant(tenantsDir, request);
      const problems = await scaffold.checkPlan(tenantsDir, request, plan);
      if (problems.length) {
        const lines = problems.map((p) => `  ${displayPath(context, p.file)} ${p.pointer || '(root)'} ${p.message}`);
        throw new CommandFailure(`the new tenant would not be valid, so nothing was written:\n${lines.join('\n')}`);
      }

      const shownDir = displayPath(context, plan.dir);
      if (options.dryRun) {
        const width = Math.max(...Object.keys(plan.files).map((f) => `${shownDir}/${f}`.length));
        const rows = Object.entries(plan.files).map(
          ([file, text]) => `  ${`${shownDir}/${file}`.padEnd(width)}  ${Buffer.byteLength(text)} bytes`,
        );
        context.stdout.write(`Would create ${shownDir}/ (dry run: nothing written)\n${rows.join('\n')}\n`);
        return;
      }
      try {
        await createFolderAtomic(plan.dir, plan.files, { signal: context.signal });
      } catch (error) {
        if (error instanceof AlreadyExistsError)
          throw new CommandFailure(`${shownDir} already exists; backlot new never overwrites a tenant`);
        throw error;
      }
      context.exitCode = EXIT.ok;
      context.stdout.write(
        `Created ${shownDir}/ with ${Object.keys(plan.files).join(', ')}\n` +
          `Next: edit them (editors autocomplete from schema/), then run: backlot validate ${shownDir}\n`,
      );
    });
}
