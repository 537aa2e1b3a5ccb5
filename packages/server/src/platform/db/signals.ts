import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Stops listening. */
export type StopListening = () => Promise<void>;

/**
 * Calls `onSignal` for every NOTIFY on `channel` that any instance on the database commits, and whenever
 * listening (re)starts, as a signal may have been missed while it was not. Resolves once listening.
 */
export type Listen = (channel: string, onSignal: () => void) => Promise<StopListening>;

/** The listening connections' application_name, as pg_stat_activity shows them. */
export const LISTENER_NAME = 'parkhere-listen';

/** How long after a lost listening connection the next one is tried. */
const RECONNECT_DELAY_MS = 1_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to others), made anew whenever it drops
 * (a restart, a failover, an idle connection killed): until it is back, signals are lost, so `onSignal` runs
 * once it listens again. The first connection must succeed, as the pool's did.
 */
export const listenOnPostgres =
  (connectionString: string): Listen =>
  async (channel, onSignal) => {
    let stopped = false;
    let current: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    // 'error' and 'end' may both come for one lost connection: only the first of them replaces it.
    const drop = (client: pg.Client) => {
      if (client !== current) {
        return;
      }
      current = undefined;
      client.end().catch(() => {});
      if (!stopped) {
        retry = setTimeout(() => void connect().catch(() => {}), RECONNECT_DELAY_MS);
      }
    };
    const connect = async (): Promise<void> => {
      const client = new pg.Client({ connectionString, keepAlive: true, application_name: LISTENER_NAME });
      current = client;
      client.on('notification', () => onSignal());
      client.on('error', () => drop(client));
      client.on('end', () => drop(client));
      try {
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        drop(client);
        throw error;
      }
      onSignal();
    };
    try {
      await connect();
    } catch (error) {
      stopped = true;
      clearTimeout(retry);
      throw error;
    }
    return async () => {
      stopped = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    };
  };

/** PGlite is one session in this process: its own LISTEN hears every commit. */
export const listenOnPglite =
  (pglite: PGlite): Listen =>
  async (channel, onSignal) => {
    const unlisten = await pglite.listen(channel, () => onSignal());
    return () => unlisten();
  };
