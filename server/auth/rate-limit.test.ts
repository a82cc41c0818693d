import { describe, expect, it } from "vitest";
import { RateLimit } from "~/server/db/entities";
import { setupTestDatabase } from "~/tests/setup/database";
import {
  clearFailedSignIns,
  recordFailedSignIn,
  SIGN_IN_LIMITS,
  signInBlockedFor,
} from "./rate-limit.server";

const db = setupTestDatabase();

const countersInDatabase = async () =>
  (await db.em.fork().find(RateLimit, {}, { orderBy: { key: "asc" } })).map(({ key, points }) => ({
    key,
    points,
  }));

describe("sign-in limits", () => {
  it("count failures in the database, where every server process reads them", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perEmail - 1; i++)
      await recordFailedSignIn("Counted@SiteProof.test", "10.1.0.1");
    expect(await signInBlockedFor("counted@siteproof.test", "10.1.0.1")).toBeNull();
    expect(await countersInDatabase()).toEqual([
      { key: "signin-address:10.1.0.1", points: 4 },
      { key: "signin-email:counted@siteproof.test", points: 4 },
    ]);

    // Another process adds the fifth failure straight to the table: this one sees the email blocked.
    await db.em.fork().nativeUpdate(RateLimit, { key: "signin-email:counted@siteproof.test" }, { points: 5 });
    const minutes = await signInBlockedFor("counted@siteproof.test", "10.1.0.9");
    expect(minutes).toBe(SIGN_IN_LIMITS.windowSeconds / 60);
  });

  it("block an address after its failures, whatever the emails", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perAddress; i++)
      await recordFailedSignIn(`person${i}@siteproof.test`, "10.1.0.2");
    expect(await signInBlockedFor("someone-else@siteproof.test", "10.1.0.2")).toBeGreaterThan(0);
    expect(await signInBlockedFor("someone-else@siteproof.test", "10.1.0.3")).toBeNull();
  });

  it("end with their window, and a successful sign-in clears the email's", async () => {
    for (let i = 0; i < SIGN_IN_LIMITS.perEmail; i++)
      await recordFailedSignIn("window@siteproof.test", "10.1.0.4");
    expect(await signInBlockedFor("window@siteproof.test", "10.1.0.5")).not.toBeNull();
    // The window ended a moment ago.
    await db.em
      .fork()
      .nativeUpdate(
        RateLimit,
        { key: "signin-email:window@siteproof.test" },
        { expire: BigInt(Date.now() - 1) },
      );
    expect(await signInBlockedFor("window@siteproof.test", "10.1.0.5")).toBeNull();
    // A failure after the window starts a new count from one.
    await recordFailedSignIn("window@siteproof.test", "10.1.0.5");
    expect(await countersInDatabase()).toContainEqual({
      key: "signin-email:window@siteproof.test",
      points: 1,
    });

    await clearFailedSignIns("window@siteproof.test");
    expect((await countersInDatabase()).map(({ key }) => key)).toEqual([
      "signin-address:10.1.0.4",
      "signin-address:10.1.0.5",
    ]);
  });
});
