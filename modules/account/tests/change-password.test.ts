import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/server/auth/password.server";
import { SecurityEvent, Session, User } from "~/server/db/entities";
import { createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signIn } from "~/tests/setup/requests";
import * as changePassword from "../routes/change-password";

const db = setupTestDatabase();
const PATH = "/account/password";
const OLD = "Old-pass1";
const NEW = "New-pass2";

async function signedIn(password: string | null = OLD) {
  const user = await createUser(db.em, { email: "pat@siteproof.test", password });
  return { user, cookie: await signIn(db.em, user) };
}

const storedHash = async (id: string) => (await db.em.findOneOrFail(User, { id })).passwordHash;

describe("change password", () => {
  it("changes it with the right current password: old one stops working, other devices signed out", async () => {
    const { user, cookie } = await signedIn();
    const otherDevice = await signIn(db.em, user);
    const page = await callLoader(changePassword, PATH, { cookie });
    expect(page.data).toEqual({ email: "pat@siteproof.test", hasPassword: true });
    const result = await callAction(changePassword, PATH, {
      cookie,
      form: { currentPassword: OLD, password: NEW, confirmPassword: NEW },
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe(PATH);
    const hash = await storedHash(user.id);
    expect(await verifyPassword(NEW, hash)).toBe(true);
    expect(await verifyPassword(OLD, hash)).toBe(false);
    // This browser stays signed in; the other one is not.
    expect(await db.em.count(Session, { user: user.id })).toBe(1);
    expect((await callLoader(changePassword, PATH, { cookie })).status).toBe(200);
    expect((await callLoader(changePassword, PATH, { cookie: otherDevice })).location).toMatch(
      /^\/auth\/login/,
    );
    const [event] = await db.em.find(SecurityEvent, { subjectUser: user.id });
    expect(event).toMatchObject({ kind: "password.set", details: { how: "changed" } });
  });

  it("refuses a wrong current password, a mismatch and a weak password, changing nothing", async () => {
    const { user, cookie } = await signedIn();
    const before = await storedHash(user.id);
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [
        { currentPassword: "Wrong-pass9", password: NEW, confirmPassword: NEW },
        { currentPassword: ["account:password.wrongCurrent"] },
      ],
      [
        { currentPassword: OLD, password: NEW, confirmPassword: "New-pass3" },
        { confirmPassword: ["validation.passwordsDoNotMatch"] },
      ],
      [
        { currentPassword: OLD, password: "short", confirmPassword: "short" },
        { password: ["validation.passwordRules"] },
      ],
      [
        { currentPassword: "", password: NEW, confirmPassword: NEW },
        { currentPassword: ["account:password.currentRequired"] },
      ],
    ];
    for (const [form, errors] of cases) {
      const result = await callAction(changePassword, PATH, { cookie, form });
      expect(result.status).toBe(400);
      expect(result.data.error).toEqual(errors);
    }
    expect(await storedHash(user.id)).toBe(before);
    expect(await db.em.count(SecurityEvent, { subjectUser: user.id })).toBe(0);
  });

  it("tells a Microsoft-only user there is no password to change", async () => {
    const { user, cookie } = await signedIn(null);
    const page = await callLoader(changePassword, PATH, { cookie });
    expect(page.data.hasPassword).toBe(false);
    const result = await callAction(changePassword, PATH, {
      cookie,
      form: { currentPassword: "anything1A", password: NEW, confirmPassword: NEW },
    });
    expect(result.status).toBe(400);
    expect(result.data.error).toEqual({ "": ["account:password.noPassword"] });
    expect(await storedHash(user.id)).toBeNull();
  });

  it("sends a signed-out visitor to sign in and changes nothing", async () => {
    const { user } = await signedIn();
    const before = await storedHash(user.id);
    expect((await callLoader(changePassword, PATH)).location).toMatch(/^\/auth\/login/);
    const result = await callAction(changePassword, PATH, {
      form: { currentPassword: OLD, password: NEW, confirmPassword: NEW },
    });
    expect(result.location).toMatch(/^\/auth\/login/);
    expect(await storedHash(user.id)).toBe(before);
  });
});
