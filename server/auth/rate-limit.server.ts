import { RateLimiterMemory, type RateLimiterRes } from "rate-limiter-flexible";

/** Failed sign-ins allowed per email and per client address before a pause. */
export const SIGN_IN_LIMITS = { perEmail: 5, perAddress: 20, windowSeconds: 15 * 60 } as const;

const byEmail = new RateLimiterMemory({
  keyPrefix: "signin-email",
  points: SIGN_IN_LIMITS.perEmail,
  duration: SIGN_IN_LIMITS.windowSeconds,
});
const byAddress = new RateLimiterMemory({
  keyPrefix: "signin-address",
  points: SIGN_IN_LIMITS.perAddress,
  duration: SIGN_IN_LIMITS.windowSeconds,
});

/** Minutes to wait when either the email or the address has used up its failures, else null. */
export async function signInBlockedFor(email: string, address: string): Promise<number | null> {
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
  await Promise.all([byEmail.penalty(email.toLowerCase(), 1), byAddress.penalty(address, 1)]);
}

export async function clearFailedSignIns(email: string) {
  await byEmail.delete(email.toLowerCase());
}

/** Tests start each case with a clean slate. */
export async function resetSignInLimits(address: string, email: string) {
  await Promise.all([byEmail.delete(email.toLowerCase()), byAddress.delete(address)]);
}
