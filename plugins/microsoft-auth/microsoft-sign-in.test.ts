/**
 * Microsoft sign-in end to end against a real OpenID Connect provider on 127.0.0.1: the start route sends
 * the browser to the provider, the person signs in on the provider's page, and the callback route
 * exchanges the code and starts a SiteProof session.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as microsoftStart from "~/modules/account/routes/microsoft";
import * as microsoftCallback from "~/modules/account/routes/microsoft-callback";
import * as home from "~/modules/home/routes/home";
import { SecurityEvent, Session, User } from "~/server/db/entities";
import { resetEnvCache } from "~/server/env";
import { addMember, createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callLoader, cookieFrom, signIn } from "~/tests/setup/requests";
import { isLoopbackIssuer } from "./oidc.server";
import { ProviderBrowser } from "./testing/browser";
import { startTestIdentityProvider, type TestIdentityProvider } from "./testing/identity-provider";

const db = setupTestDatabase();

const APP_ORIGIN = "http://localhost:3000";
const CLIENT_ID = "siteproof-test-client";
const CLIENT_SECRET = "siteproof-test-client-secret";

const engineer = {
  login: "site.engineer@contoso.test",
  sub: "ms-subject-site-engineer",
  email: "Site.Engineer@Contoso.test",
  emailVerified: true,
};
const stranger = {
  login: "stranger@fabrikam.test",
  sub: "ms-subject-stranger",
  email: "stranger@fabrikam.test",
  emailVerified: true,
};
const unverified = {
  login: "unverified@contoso.test",
  sub: "ms-subject-unverified",
  email: "unverified@contoso.test",
  emailVerified: false,
};

let identityProvider: TestIdentityProvider;
const configuredEnv: Record<string, string> = {};

function configure(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvCache();
}

beforeAll(async () => {
  identityProvider = await startTestIdentityProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: `${APP_ORIGIN}/auth/microsoft/callback`,
    accounts: [engineer, stranger, unverified],
  });
  Object.assign(configuredEnv, {
    MICROSOFT_ISSUER: identityProvider.issuer,
    MICROSOFT_CLIENT_ID: CLIENT_ID,
    MICROSOFT_CLIENT_SECRET: CLIENT_SECRET,
  });
  configure(configuredEnv);
});

afterEach(() => {
  configure(configuredEnv);
  vi.mocked(console.warn).mockRestore?.();
});

/** Failures an administrator should see are logged as warnings; the tests that cause them check them. */
function captureWarnings() {
  return vi.spyOn(console, "warn").mockImplementation(() => {});
}

afterAll(async () => {
  configure({
    MICROSOFT_ISSUER: undefined,
    MICROSOFT_CLIENT_ID: undefined,
    MICROSOFT_CLIENT_SECRET: undefined,
  });
  await identityProvider.close();
});

/** Clicks "Sign in with Microsoft" and returns the provider URL and the flow cookie the app set. */
async function startSignIn(redirectTo?: string) {
  const path = `/auth/microsoft${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`;
  const start = await callLoader(microsoftStart, path);
  expect(start.status).toBe(302);
  expect(start.location?.startsWith(`${identityProvider.issuer}/`)).toBe(true);
  return { authorizationUrl: start.location!, flowCookie: cookieFrom(start.headers.get("Set-Cookie")) };
}

/** Signs in on the provider's page as `login`; returns where the provider sends the browser back. */
async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const browser = new ProviderBrowser(APP_ORIGIN);
  const { page } = await browser.open(authorizationUrl);
  expect(page?.status).toBe(200);
  const { backToApp } = await browser.submit(page!, "Sign in", { login, password: "any password" });
  expect(backToApp?.pathname).toBe("/auth/microsoft/callback");
  return backToApp!;
}

function returnTo(callbackUrl: URL, flowCookie: string) {
  return callLoader(microsoftCallback, `${callbackUrl.pathname}${callbackUrl.search}`, {
    cookie: flowCookie,
    headers: { "User-Agent": "vitest browser" },
  });
}

