import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/server/auth/password.server";
import { RESET_MAIL_LIMITS } from "~/server/auth/rate-limit.server";
import { AuthToken, OutboxMail, Session, User } from "~/server/db/entities";
import { createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { backdateMailTo, linkIn, newestMailTo, pathOf } from "~/tests/setup/mail";
import { callAction, callLoader, signIn } from "~/tests/setup/requests";
import * as forgot from "../routes/forgot-password";
import * as setPassword from "../routes/set-password";

const db = setupTestDatabase();

async function requestReset(email: string) {
  return callAction(forgot, "/auth/forgot-password", { form: { email } });
}

const linkMailedTo = async (email: string) => linkIn(await newestMailTo(db.em, email));

describe("forgot password", () => {
  it("mails a one-time link and answers the same for unknown emails", async () => {
    await createUser(db.em, { email: "reset@siteproof.test", name: "Rita Reset" });
    const known = await requestReset("reset@siteproof.test");
    const unknown = await requestReset("nobody@siteproof.test");
    expect(known.status).toBe(200);
    expect(known.data.sentTo).toBe("reset@siteproof.test");
    expect(unknown.data.sentTo).toBe("nobody@siteproof.test");
    const mails = await db.em.find(OutboxMail, {});
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Set a new SiteProof password");
    expect(mails[0].text).toContain("Hello Rita Reset");
    expect(mails[0].text).toMatch(/http:\/\/localhost:3000\/auth\/set-password\?token=/);
  });

  it("sends no more mails past the limits, with the same answer (per email, then per address)", async () => {
    await createUser(db.em, { email: "flood@siteproof.test" });
    const answers = [];
    for (let i = 0; i < 20; i++) {
      const result = await callAction(forgot, "/auth/forgot-password", {
        form: { email: "flood@siteproof.test" },
        clientAddress: `10.4.0.${i}`,
      });
      answers.push([result.status, result.data.sentTo]);
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify([200, "flood@siteproof.test"])]),
    );
    expect(await db.em.count(OutboxMail, { to: "flood@siteproof.test" })).toBe(RESET_MAIL_LIMITS.perEmail);

    // One address asking for many accounts: its first few get a mail, the rest the same answer only.
    const people = [];
    for (let i = 0; i < RESET_MAIL_LIMITS.perAddress + 3; i++)
      people.push(await createUser(db.em, { email: `person${i}@siteproof.test` }));
    for (const person of people) {
      const result = await callAction(forgot, "/auth/forgot-password", {
        form: { email: person.email },
        clientAddress: "10.4.1.1",
      });
      expect([result.status, result.data.sentTo]).toEqual([200, person.email]);
    }
    expect(await db.em.count(OutboxMail, { to: { $like: "person%" } })).toBe(RESET_MAIL_LIMITS.perAddress);
  });

  it("validates the email", async () => {
    const result = await requestReset("nope");
    expect(result.status).toBe(400);
    expect(result.data.result.error.email).toEqual(["validation.invalidEmail"]);
  });
});

describe("set password", () => {
  it("sets the new password, signs the account out everywhere and uses the link up", async () => {
    const user = await createUser(db.em, { email: "walk@siteproof.test" });
    const oldCookie = await signIn(db.em, user);
    await requestReset(user.email);
    const path = pathOf(await linkMailedTo(user.email));
    const page = await callLoader(setPassword, path);
    expect(page.data.link).toEqual({ state: "valid", kind: "reset", email: user.email });
    const token = new URL(`http://x${path}`).searchParams.get("token")!;

    const result = await callAction(setPassword, "/auth/set-password", {
      form: { token, password: "NewPass#2026", confirmPassword: "NewPass#2026" },
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/auth/login");
    const saved = await db.em.findOneOrFail(User, { id: user.id });
    expect(await verifyPassword("NewPass#2026", saved.passwordHash)).toBe(true);
    expect(await db.em.count(Session, { user: user.id })).toBe(0);
    expect(oldCookie).toBeTruthy();

    const again = await callLoader(setPassword, path);
    expect(again.data.link).toEqual({ state: "expired", kind: "reset" });
  });

  it("keeps only the newest link working", async () => {
    const user = await createUser(db.em, { email: "twice@siteproof.test" });
    await requestReset(user.email);
    const first = pathOf(await linkMailedTo(user.email));
    await backdateMailTo(db.em, user.email);
    await requestReset(user.email);
    const second = pathOf(await linkMailedTo(user.email));
    expect(second).not.toBe(first);
    expect((await callLoader(setPassword, first)).data.link.state).toBe("expired");
    expect((await callLoader(setPassword, second)).data.link.state).toBe("valid");
  });

  it("treats a link past its time as expired", async () => {
    const user = await createUser(db.em, { email: "late@siteproof.test" });
    await requestReset(user.email);
    const path = pathOf(await linkMailedTo(user.email));
    await db.em.nativeUpdate(AuthToken, { user: user.id }, { expiresAt: new Date(Date.now() - 1000) });
    expect((await callLoader(setPassword, path)).data.link).toEqual({ state: "expired", kind: "reset" });
  });

  it("applies the password rules and the confirmation, changing nothing on error", async () => {
    const user = await createUser(db.em, { email: "rules@siteproof.test" });
    await requestReset(user.email);
    const token = new URL(await linkMailedTo(user.email)).searchParams.get("token")!;
    const weak = await callAction(setPassword, "/auth/set-password", {
      form: { token, password: "weakpass", confirmPassword: "weakpass" },
    });
    expect(weak.status).toBe(400);
    expect(weak.data.error.password).toEqual(["validation.passwordRules"]);
    // A space is no special character.
    const spaced = await callAction(setPassword, "/auth/set-password", {
      form: { token, password: "Abc1 defgh", confirmPassword: "Abc1 defgh" },
    });
    expect(spaced.status).toBe(400);
    expect(spaced.data.error.password).toEqual(["validation.passwordRules"]);
    const mismatch = await callAction(setPassword, "/auth/set-password", {
      form: { token, password: "Strong#2026", confirmPassword: "Strong#2027" },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.data.error.confirmPassword).toEqual(["validation.passwordsDoNotMatch"]);
    const saved = await db.em.findOneOrFail(User, { id: user.id });
    expect(await verifyPassword("SiteProof#2026", saved.passwordHash)).toBe(true);
  });

  it("shows the expired-invitation page for an expired invitation link", async () => {
    const user = await createUser(db.em, { email: "invited@siteproof.test", password: null });
    const { issueToken } = await import("~/server/auth/tokens.server");
    const token = await issueToken(db.em, user, "invite");
    await db.em.nativeUpdate(AuthToken, { user: user.id }, { expiresAt: new Date(Date.now() - 1000) });
    const page = await callLoader(setPassword, `/auth/set-password?token=${token}`);
    expect(page.data.link).toEqual({ state: "expired", kind: "invite" });
  });
});
