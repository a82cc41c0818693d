/**
 * A real OpenID Connect provider (oidc-provider) on 127.0.0.1 for tests: discovery, authorization with
 * PKCE, a sign-in page, the token endpoint and signed ID tokens, as Microsoft's would serve them.
 */
import { generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { createMemoryAdapter } from "oidc-provider/lib/adapters/memory_adapter.js";

export type TestAccount = {
  /** What the person types on the provider's sign-in page. */
  login: string;
  sub: string;
  email: string;
  emailVerified: boolean;
};

export type TestIdentityProvider = {
  issuer: string;
  close(): Promise<void>;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => resolve(new URLSearchParams(body)));
    request.on("error", reject);
  });
}

function sendHtml(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
  response.end(`<!doctype html><html><body>${body}</body></html>`);
}

export async function startTestIdentityProvider(options: {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  accounts: TestAccount[];
}): Promise<TestIdentityProvider> {
  // Our own keys and adapter instead of oidc-provider's quick-start defaults, which warn on every start.
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const signingKey = {
    ...privateKey.export({ format: "jwk" }),
    kid: "test-signing-key",
    use: "sig",
    alg: "RS256",
  };
  const accountBySub = new Map(options.accounts.map((account) => [account.sub, account]));

  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    adapter: createMemoryAdapter(),
    jwks: { keys: [signingKey] },
    cookies: { keys: ["test-identity-provider-cookie-key"] },
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    // Microsoft puts the email claims in the ID token itself, not only behind the userinfo endpoint.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // Explicit lifetimes, so the provider does not print a notice for each default it falls back on.
    ttl: {
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 600,
      Grant: 600,
      AccessToken: 600,
      IdToken: 600,
    },
    features: { devInteractions: { enabled: false } },
    interactions: {
      url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    findAccount: async (_context: unknown, sub: string) => {
      const account = accountBySub.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: account.email, email_verified: account.emailVerified }),
      };
    },
  });
  const providerHandler = provider.callback();

  /** The sign-in page: one form to sign in (consent included, as an admin-consented app), one to cancel. */
  async function interaction(request: IncomingMessage, response: ServerResponse, path: string[]) {
    const [uid, step] = path;
    const details = await provider.interactionDetails(request, response);
    if (request.method === "GET") {
      return sendHtml(
        response,
        200,
        `<h1>Sign in</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">
  <input type="email" name="login" /><input type="password" name="password" />
  <button type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit">Cancel</button></form>`,
      );
    }
    if (step === "abort") {
      return provider.interactionFinished(
        request,
        response,
        { error: "access_denied", error_description: "The user cancelled the sign-in" },
        { mergeWithLastSubmission: false },
      );
    }
    const form = await readForm(request);
    const account = options.accounts.find((candidate) => candidate.login === form.get("login"));
    if (!account) return sendHtml(response, 200, "<p>Unknown account</p>");
    const grant = new provider.Grant({ accountId: account.sub, clientId: details.params.client_id });
    grant.addOIDCScope(String(details.params.scope ?? "openid"));
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: account.sub }, consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: false },
    );
  }

  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const [first, ...rest] = new URL(request.url ?? "/", issuer).pathname.split("/").filter(Boolean);
    if (first !== "interaction") return providerHandler(request, response);
    interaction(request, response, rest).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
