import { createCookie } from "@remix-run/node";
import * as oidc from "openid-client";
import { env } from "~/server/env";
import { safeRedirect } from "~/server/http/safe-redirect";

/** What SiteProof learns about the person from the ID token. */
export type MicrosoftIdentity = {
  subject: string;
  /** Only an address the provider vouches for; null when it is missing or unverified. */
  verifiedEmail: string | null;
};

/** The sign-in did not complete: cancelled, expired, tampered with, or the provider refused or failed. */
export class MicrosoftSignInFailed extends Error {
  override name = "MicrosoftSignInFailed";
}

type SignInFlow = { state: string; nonce: string; codeVerifier: string; redirectTo: string };

export const CALLBACK_PATH = "/auth/microsoft/callback";
const FLOW_COOKIE_NAME = "__microsoft_signin";
const FLOW_LIFETIME_SECONDS = 10 * 60;
const PROVIDER_TIMEOUT_SECONDS = 10;

export function microsoftRedirectUri(): string {
  return `${env().APP_URL.replace(/\/+$/, "")}${CALLBACK_PATH}`;
}

/** Plain http is tolerated only for an issuer on this machine (a local test provider), never over a network. */
export function isLoopbackIssuer(issuer: URL): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(issuer.hostname);
}

let flowCookie: ReturnType<typeof createCookie> | undefined;

/**
 * Holds the secrets of one sign-in between the two redirects. SameSite=Lax is enough because the provider
 * returns with a top-level GET (response_mode=query); the path keeps it off every other request.
 */
function signInFlowCookie() {
  flowCookie ??= createCookie(FLOW_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    path: "/auth/microsoft",
    secure: env().APP_URL.startsWith("https://"),
    secrets: [env().SESSION_SECRET],
    maxAge: FLOW_LIFETIME_SECONDS,
  });
  return flowCookie;
}

export function clearSignInFlowCookie(): Promise<string> {
  return signInFlowCookie().serialize("", { maxAge: 0 });
}

const configurations = new Map<string, Promise<oidc.Configuration>>();

/** Discovery runs once per issuer and client; a failed attempt is forgotten so the next sign-in retries. */
function providerConfiguration(): Promise<oidc.Configuration> {
  const { MICROSOFT_ISSUER, MICROSOFT_CLIENT_ID, MICROSOFT_CLIENT_SECRET } = env();
  if (!MICROSOFT_ISSUER || !MICROSOFT_CLIENT_ID || !MICROSOFT_CLIENT_SECRET) {
    throw new Error("Microsoft sign-in is not configured");
  }
  const key = JSON.stringify([MICROSOFT_ISSUER, MICROSOFT_CLIENT_ID, MICROSOFT_CLIENT_SECRET]);
  let configuration = configurations.get(key);
  if (!configuration) {
    const issuer = new URL(MICROSOFT_ISSUER);
    configuration = oidc.discovery(
      issuer,
      MICROSOFT_CLIENT_ID,
      undefined,
      oidc.ClientSecretPost(MICROSOFT_CLIENT_SECRET),
      {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        execute: issuer.protocol === "http:" && isLoopbackIssuer(issuer) ? [oidc.allowInsecureRequests] : [],
      },
    );
    configurations.set(key, configuration);
    configuration.catch(() => configurations.delete(key));
  }
  return configuration;
}

/** The provider's sign-in page to send the browser to, and the cookie that remembers this attempt. */
export async function beginMicrosoftSignIn(
  redirectTo: string | null,
): Promise<{ authorizationUrl: string; setCookie: string }> {
  const configuration = await providerConfiguration();
  const flow: SignInFlow = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    redirectTo: safeRedirect(redirectTo, "/"),
  };
  const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: microsoftRedirectUri(),
    scope: "openid profile email",
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: "S256",
  });
  return { authorizationUrl: authorizationUrl.href, setCookie: await signInFlowCookie().serialize(flow) };
}

async function readSignInFlow(request: Request): Promise<SignInFlow | null> {
  const value = await signInFlowCookie().parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { state, nonce, codeVerifier, redirectTo } = value as Record<string, unknown>;
  if (typeof state !== "string" || typeof nonce !== "string" || typeof codeVerifier !== "string") return null;
  return { state, nonce, codeVerifier, redirectTo: safeRedirect(redirectTo as string | undefined, "/") };
}

/**
 * Checks the provider's answer against the attempt in the cookie (state, PKCE verifier, nonce), exchanges
 * the code and validates the ID token. Throws MicrosoftSignInFailed for anything short of a valid identity.
 */
export async function completeMicrosoftSignIn(
  request: Request,
): Promise<{ identity: MicrosoftIdentity; redirectTo: string }> {
  const flow = await readSignInFlow(request);
  if (!flow) throw new MicrosoftSignInFailed("The sign-in attempt expired or did not start here");
  // Built from APP_URL rather than request.url: behind a proxy the request URL is not the redirect URI the
  // provider knows, and the token request must repeat that exact URI.
  const callbackUrl = new URL(microsoftRedirectUri());
  callbackUrl.search = new URL(request.url).search;
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(await providerConfiguration(), callbackUrl, {
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      pkceCodeVerifier: flow.codeVerifier,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    // The person cancelling at the provider is ordinary; anything else may be a misconfiguration an
    // administrator needs to see (wrong secret, wrong issuer, provider down, tampered response).
    if (!(error instanceof oidc.AuthorizationResponseError)) warnSignInFailure(error, request);
    throw new MicrosoftSignInFailed("The provider's answer could not be verified", { cause: error });
  }
  if (!claims?.sub) throw new MicrosoftSignInFailed("The provider sent no ID token");
  return { identity: identityFromClaims(claims), redirectTo: flow.redirectTo };
}

/**
 * An email counts only when the provider says it is verified: `email_verified` (OpenID Connect) or
 * `xms_edov` (Azure AD's "email domain owner verified" optional claim). Azure lets a tenant put any address
 * in `email`, so trusting it unverified would let one tenant sign in as another's user.
 */
export function identityFromClaims(claims: oidc.IDToken): MicrosoftIdentity {
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  const verified = claims.email_verified === true || [true, "true", "1"].includes(claims.xms_edov as never);
  return { subject: claims.sub, verifiedEmail: email && verified ? email : null };
}

/**
 * One log line an administrator can act on. A warning rather than an error: the person is shown a message
 * and can still sign in with a password, but a wrong secret or issuer shows up here first.
 */
export function warnSignInFailure(error: unknown, request: Request) {
  const requestId = request.headers.get("x-request-id") ?? "-";
  console.warn(
    `[${new Date().toISOString()}] request ${requestId} Microsoft sign-in failed: ${describeFailure(error)}`,
  );
}

/** openid-client wraps the telling detail (which check failed, the provider's error code) in `cause`. */
function describeFailure(error: unknown): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    if (!(current instanceof Error)) {
      parts.push(String(current));
      break;
    }
    const { error: code, error_description: description } = current as {
      error?: unknown;
      error_description?: unknown;
    };
    parts.push(`${current.name}: ${current.message}`);
    if (typeof code === "string")
      parts.push(`${code}${typeof description === "string" ? ` (${description})` : ""}`);
    current = current.cause;
  }
  return parts.join(" <- ");
}
