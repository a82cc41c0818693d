import { RateLimiterPostgres, type RateLimiterRes } from "rate-limiter-flexible";
import { type Database, database } from "~/server/db/database";
import { RateLimit } from "~/server/db/entities";

/** Failed sign-ins allowed per email and per client address before a pause. */
export const SIGN_IN_LIMITS = { perEmail: 5, perAddress: 20, windowSeconds: 15 * 60 } as const;

type SignInLimiters = { byEmail: RateLimiterPostgres; byAddress: RateLimiterPostgres };

const limitersOf = new WeakMap<Database, SignInLimiters>();

/**
 * The counters live in the database (table `rate_limit`), so every server process counts the same
 * failures. RateLimiterPostgres runs its SQL through the ORM's own `pg` pool, without the statement names
 * it would give: the embedded database serves every connection on one session, where a name prepared by
 * one connection would already exist for the next. The limiters belong to the database they were made
 * for (tests change it), so a limiter never outlives its pool's database.
 */
async function signInLimiters(): Promise<SignInLimiters> {
  const db = await database();
  let limiters = limitersOf.get(db);
  if (!limiters) {
    const pool = await db.orm.driver.getConnection().getNativeClient();
    const storeClient = {
      query: ({ text, values }: { text: string; values?: unknown[] }) => pool.query(text, values),
    };
    const options = {
      storeClient,
      storeType: "client",
      tableName: db.orm.getMetadata(RateLimit).tableName,
      // Our migration made it.
      tableCreated: true,
      duration: SIGN_IN_LIMITS.windowSeconds,
    };
    limiters = {
      byEmail: new RateLimiterPostgres({
        ...options,
        keyPrefix: "signin-email",
        points: SIGN_IN_LIMITS.perEmail,
      }),
      byAddress: new RateLimiterPostgres({
        ...options,
        keyPrefix: "signin-address",
        points: SIGN_IN_LIMITS.perAddress,
      }),
    };
    limitersOf.set(db, limiters);
  }
  return limiters;
}

/** Minutes to wait when either the email or the address has used up its failures, else null. */
export async function signInBlockedFor(email: string, address: string): Promise<number | null> {
  const { byEmail, byAddress } = await signInLimiters();
  const [emailState, addressState] = await Promise.all([
    byEmail.get(email.toLowerCase()),
    byAddress.get(address),
  ]);
  const blocked = [
    [emailState, SIGN_IN_LIMITS.perEmail],
    [addressState, SIGN_IN_LIMITS.perAddress],
  ].filter(([state, limit]) => state && (state as RateLimiterRes).consumedPoints >= (limit as number)) as [
    RateLimiterRes,
    number,
  ][];
  if (blocked.length === 0) return null;
  const ms = Math.max(...blocked.map(([state]) => state.msBeforeNext));
  return Math.max(1, Math.ceil(ms / 60_000));
}

export async function recordFailedSignIn(email: string, address: string) {
  const { byEmail, byAddress } = await signInLimiters();
  await Promise.all([byEmail.penalty(email.toLowerCase(), 1), byAddress.penalty(address, 1)]);
}

export async function clearFailedSignIns(email: string) {
  const { byEmail } = await signInLimiters();
  await byEmail.delete(email.toLowerCase());
}

/** Tests start each case with a clean slate. */
export async function resetSignInLimits(address: string, email: string) {
  const { byEmail, byAddress } = await signInLimiters();
  await Promise.all([byEmail.delete(email.toLowerCase()), byAddress.delete(address)]);
}
