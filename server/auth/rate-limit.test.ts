import { describe, expect, it } from "vitest";
import { RateLimit } from "~/server/db/entities";
import { setupTestDatabase } from "~/tests/setup/database";
import {
  allowResetMail,
  clearFailedSignIns,
  RESET_MAIL_LIMITS,
  recordFailedSignIn,
  SIGN_IN_LIMITS,
  type SignInAttempt,
  signInBlockedFor,
} from "./rate-limit.server";

const db = setupTestDatabase();

const countersInDatabase = async () =>
  (await db.em.fork().find(RateLimit, {}, { orderBy: { key: "asc" } })).map(({ key, points }) => ({
    key,
    points,
  }));

const stranger = (email: string, address: string): SignInAttempt => ({ email, address, knownDevice: null });
const DEVICE = "0f5c2d8e-58a4-4c47-9a57-3f1e2f6c9d10";

describe("sign-in limits", () => {
  it("count failures in the database, where every server process reads them", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount - 1; i++)
      await recordFailedSignIn(stranger("Counted@SiteProof.test", "10.1.0.1"));
    expect(await signInBlockedFor(stranger("counted@siteproof.test", "10.1.0.1"))).toBeNull();
    expect(await countersInDatabase()).toEqual([
      { key: "signin-address:10.1.0.1", points: 4 },
      { key: "signin-email:counted@siteproof.test", points: 4 },
    ]);

    // Another process adds the fifth failure straight to the table: this one sees the account paused.
    await db.em.fork().nativeUpdate(RateLimit, { key: "signin-email:counted@siteproof.test" }, { points: 5 });
    const minutes = await signInBlockedFor(stranger("counted@siteproof.test", "10.1.0.9"));
    expect(minutes).toBe(SIGN_IN_LIMITS.windowSeconds / 60);
  });

  it("block an address after its failures, whatever the emails", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress - 1; i++)
      expect(await recordFailedSignIn(stranger(`person${i}@siteproof.test`, "10.1.0.2"))).toEqual([]);
    expect(await recordFailedSignIn(stranger("last@siteproof.test", "10.1.0.2"))).toEqual(["address"]);
    expect(await signInBlockedFor(stranger("someone-else@siteproof.test", "10.1.0.2"))).toBeGreaterThan(0);
    expect(await signInBlockedFor(stranger("someone-else@siteproof.test", "10.1.0.3"))).toBeNull();
    // A known device on that address is paused too: the address limit holds for everyone.
    const known = { email: "owner@siteproof.test", address: "10.1.0.2", knownDevice: DEVICE };
    expect(await signInBlockedFor(known)).toBeGreaterThan(0);
  });

  it("pause an account for unknown browsers only; its known device counts its own failures", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount - 1; i++)
      expect(await recordFailedSignIn(stranger("owner@siteproof.test", `10.2.0.${i}`))).toEqual([]);
    expect(await recordFailedSignIn(stranger("owner@siteproof.test", "10.2.0.9"))).toEqual(["account"]);
    expect(await signInBlockedFor(stranger("owner@siteproof.test", "10.2.1.1"))).not.toBeNull();

    const owner = { email: "owner@siteproof.test", address: "10.2.1.2", knownDevice: DEVICE };
    expect(await signInBlockedFor(owner)).toBeNull();
    for (let i = 0; i < SIGN_IN_LIMITS.perDevice - 1; i++) await recordFailedSignIn(owner);
    expect(await signInBlockedFor(owner)).toBeNull();
    expect(await recordFailedSignIn(owner)).toEqual(["device"]);
    expect(await signInBlockedFor(owner)).not.toBeNull();
    expect(await countersInDatabase()).toContainEqual({ key: `signin-device:${DEVICE}`, points: 5 });
  });

  it("end with their window; the right password clears the count it was held to", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount; i++)
      await recordFailedSignIn(stranger("window@siteproof.test", "10.1.0.4"));
    expect(await signInBlockedFor(stranger("window@siteproof.test", "10.1.0.5"))).not.toBeNull();
    // The window ended a moment ago.
    await db.em
      .fork()
      .nativeUpdate(
        RateLimit,
        { key: "signin-email:window@siteproof.test" },
        { expire: BigInt(Date.now() - 1) },
      );
    expect(await signInBlockedFor(stranger("window@siteproof.test", "10.1.0.5"))).toBeNull();
    // A failure after the window starts a new count from one.
    await recordFailedSignIn(stranger("window@siteproof.test", "10.1.0.5"));
    expect(await countersInDatabase()).toContainEqual({
      key: "signin-email:window@siteproof.test",
      points: 1,
    });

    // From a known browser the account's count stays (a stranger's guesses stay paused); the device's goes.
    const owner = { email: "window@siteproof.test", address: "10.1.0.6", knownDevice: DEVICE };
    await recordFailedSignIn(owner);
    await clearFailedSignIns(owner);
    expect((await countersInDatabase()).map(({ key }) => key)).toEqual([
      "signin-address:10.1.0.4",
      "signin-address:10.1.0.5",
      "signin-address:10.1.0.6",
      "signin-email:window@siteproof.test",
    ]);
    // From an unknown browser the account's count goes (the owner's own typos).
    await clearFailedSignIns(stranger("window@siteproof.test", "10.1.0.5"));
    expect((await countersInDatabase()).map(({ key }) => key)).not.toContain(
      "signin-email:window@siteproof.test",
    );
  });
});

describe("password-reset mail limits", () => {
  it("allow a few mails per email in the window, then none", async () => {
    for (let i = 0; i < RESET_MAIL_LIMITS.perEmail; i++)
      expect(await allowResetMail("Reset@SiteProof.test", `10.3.0.${i}`)).toBe(true);
    expect(await allowResetMail("reset@siteproof.test", "10.3.0.9")).toBe(false);
    expect(await allowResetMail("other@siteproof.test", "10.3.0.9")).toBe(true);
  });

  it("allow a few mails per address in the window, whatever the emails", async () => {
    for (let i = 0; i < RESET_MAIL_LIMITS.perAddress; i++)
      expect(await allowResetMail(`person${i}@siteproof.test`, "10.3.1.1")).toBe(true);
    expect(await allowResetMail("fresh@siteproof.test", "10.3.1.1")).toBe(false);
    expect(await allowResetMail("fresh@siteproof.test", "10.3.1.2")).toBe(true);
  });
});
