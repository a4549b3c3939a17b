import path from 'node:path';

/** Configuration from the environment; every variable is listed in the README. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Seed demo data: on by default for the embedded database, only with DEMO_DATA=1 on PostgreSQL. */
  demoData: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionTtlMinutes: number;
  courierWebsiteUrl: string;
  docketBaseUrl: string | null;
  paymentProviderCustomerUrl: string;
  /** Folder of the built web app; the API runs without it (tests, API-only deployments). */
  webDist: string | null;
  /** Secure cookies need HTTPS; off by default so localhost works. */
  secureCookies: boolean;
  /** The authorisation code price and carrier increases must quote; null refuses every increase. */
  priceIncreaseSecret: string | null;
  /** Map tiles ({z}/{x}/{y} template). Empty: no tiles, maps show a grey background with their markers. */
  mapTileUrl: string;
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const ttl = Number(env.SESSION_TTL_MINUTES ?? 12 * 60);
  if (!Number.isFinite(ttl) || ttl <= 0) throw new Error('SESSION_TTL_MINUTES must be a positive number');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    demoData: flag(env.DEMO_DATA) ?? !databaseUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Courier Back Office <no-reply@courier.ie>',
    sessionTtlMinutes: ttl,
    courierWebsiteUrl: env.COURIER_WEBSITE_URL ?? 'https://www.example.ie/',
    docketBaseUrl: env.DOCKET_BASE_URL || null,
    paymentProviderCustomerUrl: env.PAYMENT_PROVIDER_CUSTOMER_URL ?? 'https://dashboard.stripe.com/customers/',
    webDist: env.WEB_DIST === '' ? null : path.resolve(env.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    secureCookies: flag(env.SECURE_COOKIES) ?? false,
    priceIncreaseSecret: env.PRICE_INCREASE_SECRET || null,
    mapTileUrl: env.MAP_TILE_URL ?? '',
  };
}
