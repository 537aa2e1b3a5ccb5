import { type Kysely, type RawBuilder, sql } from 'kysely';
import { type Adapter, type AdapterPayload, errors } from 'oidc-provider';
import type { Executor } from '../db/executor.ts';
import type { DB } from '../db/schema.ts';

/** Models looked up by grant id when a grant is revoked (oidc-provider's revokeByGrantId). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'ClientCredentials',
  'Grant',
  'BackchannelAuthenticationRequest',
]);

/** Codes and refresh tokens: a second use is an attack, answered by revoking the grant. */
const SINGLE_USE = new Set(['AuthorizationCode', 'RefreshToken']);

/** Everything issued under a grant, and the grant itself. */
async function revokeGrant(db: Kysely<DB>, grantId: string): Promise<void> {
  await db
    .deleteFrom('oidcPayloads')
    .where((eb) =>
      eb.or([eb('grantId', '=', grantId), eb.and([eb('model', '=', 'Grant'), eb('id', '=', grantId)])]),
    )
    .execute();
}

/**
 * oidc-provider storage in the oidc_payloads table. oidc-provider instantiates the adapter
 * class once per model name, so the database is bound through a class factory.
 */
export function databaseAdapter(db: Kysely<DB>): new (model: string) => Adapter {
  const notExpired = (payload: AdapterPayload | undefined, expiresAt: Date | null) =>
    payload !== undefined && (expiresAt === null || expiresAt.getTime() > Date.now()) ? payload : undefined;

  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grantId: GRANTABLE.has(this.model) ? (payload.grantId ?? null) : null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insertInto('oidcPayloads')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['model', 'id']).doUpdateSet({
            payload: row.payload,
            grantId: row.grantId,
            userCode: row.userCode,
            uid: row.uid,
            expiresAt: row.expiresAt,
          }),
        )
        .execute();
    }

    private async findBy(
      column: 'id' | 'userCode' | 'uid',
      value: string,
    ): Promise<AdapterPayload | undefined> {
      const row = await db
        .selectFrom('oidcPayloads')
        .select(['payload', 'expiresAt', 'consumedAt'])
        .where('model', '=', this.model)
        .where(column, '=', value)
        .executeTakeFirst();
      if (row === undefined) {
        return undefined;
      }
      const payload = row.payload as AdapterPayload;
      const withConsumed =
        row.consumedAt === null
          ? payload
          : { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) };
      return notExpired(withConsumed, row.expiresAt);
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return this.findBy('id', id);
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findBy('userCode', userCode);
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findBy('uid', uid);
    }

    async consume(id: string): Promise<void> {
      const consumed = await db
        .updateTable('oidcPayloads')
        .set({ consumedAt: new Date() })
        .where('model', '=', this.model)
        .where('id', '=', id)
        .where('consumedAt', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (consumed !== undefined || !SINGLE_USE.has(this.model)) {
        return;
      }
      // oidc-provider read this code or refresh token unused, but a request at the same moment used it
      // first: the same reuse it answers with revoking the grant when the two come one after the other.
      const row = await db
        .selectFrom('oidcPayloads')
        .select('grantId')
        .where('model', '=', this.model)
        .where('id', '=', id)
        .executeTakeFirst();
      if (row?.grantId) {
        await revokeGrant(db, row.grantId);
      }
      throw new errors.InvalidGrant(
        `${this.model === 'RefreshToken' ? 'refresh token' : 'authorization code'} already used`,
      );
    }

    async destroy(id: string): Promise<void> {
      await db.deleteFrom('oidcPayloads').where('model', '=', this.model).where('id', '=', id).execute();
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidcPayloads').where('grantId', '=', grantId).execute();
    }
  };
}

/** Drops expired rows; the provider never deletes what simply ran out. */
export async function purgeExpiredPayloads(db: Kysely<DB>): Promise<void> {
  await db.deleteFrom('oidcPayloads').where('expiresAt', '<', new Date()).execute();
}

/**
 * Ends every sign-in of the embedded provider, its sessions, grants and refresh tokens (rotate-secrets
 * --sign-out-everyone, after a dump leaked them): everybody signs in again once their access token expires.
 */
export async function endAllSignIns(db: Kysely<DB>): Promise<number> {
  const result = await db.deleteFrom('oidcPayloads').executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Ends the sign-ins of the accounts `accountIds` (SQL of their ids) selects: their sessions, grants, codes and
 * refresh tokens, so none renews an access token (a leaver's; those already issued are refused by the API).
 */
export async function endSignInsOf(db: Executor, accountIds: RawBuilder<unknown>): Promise<void> {
  await sql`DELETE FROM oidc_payloads WHERE payload->>'accountId' IN ${accountIds}`.execute(db);
}
