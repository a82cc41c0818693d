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
    // Served over plain http (APP_URL): no HSTS, which would shut the browser out of the host.
    expect(headers["strict-transport-security"]).toBeUndefined();

    // The scripts of the page carry the nonce of the header.
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(await response.text()).toContain(`nonce="${nonce}"`);
  });

  test("signed-in pages and their data are kept out of every cache", async ({ page, team }) => {
    await team.signIn(page, "Site Engineer");
    const document = await page.request.get("/");
    expect(document.status()).toBe(200);
    expect(document.headers()["cache-control"]).toBe("private, no-store");
    const data = await page.request.get("/_root.data");
    expect(data.status()).toBe(200);
    expect(data.headers()["cache-control"]).toBe("private, no-store");
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

test.describe("Static files", () => {
  test("the public files and the hashed assets are served; a page's path is not looked for on disk", async ({
    request,
  }) => {
    const favicon = await request.get("/favicon.svg");
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()["content-type"]).toContain("image/svg+xml");

    const page = await request.get("/auth/login");
    const script = /rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeTruthy();
    const asset = await request.get(script as string);
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toContain("immutable");

    // A name that is no file of the build is the application's to answer: its own not-found page.
    const missing = await request.get("/favicon.png");
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain("<html");
  });
});
