import { describe, expect, it } from "vitest";
import { SIGN_IN_LIMITS } from "~/server/auth/rate-limit.server";
import { SecurityEvent } from "~/server/db/entities";
import { createUser, DEMO_PASSWORD } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { linkIn, newestMailTo } from "~/tests/setup/mail";
import { callAction } from "~/tests/setup/requests";
import * as forgot from "../routes/forgot-password";
import * as login from "../routes/login";
import * as setPassword from "../routes/set-password";

const db = setupTestDatabase();

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140";

async function trail() {
  const events = await db.em.find(SecurityEvent, {}, { orderBy: { occurredAt: "asc", id: "asc" } });
  return events.map((event) => ({
    kind: event.kind,
    subjectEmail: event.subjectEmail,
    actor: event.actor?.id ?? null,
    clientAddress: event.clientAddress,
    userAgent: event.userAgent,
    details: event.details,
  }));
}

describe("the audit trail of signing in", () => {
  it("records a success and a failure, with the address and the browser", async () => {
    const user = await createUser(db.em, { email: "sam@siteproof.test" });
    const attempt = (password: string) =>
      callAction(login, "/auth/login", {
        form: { email: "Sam@SiteProof.test", password },
        clientAddress: "198.51.100.4",
        headers: { "User-Agent": BROWSER },
      });
    expect((await attempt("Wrong#2026x")).status).toBe(401);
    expect((await attempt(DEMO_PASSWORD)).status).toBe(302);
    expect(await trail()).toEqual([
      {
        kind: "sign-in.failed",
        subjectEmail: "sam@siteproof.test",
        actor: null,
        clientAddress: "198.51.100.4",
        userAgent: BROWSER,
        details: { method: "password" },
      },
      {
        kind: "sign-in.succeeded",
        subjectEmail: "sam@siteproof.test",
        actor: user.id,
        clientAddress: "198.51.100.4",
        userAgent: BROWSER,
        details: { method: "password", knownDevice: false },
      },
    ]);
  });

  it("records when a pause starts, not every refusal during it", async () => {
    await createUser(db.em, { email: "target@siteproof.test" });
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount + 3; i++)
      await callAction(login, "/auth/login", {
        form: { email: "target@siteproof.test", password: `Guess#${i}abc` },
        clientAddress: "198.51.100.9",
      });
    const kinds = (await trail()).map((event) => event.kind);
    expect(kinds.filter((kind) => kind === "sign-in.failed")).toHaveLength(SIGN_IN_LIMITS.perAccount);
    expect(kinds.filter((kind) => kind === "sign-in.paused")).toHaveLength(1);
    expect((await trail()).find((event) => event.kind === "sign-in.paused")?.details).toEqual({
      limits: ["account"],
      minutes: 15,
    });
  });
});

describe("the audit trail of passwords", () => {
  it("records the reset request (only for an account) and the new password set through the link", async () => {
    const user = await createUser(db.em, { email: "reset@siteproof.test" });
    const request = (email: string) =>
      callAction(forgot, "/auth/forgot-password", { form: { email }, clientAddress: "198.51.100.5" });
    await request("reset@siteproof.test");
    await request("nobody@siteproof.test");
    const token = new URL(linkIn(await newestMailTo(db.em, user.email))).searchParams.get("token")!;
    const result = await callAction(setPassword, "/auth/set-password", {
      form: { token, password: "NewPass#2026", confirmPassword: "NewPass#2026" },
      clientAddress: "198.51.100.6",
    });
    expect(result.status).toBe(302);
    expect(await trail()).toEqual([
      expect.objectContaining({
        kind: "password.reset-requested",
        subjectEmail: "reset@siteproof.test",
        clientAddress: "198.51.100.5",
      }),
      expect.objectContaining({
        kind: "password.set",
        subjectEmail: "reset@siteproof.test",
        actor: user.id,
        clientAddress: "198.51.100.6",
        details: { link: "reset" },
      }),
    ]);
  });
});
