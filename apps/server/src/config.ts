import { isIP } from 'node:net';
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
  /** A session unused for this long stops working, before its absolute expiry (SESSION_TTL_MINUTES). */
  sessionIdleMinutes: number;
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
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): false (the default: the socket's
   * address is the client's) or the proxies' addresses and CIDR ranges.
   */
  trustProxy: false | string[];
  /** Who issues the invoices: printed at the top of every invoice (INVOICE_SUPPLIER_*). */
  invoiceSupplier: InvoiceSupplier;
  /**
   * External queue-log pages the Logs section frames, one per tab (QUEUE_LOG_ADMIN_URL,
   * QUEUE_LOG_DISPATCH_URL); null: the app's own queue log (spec 1 §2 '/logging').
   */
  queueLogUrls: { admin: string | null; dispatch: string | null };
}

export interface InvoiceSupplier {
  name: string;
  /** Address lines, in order. */
  address: string[];
  vatNumber: string;
  email: string;
  phone: string;
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

/** An optional http(s) address from the environment; anything else fails at start, not in the browser. */
export function optionalHttpUrl(name: string, value: string | undefined): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name} must be an http or https address, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`${name} must be an http or https address, got "${text}"`);
  return text;
}

/** The names proxy-addr (Fastify's trustProxy) knows besides addresses and ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // A prefix length, or (IPv4 only) a netmask such as 255.255.255.0.
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(prefix) === 4;
}

/**
 * TRUST_PROXY: unset, empty or 0 trusts no proxy, so a client cannot choose its own address with a
 * forged X-Forwarded-For (which would reset the per-address sign-in limit and be stored as the user's
 * address). A comma-separated list of the proxies' addresses or CIDR ranges trusts those proxies only.
 * `true` (trust everyone) is refused, and so is a hop count: Fastify 5 ignores hop counts, because a
 * client reaching the server directly could then forge its address too.
 */
export function parseTrustProxy(value: string | undefined): false | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text.toLowerCase() === 'false') return false;
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || wrong.length > 0) {
    throw new Error(
      `TRUST_PROXY must be a comma-separated list of the proxies' addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1); "${wrong.join(', ') || text}" is not one. Neither "true" nor a hop count is accepted: either would let a client forge its address.`,
    );
  }
  return entries;
}

/**
 * The authorisation code of price and carrier increases on the demo: without it nobody trying the
 * demo could run one. Printed at start with the demo logins and written in the README.
 */
export const DEMO_PRICE_INCREASE_SECRET = 'demo-increase';

/**
 * The configuration a server runs with: on the demo (DEMO_DATA on: the embedded database by default,
 * PostgreSQL only with DEMO_DATA=1) with no PRICE_INCREASE_SECRET, increases take the demo code; never
 * otherwise, so a production server without the variable keeps increases switched off.
 */
export function withDemoDefaults(config: Config): Config {
  if (!config.demoData || config.priceIncreaseSecret !== null) return config;
  return { ...config, priceIncreaseSecret: DEMO_PRICE_INCREASE_SECRET };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const ttl = Number(env.SESSION_TTL_MINUTES ?? 12 * 60);
  if (!Number.isFinite(ttl) || ttl <= 0) throw new Error('SESSION_TTL_MINUTES must be a positive number');
  const idle = Number(env.SESSION_IDLE_MINUTES || 60);
  if (!Number.isFinite(idle) || idle <= 0) throw new Error('SESSION_IDLE_MINUTES must be a positive number');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl,
    demoData: flag(env.DEMO_DATA) ?? !databaseUrl,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Courier Back Office <no-reply@courier.ie>',
    sessionTtlMinutes: ttl,
    sessionIdleMinutes: idle,
    courierWebsiteUrl: env.COURIER_WEBSITE_URL ?? 'https://www.example.ie/',
    docketBaseUrl: env.DOCKET_BASE_URL || null,
    paymentProviderCustomerUrl: env.PAYMENT_PROVIDER_CUSTOMER_URL ?? 'https://dashboard.stripe.com/customers/',
    webDist:
      env.WEB_DIST === '' ? null : path.resolve(env.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    secureCookies: flag(env.SECURE_COOKIES) ?? false,
    priceIncreaseSecret: env.PRICE_INCREASE_SECRET || null,
    mapTileUrl: env.MAP_TILE_URL ?? '',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    invoiceSupplier: {
      name: env.INVOICE_SUPPLIER_NAME || 'Courier Back Office Ltd',
      // Lines separated by '|': 'Unit 4, Parkway Business Centre|Ballymount|Dublin 12|D12 X7Y9'
      address: (env.INVOICE_SUPPLIER_ADDRESS || 'Unit 4, Parkway Business Centre|Ballymount Road|Dublin 12')
        .split('|')
        .map((line) => line.trim())
        .filter(Boolean),
      vatNumber: env.INVOICE_SUPPLIER_VAT_NUMBER || 'IE1234567T',
      email: env.INVOICE_SUPPLIER_EMAIL || 'accounts@courier.ie',
      phone: env.INVOICE_SUPPLIER_PHONE || '+353 1 555 0100',
    },
    queueLogUrls: {
      admin: optionalHttpUrl('QUEUE_LOG_ADMIN_URL', env.QUEUE_LOG_ADMIN_URL),
      dispatch: optionalHttpUrl('QUEUE_LOG_DISPATCH_URL', env.QUEUE_LOG_DISPATCH_URL),
    },
  };
}

/**
 * SET_CALL_RUN_TIME: the Europe/Dublin time (HH:mm, default 05:00) at which each working day's set
 * call bookings are made (issue 14). Read where the schedule is declared, so a typo fails at start.
 */
export function setCallRunTimeFrom(env: NodeJS.ProcessEnv = process.env): { hour: number; minute: number } {
  const text = env.SET_CALL_RUN_TIME?.trim() || '05:00';
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(text);
  if (!match) throw new Error(`SET_CALL_RUN_TIME must be a time of day as HH:mm (e.g. 05:00), got "${text}"`);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}
