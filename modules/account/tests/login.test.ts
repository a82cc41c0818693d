import { describe, expect, it } from "vitest";
import { resetSignInLimits } from "~/server/auth/rate-limit.server";
import { Session } from "~/server/db/entities";
import { addMember, createProject, createUser, DEMO_PASSWORD } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, cookieFrom, projectPageOutcome, signIn } from "~/tests/setup/requests";
import * as login from "../routes/login";
import * as logout from "../routes/logout";

const db = setupTestDatabase();

describe("sign in", () => {
  it("asks for the email and the password", async () => {
    const result = await callAction(login, "/auth/login", { form: { email: "", password: "" } });
    expect(result.status).toBe(400);
    expect(result.data.error).toEqual({
      email: ["validation.emailRequired"],
      password: ["validation.passwordRequired"],
    });
  });

  it("refuses a malformed email", async () => {
    const result = await callAction(login, "/auth/login", { form: { email: "not-an-email", password: "x" } });
    expect(result.status).toBe(400);
    expect(result.data.error.email).toEqual(["validation.invalidEmail"]);
  });

  it("says 'Wrong email or password' for a wrong password and starts no session", async () => {
    const user = await createUser(db.em, { email: "wrong@siteproof.test" });
    await resetSignInLimits("10.0.0.1", user.email);
    const result = await callAction(login, "/auth/login", {
      form: { email: user.email, password: "Nope#2026x" },
      clientAddress: "10.0.0.1",
    });
    expect(result.status).toBe(401);
    expect(result.data.error[""]).toEqual(["auth.wrongCredentials"]);
    expect(await db.em.count(Session, {})).toBe(0);
  });

  it("signs in, keeps a remembered session 7 days, and goes to the page asked for", async () => {
    const user = await createUser(db.em, { email: "ok@siteproof.test" });
    const result = await callAction(login, "/auth/login", {
      form: { email: "OK@siteproof.test", password: DEMO_PASSWORD, remember: "on", redirectTo: "/quality" },
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/quality");
    const setCookie = result.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toContain("Max-Age=604800");
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    const session = await db.em.findOneOrFail(Session, { user: user.id });
    expect(session.remember).toBe(true);
  });

  it("gives a browser-session cookie without 'Stay signed in'", async () => {
    await createUser(db.em, { email: "brief@siteproof.test" });
    const result = await callAction(login, "/auth/login", {
      form: { email: "brief@siteproof.test", password: DEMO_PASSWORD },
    });
    expect(result.status).toBe(302);
    expect(result.headers.get("Set-Cookie")).not.toContain("Max-Age");
  });

  it.each([
    "//evil.test/x",
    "/\t/evil.example/phish",
    "/\\evil.example/phish",
    "/%2F/evil.example",
    "/..//evil.example",
    "https://evil.example/phish",
    // A line break or a character a header cannot carry: once a 500 after the session was saved.
    "/x\r\nSet-Cookie: stolen=1",
    "/quality?q=\u0100",
  ])("never redirects off-site after sign-in, and signs in once (%j)", async (redirectTo) => {
    const user = await createUser(db.em, { email: "site@siteproof.test" });
    const result = await callAction(login, "/auth/login", {
      form: { email: "site@siteproof.test", password: DEMO_PASSWORD, redirectTo },
    });
    expect(result.status).toBe(302);
    expect(result.location).toBe("/");
    expect(await db.em.count(Session, { user: user.id })).toBe(1);
  });

  it("rate-limits repeated failures per email with HTTP 429", async () => {
    const user = await createUser(db.em, { email: "limited@siteproof.test" });
    await resetSignInLimits("10.0.0.2", user.email);
    for (let i = 0; i < 5; i++) {
      const attempt = await callAction(login, "/auth/login", {
        form: { email: user.email, password: "Wrong#2026x" },
        clientAddress: "10.0.0.2",
      });
      expect(attempt.status).toBe(401);
    }
    const blocked = await callAction(login, "/auth/login", {
      form: { email: user.email, password: DEMO_PASSWORD },
      clientAddress: "10.0.0.2",
    });
    expect(blocked.status).toBe(429);
    expect(blocked.data.error[""][0]).toMatch(/^auth\.tooManyAttempts\?minutes=\d+$/);
  });

  it("selects the only project of a one-project member", async () => {
    const user = await createUser(db.em, { email: "single@siteproof.test" });
    const project = await createProject(db.em);
    await addMember(db.em, { project, user });
    const result = await callAction(login, "/auth/login", {
      form: { email: user.email, password: DEMO_PASSWORD },
    });
    const session = await db.em.findOneOrFail(Session, { user: user.id }, { populate: ["currentProject"] });
    expect(session.currentProject?.id).toBe(project.id);
    const page = await projectPageOutcome("/", cookieFrom(result.headers.get("Set-Cookie")));
    expect(page).toEqual({ allowed: true, projectName: project.name });
  });
});

describe("sign out", () => {
  it("deletes the session so the old cookie no longer works, and reports the expiry", async () => {
    const user = await createUser(db.em);
    const project = await createProject(db.em);
    await addMember(db.em, { project, user });
    const cookie = await signIn(db.em, user, { projectId: project.id });
    expect((await projectPageOutcome("/", cookie)).allowed).toBe(true);
    const result = await callAction(logout, "/auth/logout", { cookie });
    expect(result.location).toBe("/auth/login");
    expect(await db.em.count(Session, { user: user.id })).toBe(0);
    expect(await projectPageOutcome("/", cookie)).toEqual({
      allowed: false,
      location: "/auth/login?expired=1",
    });
  });
});
