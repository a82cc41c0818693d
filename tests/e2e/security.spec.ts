import { expect, test } from "./fixtures";

test.describe("Security headers", () => {
  test("pages carry a nonce-based Content-Security-Policy and no x-powered-by", async ({ request }) => {
    const response = await request.get("/auth/login");
    expect(response.status()).toBe(200);
    const headers = response.headers();
    const csp = headers["content-security-policy"];
    expect(csp).toContain("nonce-");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-powered-by"]).toBeUndefined();

    // The scripts of the page carry the nonce of the header.
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(await response.text()).toContain(`nonce="${nonce}"`);
  });

  test("a form post from another origin is refused", async ({ request, baseURL }) => {
    const form = { email: "engineer@siteproof.test", password: "whatever" };
    const crossSite = await request.post("/auth/login", {
      form,
      headers: { Origin: "http://evil.example" },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);

    // The same post from the site itself gets an answer from the page (here: a validation error).
    const sameSite = await request.post("/auth/login", {
      form: { email: "", password: "" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(sameSite.status()).toBe(400);
  });
});
