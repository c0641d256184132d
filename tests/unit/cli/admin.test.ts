/** `backlot admin add|list`: accounts land in the SQLite file the server reads, and can log in. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { configFromEnv } from '../../../server/config';
import { useScratchTenants } from '../../helpers/cli';

const scratch = useScratchTenants('acme', 'aviation');
const admin = (args: string[], extra: Parameters<typeof scratch.run>[1] = {}) => scratch.run(['admin', ...args], extra);

async function canLogIn(email: string, password: string) {
  const config = configFromEnv({
    BACKLOT_TENANTS_DIR: path.join(scratch.cwd, 'tenants'),
    BACKLOT_DATA_DIR: path.join(scratch.cwd, '.data'),
  });
  const app = await buildApp({ config });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    return login.statusCode === 200 ? login.json() : undefined;
  } finally {
    await app.close();
  }
}

describe('backlot admin', () => {
  it("adds platform staff (also under the role's old name, platform) and tenant admins that can log in to the console", async () => {
    const staff = await admin([
      'add',
      '--email',
      'ops@backlot.example',
      '--password',
      'long enough password',
      '--role',
      'platform',
    ]);
    expect(staff).toMatchObject({
      code: 0,
      stdout: 'Added ops@backlot.example (platform-staff; reaches every tenant).\n',
    });
    const owner = await admin([
      'add',
      '--email',
      'Owner@Acme-Props.example',
      '--password',
      'another long password',
      '--role',
      'tenant-admin',
      '--tenant',
      'acme',
      'aviation',
    ]);
    expect(owner).toMatchObject({
      code: 0,
      stdout: 'Added owner@acme-props.example (tenant-admin; reaches acme, aviation).\n',
    });
    expect(await canLogIn('ops@backlot.example', 'long enough password')).toMatchObject({ role: 'platform-staff' });
    expect(await canLogIn('owner@acme-props.example', 'another long password')).toMatchObject({
      role: 'tenant-admin',
      tenants: ['acme', 'aviation'],
    });
    const listed = JSON.parse((await admin(['list', '--json'])).stdout);
    expect(listed.map((a: { email: string; role: string }) => [a.email, a.role])).toEqual([
      ['ops@backlot.example', 'platform-staff'],
      ['owner@acme-props.example', 'tenant-admin'],
    ]);
  });

  it('refuses a second account for the same email', async () => {
    const args = [
      'add',
      '--email',
      'ops@backlot.example',
      '--password',
      'long enough password',
      '--role',
      'platform-staff',
    ];
    expect((await admin(args)).code).toBe(0);
    expect(await admin(args)).toMatchObject({
      code: 1,
      stderr: 'backlot: an account for ops@backlot.example already exists\n',
    });
  });

  it.each([
    [
      ['--email', 'x@y.example', '--password', 'long enough password', '--role', 'owner'],
      2,
      '--role must be one of platform-staff, tenant-admin',
    ],
    [
      ['--email', 'x@y.example', '--password', 'long enough password', '--role', 'tenant-admin'],
      2,
      'a tenant-admin needs at least one --tenant',
    ],
    [
      ['--email', 'x@y.example', '--password', 'long enough password', '--role', 'tenant-admin', '--tenant', 'ghost'],
      1,
      'no tenant "ghost"',
    ],
    [
      ['--email', 'x@y.example', '--password', 'short', '--role', 'platform'],
      1,
      'password must be at least 10 characters',
    ],
    [
      ['--email', 'not-an-email', '--password', 'long enough password', '--role', 'platform'],
      2,
      '--email "not-an-email": must be a valid email address',
    ],
    [['--email', 'x@y.example', '--role', 'platform'], 2, 'missing --password'],
  ])('refuses %j', async (args, code, message) => {
    const run = await admin(['add', ...args]);
    expect(run.code).toBe(code);
    expect(run.stderr).toContain(message);
  });

  it('asks for the password, hidden, on a terminal', async () => {
    const run = await admin(['add', '--email', 'ops@backlot.example', '--role', 'platform'], {
      answers: ['short', 'a long secret password'],
    });
    expect(run.code).toBe(0);
    expect(run.asked).toEqual(['Password:', 'rejected: must be at least 10 characters']);
    expect(await canLogIn('ops@backlot.example', 'a long secret password')).toMatchObject({ role: 'platform-staff' });
  });
});
