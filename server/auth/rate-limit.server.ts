import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { type Database, database } from "~/server/db/database";
import { RateLimit } from "~/server/db/entities";

/**
 * Failed sign-ins allowed in a window before a pause (docs/decisions/018):
 * - per account, from browsers where it never signed in (a stranger guessing);
 * - per known device, from a browser where it did (the owner mistyping; the account's count does not apply);
 * - per client address, whatever the accounts.
 */
export const SIGN_IN_LIMITS = {
  perAccount: 5,
  perDevice: 5,
  perAddress: 20,
  windowSeconds: 15 * 60,
} as const;

/** Password-reset mails per email and per client address in a window; beyond them no mail goes out. */
export const RESET_MAIL_LIMITS = { perEmail: 3, perAddress: 10, windowSeconds: 60 * 60 } as const;

/**
 * Forms of external pages (a gate's sign-in through its QR link) per link and client address in a window:
 * enough for a crew signing in behind one site Wi-Fi address, not for a script filling the register.
 */
export const EXTERNAL_FORM_LIMITS = { perAddress: 120, windowSeconds: 15 * 60 } as const;

type Limiters = {
  externalForm: RateLimiterPostgres;
  signInByAccount: RateLimiterPostgres;
  signInByDevice: RateLimiterPostgres;
  signInByAddress: RateLimiterPostgres;
  resetByEmail: RateLimiterPostgres;
  resetByAddress: RateLimiterPostgres;
};

const limitersOf = new WeakMap<Database, Limiters>();

/**
 * The counters live in the database (table `rate_limit`), so every server process counts the same
 * failures. RateLimiterPostgres runs its SQL through the ORM's own `pg` pool, without the statement names
 * it would give: the embedded database serves every connection on one session, where a name prepared by
 * one connection would already exist for the next. The limiters belong to the database they were made
 * for (tests change it), so a limiter never outlives its pool's database.
 */
async function limiters(): Promise<Limiters> {
  const db = await database();
  let made = limitersOf.get(db);
  if (!made) {
    const pool = await db.orm.driver.getConnection().getNativeClient();
    const storeClient = {
      query: ({ text, values }: { text: string; values?: unknown[] }) => pool.query(text, values),
    };
    const limiter = (keyPrefix: string, points: number, duration: number) =>
      new RateLimiterPostgres({
        storeClient,
        storeType: "client",
        tableName: db.orm.getMetadata(RateLimit).tableName,
        // Our migration made it.
        tableCreated: true,
        keyPrefix,
        points,
        duration,
      });
    const signIn = SIGN_IN_LIMITS.windowSeconds;
    const reset = RESET_MAIL_LIMITS.windowSeconds;
    made = {
      externalForm: limiter(
        "external-form",
        EXTERNAL_FORM_LIMITS.perAddress,
        EXTERNAL_FORM_LIMITS.windowSeconds,
      ),
      // The prefix keeps its name from when the count was per email for every browser.
      signInByAccount: limiter("signin-email", SIGN_IN_LIMITS.perAccount, signIn),
      signInByDevice: limiter("signin-device", SIGN_IN_LIMITS.perDevice, signIn),
      signInByAddress: limiter("signin-address", SIGN_IN_LIMITS.perAddress, signIn),
      resetByEmail: limiter("reset-email", RESET_MAIL_LIMITS.perEmail, reset),
      resetByAddress: limiter("reset-address", RESET_MAIL_LIMITS.perAddress, reset),
    };
    limitersOf.set(db, made);
  }
  return made;
}

/** Who is signing in: the email typed, the client's address, and this browser's id if the account is known here. */
export type SignInAttempt = { email: string; address: string; knownDevice: string | null };

/** The counters an attempt is held to: the device's for a known browser, else the account's; always the address's. */
function countersOf(all: Limiters, attempt: SignInAttempt) {
  const own: [RateLimiterPostgres, string, number] = attempt.knownDevice
    ? [all.signInByDevice, attempt.knownDevice, SIGN_IN_LIMITS.perDevice]
    : [all.signInByAccount, attempt.email.toLowerCase(), SIGN_IN_LIMITS.perAccount];
  return [own, [all.signInByAddress, attempt.address, SIGN_IN_LIMITS.perAddress]] as const;
}

/** Minutes to wait when the attempt's own counter or its address has used up its failures, else null. */
export async function signInBlockedFor(attempt: SignInAttempt): Promise<number | null> {
  const counters = countersOf(await limiters(), attempt);
  const states = await Promise.all(counters.map(([limiter, key]) => limiter.get(key)));
  const waits = states
    .filter((state, i): state is RateLimiterRes => Boolean(state && state.consumedPoints >= counters[i][2]))
    .map((state) => state.msBeforeNext);
  if (waits.length === 0) return null;
  return Math.max(1, Math.ceil(Math.max(...waits) / 60_000));
}

/** What a failure locked: the account (for unknown browsers), the known device, the address, or nothing yet. */
export type SignInLock = "account" | "device" | "address";

/** Counts a failure; says which limits it used up, so the audit trail notes when a pause begins. */
export async function recordFailedSignIn(attempt: SignInAttempt): Promise<SignInLock[]> {
  const counters = countersOf(await limiters(), attempt);
  const states = await Promise.all(counters.map(([limiter, key]) => limiter.penalty(key, 1)));
  const locks: SignInLock[] = [];
  if (states[0].consumedPoints === counters[0][2]) locks.push(attempt.knownDevice ? "device" : "account");
  if (states[1].consumedPoints === counters[1][2]) locks.push("address");
  return locks;
}

/**
 * After the right password: a known device's failures are forgotten; so are the account's when the browser
 * was not known (the owner's typos before getting it right). A sign-in from a known browser leaves the
 * account's count alone: a stranger's guesses stay paused.
 */
export async function clearFailedSignIns(attempt: SignInAttempt) {
  const all = await limiters();
  if (attempt.knownDevice) await all.signInByDevice.delete(attempt.knownDevice);
  else await all.signInByAccount.delete(attempt.email.toLowerCase());
}

/**
 * Counts a password-reset request and says whether its mail may go: false once the email or the address
 * has had its mails in the window. Each request counts, for accounts that exist or not alike.
 */
export async function allowResetMail(email: string, address: string): Promise<boolean> {
  const { resetByEmail, resetByAddress } = await limiters();
  try {
    await resetByAddress.consume(address);
    await resetByEmail.consume(email.toLowerCase());
    return true;
  } catch (refused) {
    if (refused instanceof RateLimiterRes) return false;
    throw refused;
  }
}

/**
 * Counts one post of an external page's form (`scope`: the page and its link) from an address; false once
 * the address has used up its posts there in the window (the page answers 429 and writes nothing).
 */
export async function allowExternalForm(scope: string, address: string): Promise<boolean> {
  const { externalForm } = await limiters();
  try {
    await externalForm.consume(`${scope}:${address}`);
    return true;
  } catch (refused) {
    if (refused instanceof RateLimiterRes) return false;
    throw refused;
  }
}

/** Tests start each case with a clean slate. */
export async function resetSignInLimits(address: string, email: string) {
  const all = await limiters();
  await Promise.all([all.signInByAccount.delete(email.toLowerCase()), all.signInByAddress.delete(address)]);
}
