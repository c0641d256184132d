/** The server's settings, from the environment, with the embedded defaults `npm start` runs on. */
import path from 'node:path';

export interface ServerConfig {
  port: number;
  host: string;
  tenantsDir: string;
  dataDir: string;
  store: 'file' | 'firestore';
  defaultTenant: string;
  adminEmail?: string;
  adminPassword?: string;
  /** Cookies marked Secure; on when the public URL is https. */
  secureCookies: boolean;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const store = env.BACKLOT_STORE ?? 'file';
  if (store !== 'file' && store !== 'firestore') throw new Error(`BACKLOT_STORE must be "file" or "firestore", not ${JSON.stringify(store)}`);
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not ${JSON.stringify(env.PORT)}`);
  return {
    port,
    host: env.HOST ?? 'localhost',
    tenantsDir: path.resolve(cwd, env.BACKLOT_TENANTS_DIR || 'tenants'),
    dataDir: path.resolve(cwd, env.BACKLOT_DATA_DIR || '.data'),
    store,
    defaultTenant: env.BACKLOT_DEFAULT_TENANT || 'aviation',
    adminEmail: env.BACKLOT_ADMIN_EMAIL || undefined,
    adminPassword: env.BACKLOT_ADMIN_PASSWORD || undefined,
    secureCookies: env.BACKLOT_SECURE_COOKIES === '1',
  };
}