function setCookiesOf(result: { headers: Headers }) {
  return result.headers.getSetCookie();
}

describe("starting Microsoft sign-in", () => {
  it("sends the browser to the provider with PKCE, state and nonce, and keeps them in a short-lived cookie", async () => {
    const start = await callLoader(microsoftStart, "/auth/microsoft?redirectTo=%2Fquality");
    const authorizationUrl = new URL(start.location!);
    expect(authorizationUrl.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(authorizationUrl.searchParams.get("redirect_uri")).toBe(`${APP_ORIGIN}/auth/microsoft/callback`);
    expect(authorizationUrl.searchParams.get("response_type")).toBe("code");
    expect(authorizationUrl.searchParams.get("scope")).toBe("openid profile email");
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizationUrl.searchParams.get("code_challenge")).toBeTruthy();
    expect(authorizationUrl.searchParams.get("state")).toBeTruthy();
    expect(authorizationUrl.searchParams.get("nonce")).toBeTruthy();
    const setCookie = start.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^__microsoft_signin=/);
    expect(setCookie).toContain("Max-Age=600");
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/auth/microsoft");
  });

  it("sends signed-in users on instead of starting again", async () => {
    const user = await createUser(db.em);
    const cookie = await signIn(db.em, user);
    const start = await callLoader(microsoftStart, "/auth/microsoft", { cookie });
    expect(start.location).toBe("/access-control");
  });

  it("says Microsoft sign-in is not configured when the issuer or the client is missing", async () => {
    configure({ MICROSOFT_CLIENT_SECRET: undefined });
    const start = await callLoader(microsoftStart, "/auth/microsoft");
    expect(start.location).toBe("/auth/login?error=microsoftNotConfigured");
    const callback = await callLoader(microsoftCallback, "/auth/microsoft/callback?code=x&state=y");
    expect(callback.location).toBe("/auth/login?error=microsoftNotConfigured");
  });

  it("reports a failure, not an error page, when the provider cannot be reached", async () => {
    configure({ MICROSOFT_ISSUER: "http://127.0.0.1:9/unreachable" });
    const warnings = captureWarnings();
    const start = await callLoader(microsoftStart, "/auth/microsoft");
    expect(start.location).toBe("/auth/login?error=microsoftFailed");
    expect(warnings).toHaveBeenCalledWith(expect.stringMatching(/Microsoft sign-in failed: .*fetch failed/));
  });
});

