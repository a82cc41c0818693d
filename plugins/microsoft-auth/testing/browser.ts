/**
 * What a browser does at the identity provider, with real HTTP: follows its redirects by hand, keeps its
 * cookies, and submits the forms on its pages, until the provider sends the browser back to the app.
 */

type Form = { action: string; fields: URLSearchParams; button: string };

const MAX_STEPS = 20;

export class ProviderBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly appOrigin: string) {}

  /** Opens a provider URL and follows redirects; returns the app URL the provider redirects back to, or the page. */
  async open(url: string, init: { method?: string; body?: URLSearchParams } = {}) {
    let next: { url: string; method: string; body?: URLSearchParams } = { method: "GET", ...init, url };
    for (let step = 0; step < MAX_STEPS; step++) {
      if (next.url.startsWith(this.appOrigin)) return { backToApp: new URL(next.url), page: null };
      const response = await fetch(next.url, {
        method: next.method,
        body: next.body,
        redirect: "manual",
        headers: { Cookie: this.cookieHeader() },
      });
      this.keepCookies(response.headers.getSetCookie());
      const location = response.headers.get("Location");
      if (response.status >= 300 && response.status < 400 && location) {
        next = { url: new URL(location, next.url).href, method: "GET" };
        continue;
      }
      return {
        backToApp: null,
        page: { url: next.url, status: response.status, html: await response.text() },
      };
    }
    throw new Error("The provider redirected too many times");
  }

  /** Fills in the form whose submit button reads `button` and submits it. */
  async submit(page: { url: string; html: string }, button: string, values: Record<string, string> = {}) {
    const form = formsOf(page.html).find((candidate) => candidate.button === button);
    if (!form) throw new Error(`No form with a "${button}" button on ${page.url}:\n${page.html}`);
    for (const [name, value] of Object.entries(values)) form.fields.set(name, value);
    return this.open(new URL(form.action, page.url).href, { method: "POST", body: form.fields });
  }

  private cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  private keepCookies(setCookies: string[]) {
    for (const setCookie of setCookies) {
      const [pair, ...attributes] = setCookie.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key, setting] = attribute.trim().split("=");
        if (key.toLowerCase() === "max-age") return Number(setting) <= 0;
        if (key.toLowerCase() === "expires") return new Date(setting).getTime() <= Date.now();
        return false;
      });
      if (expired || !value) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** The forms of a simple HTML page: action, named inputs with their values, and the submit button's text. */
function formsOf(html: string): Form[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)].map(([, attributes, inner]) => {
    const fields = new URLSearchParams();
    for (const [input] of inner.matchAll(/<input\b[^>]*>/gi)) {
      const name = attributeOf(input, "name");
      if (name) fields.set(name, attributeOf(input, "value") ?? "");
    }
    const button = /<button\b[^>]*>([\s\S]*?)<\/button>/i.exec(inner)?.[1].trim() ?? "";
    return { action: attributeOf(`<form ${attributes}>`, "action") ?? "", fields, button };
  });
}

function attributeOf(tag: string, name: string): string | null {
  const match = new RegExp(`\\b${name}="([^"]*)"`, "i").exec(tag);
  return match ? match[1].replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))) : null;
}
