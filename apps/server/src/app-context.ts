import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Mailer } from './platform/mailer.ts';

/** What every feature's routes receive: the database, configuration and outgoing channels. */
export interface AppContext {
  database: Database;
  config: Config;
  mailer: Mailer;
}