describe("coming back from Microsoft", () => {
  it("signs in by verified email, links the Microsoft account, selects the only project and goes to the page asked for", async () => {
    // Letter case differs both ways between the stored address and the claim.
    const user = await createUser(db.em, { email: "site.engineer@CONTOSO.test" });
    const project = await createProject(db.em);
    await addMember(db.em, { project, user });
    const { authorizationUrl, flowCookie } = await startSignIn("/quality");
    const callbackUrl = await signInAtProvider(authorizationUrl, engineer.login);
    expect(callbackUrl.searchParams.get("code")).toBeTruthy();
    expect(callbackUrl.searchParams.get("state")).toBeTruthy();

    const result = await returnTo(callbackUrl, flowCookie);

    expect(result.status).toBe(302);
    expect(result.location).toBe("/quality");
    const setCookies = setCookiesOf(result);
    const sessionCookie = setCookies.find((cookie) => cookie.startsWith("__session="));
    expect(sessionCookie).toContain("HttpOnly");
    expect(setCookies.some((cookie) => /^__microsoft_signin=;.*Max-Age=0/.test(cookie))).toBe(true);
    const session = await db.em.findOneOrFail(Session, { user: user.id }, { populate: ["currentProject"] });
    expect(session.currentProject?.id).toBe(project.id);
    expect(session.userAgent).toBe("vitest browser");
    expect((await db.em.findOneOrFail(User, { id: user.id })).microsoftSubject).toBe(engineer.sub);
    expect(await db.em.find(SecurityEvent, {})).toEqual([
      expect.objectContaining({
        kind: "sign-in.succeeded",
        subjectEmail: "site.engineer@contoso.test",
        userAgent: "vitest browser",
        details: { method: "microsoft" },
      }),
    ]);
    const page = await callLoader(home, "/", { cookie: cookieFrom(sessionCookie!) });
    expect(page.status).toBe(200);
    expect(page.data.project.name).toBe(project.name);
  });

  it("signs in by the linked Microsoft account even after the email changed, and goes home by default", async () => {
    const user = await createUser(db.em, { email: "renamed@siteproof.test" });
    const linked = db.em;
    const stored = await linked.findOneOrFail(User, { id: user.id });
    stored.microsoftSubject = engineer.sub;
    await linked.flush();
    const { authorizationUrl, flowCookie } = await startSignIn();
    const result = await returnTo(await signInAtProvider(authorizationUrl, engineer.login), flowCookie);
    expect(result.location).toBe("/");
    expect(await db.em.count(Session, { user: user.id })).toBe(1);
  });

  it("never goes off-site after sign-in", async () => {
    await createUser(db.em, { email: "site.engineer@contoso.test" });
    const { authorizationUrl, flowCookie } = await startSignIn("//evil.test/steal");
    const result = await returnTo(await signInAtProvider(authorizationUrl, engineer.login), flowCookie);
    expect(result.location).toBe("/");
  });

  it("creates no account for an unknown email: accounts come by invitation", async () => {
    await createUser(db.em, { email: "someone.else@contoso.test" });
    const { authorizationUrl, flowCookie } = await startSignIn();
    const result = await returnTo(await signInAtProvider(authorizationUrl, stranger.login), flowCookie);
    expect(result.location).toBe("/auth/login?error=microsoftNoAccount");
    expect(setCookiesOf(result).some((cookie) => cookie.startsWith("__session="))).toBe(false);
    expect(await db.em.count(Session, {})).toBe(0);
    expect(await db.em.count(User, {})).toBe(1);
    expect(await db.em.find(SecurityEvent, {})).toEqual([
      expect.objectContaining({
        kind: "sign-in.failed",
        subjectEmail: "stranger@fabrikam.test",
        details: { method: "microsoft", reason: "no-account" },
      }),
    ]);
  });

  it("does not trust an email the provider has not verified", async () => {
    const user = await createUser(db.em, { email: "unverified@contoso.test" });
    const { authorizationUrl, flowCookie } = await startSignIn();
    const result = await returnTo(await signInAtProvider(authorizationUrl, unverified.login), flowCookie);
    expect(result.location).toBe("/auth/login?error=microsoftNoAccount");
    expect(await db.em.count(Session, {})).toBe(0);
    expect((await db.em.findOneOrFail(User, { id: user.id })).microsoftSubject).toBeNull();
  });

  it("does not sign in a deactivated user, even one already linked", async () => {
    const user = await createUser(db.em, { email: "site.engineer@contoso.test", isActive: false });
    const { authorizationUrl, flowCookie } = await startSignIn();
    const result = await returnTo(await signInAtProvider(authorizationUrl, engineer.login), flowCookie);
    expect(result.location).toBe("/auth/login?error=microsoftNoAccount");
    expect((await db.em.findOneOrFail(User, { id: user.id })).microsoftSubject).toBeNull();
  });

  it("does not move a user's link to another Microsoft account that shows the same email", async () => {
    const user = await createUser(db.em, { email: "site.engineer@contoso.test" });
    const stored = db.em;
    const linkedUser = await stored.findOneOrFail(User, { id: user.id });
    linkedUser.microsoftSubject = "ms-subject-of-another-account";
    await stored.flush();
    const { authorizationUrl, flowCookie } = await startSignIn();
    const result = await returnTo(await signInAtProvider(authorizationUrl, engineer.login), flowCookie);
    expect(result.location).toBe("/auth/login?error=microsoftNoAccount");
    expect(await db.em.count(Session, {})).toBe(0);
  });

  it("fails when the state was tampered with, and starts no session", async () => {
    await createUser(db.em, { email: "site.engineer@contoso.test" });
    const { authorizationUrl, flowCookie } = await startSignIn();
    const callbackUrl = await signInAtProvider(authorizationUrl, engineer.login);
    callbackUrl.searchParams.set("state", "forged-state");
    const warnings = captureWarnings();
    const result = await returnTo(callbackUrl, flowCookie);
    expect(result.location).toBe("/auth/login?error=microsoftFailed");
    expect(warnings).toHaveBeenCalledWith(expect.stringContaining('unexpected "state"'));
    expect(await db.em.count(Session, {})).toBe(0);
  });

  it("fails when the callback comes without the cookie of an attempt started here", async () => {
    await createUser(db.em, { email: "site.engineer@contoso.test" });
    const { authorizationUrl } = await startSignIn();
    const callbackUrl = await signInAtProvider(authorizationUrl, engineer.login);
    const result = await returnTo(callbackUrl, "");
    expect(result.location).toBe("/auth/login?error=microsoftFailed");
    expect(await db.em.count(Session, {})).toBe(0);
  });

  it("fails when the code is replayed", async () => {
    const user = await createUser(db.em, { email: "site.engineer@contoso.test" });
    const { authorizationUrl, flowCookie } = await startSignIn();
    const callbackUrl = await signInAtProvider(authorizationUrl, engineer.login);
    expect((await returnTo(callbackUrl, flowCookie)).location).toBe("/");
    const warnings = captureWarnings();
    const replay = await returnTo(callbackUrl, flowCookie);
    expect(replay.location).toBe("/auth/login?error=microsoftFailed");
    expect(warnings).toHaveBeenCalledWith(expect.stringContaining("invalid_grant"));
    expect(await db.em.count(Session, { user: user.id })).toBe(1);
  });

  it("fails, and tells the administrator, when the client secret is wrong", async () => {
    await createUser(db.em, { email: "site.engineer@contoso.test" });
    configure({ MICROSOFT_CLIENT_SECRET: "not-the-secret" });
    const { authorizationUrl, flowCookie } = await startSignIn();
    const callbackUrl = await signInAtProvider(authorizationUrl, engineer.login);
    const warnings = captureWarnings();
    const result = await returnTo(callbackUrl, flowCookie);
    expect(result.location).toBe("/auth/login?error=microsoftFailed");
    expect(warnings).toHaveBeenCalledWith(expect.stringContaining("invalid_client"));
    expect(await db.em.count(Session, {})).toBe(0);
  });

  it("fails when the person cancels on the provider's page (access_denied)", async () => {
    await createUser(db.em, { email: "site.engineer@contoso.test" });
    const { authorizationUrl, flowCookie } = await startSignIn();
    const browser = new ProviderBrowser(APP_ORIGIN);
    const { page } = await browser.open(authorizationUrl);
    const { backToApp } = await browser.submit(page!, "Cancel");
    expect(backToApp?.searchParams.get("error")).toBe("access_denied");
    const result = await returnTo(backToApp!, flowCookie);
    expect(result.location).toBe("/auth/login?error=microsoftFailed");
    expect(await db.em.count(Session, {})).toBe(0);
  });
});

describe("insecure issuers", () => {
  it("allows plain http only for an issuer on this machine", () => {
    expect(isLoopbackIssuer(new URL("http://127.0.0.1:4000"))).toBe(true);
    expect(isLoopbackIssuer(new URL("http://localhost:4000/tenant/v2.0"))).toBe(true);
    expect(isLoopbackIssuer(new URL("http://login.microsoftonline.com/tenant/v2.0"))).toBe(false);
    expect(isLoopbackIssuer(new URL("http://127.0.0.1.evil.test"))).toBe(false);
  });
});
