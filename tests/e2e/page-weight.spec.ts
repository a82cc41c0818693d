import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { demo, expect, submitSignInForm, test } from "./fixtures";

/**
 * Page cost (issue #10): a register page of 10 rows is at most 30 KB of HTML, and the JavaScript it loads
 * at most 120 KB gzipped. Sizes, not times: the production build gives the same bytes on any machine, so
 * the budget holds in CI and fails the change that breaks it. The demo engineer's lot register (the demo
 * bridge project has 30 lots) is read, not changed.
 */

const HTML_BUDGET = 30 * 1024;
const JS_GZIP_BUDGET = 120 * 1024;

/** The scripts a page loads before it is interactive: module preloads, script tags and the inline imports. */
function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g))
    if (/\brel="modulepreload"/.test(tag)) urls.add(/\bhref="([^"]+)"/.exec(tag)?.[1] ?? "");
  for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) urls.add(src);
  for (const [, inline] of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g))
    for (const [, src] of inline.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)"(\/[^"]+\.js)"/g)) urls.add(src);
  urls.delete("");
  return [...urls];
}

/**
 * The registers of the product, each as the demo engineer opens it: its first page holds at most 10 rows
 * (`rows` says how the page shows its count), so every register copied from the pattern is held to it.
 */
const REGISTERS = [
  { path: "/quality/lot", rows: /Showing 1 - 10 of \d+/ },
  { path: "/quality/hp-wp?tab=hold", rows: /Showing 1 - \d+ of \d+/ },
  { path: "/quality/ncr", rows: /Showing 1 - \d+ of \d+/ },
  { path: "/quality/defects", rows: /Showing 1 - \d+ of \d+/ },
  { path: "/safety/actions?tab=all_actions", rows: /Showing 1 - \d+ of \d+/ },
  { path: "/safety/observation", rows: /Showing 1 - \d+ of \d+/ },
  { path: "/safety/enforcement", rows: /Showing 1 - 10 of \d+/ },
  { path: "/safety/ims?view=ALL_INCIDENTS", rows: /Showing 1 - \d+ of \d+/ },
  { path: "/safety/audit?view=ALL_AUDIT_SCHEDULES", rows: /Showing 1 - \d+ of \d+/ },
  { path: "/safety/inspection?view=ALL_AUDIT_SCHEDULES", rows: /Showing 1 - \d+ of \d+/ },
  { path: "/safety/meetings?tab=pre_start", rows: /Showing 1 - \d+ of \d+/ },
  { path: "/safety/swms", rows: /Showing 1 - \d+ of \d+/ },
  { path: "/safety/permits", rows: /Showing 1 - \d+ of \d+/ },
  { path: "/safety/sds", rows: /Showing 1 - \d+ of \d+/ },
  { path: "/operation/in-out", rows: /Showing 1 - \d+ of \d+/ },
  { path: "/plants-and-machinery", rows: /Showing 1 - \d+ of \d+/ },
  { path: "/operation/site-diaries", rows: /Showing 1 - \d+ of \d+/ },
  // --- home and upstream (Cost and Commercial): not registers; each matched by what it always shows ---
  { path: "/cost-and-commercial/home", rows: /Claims overdue/ },
  { path: "/cost-and-commercial/upstream?tab=claims", rows: /Totals|No claims yet/ },
  // --- end home and upstream ---
  // --- dockets intray (the external signing page is weighed in dockets-flow.spec.ts: it needs a link) ---
  { path: "/dockets/intray", rows: /docket-formwork-0412\.png/ },
  // --- end dockets intray ---
  { path: "/dockets", rows: /Showing 1 - \d+ of \d+/ },
  // --- downstream, indirect and calendar (Cost and Commercial) ---
  { path: "/cost-and-commercial/downstream", rows: /SC-NBU-01/ },
  { path: "/cost-and-commercial/indirect", rows: /Site sheds and amenities hire/ },
  { path: "/cost-and-commercial/calendar", rows: /Days with entries|Nothing on the calendar this month/ },
  { path: "/cost-and-commercial/upstream/schedules", rows: /SCH-001/ },
  // --- end downstream, indirect and calendar ---
  // --- rostering and help ---
  { path: "/rostering/rostering/home", rows: /On site this week/ },
  { path: "/rostering/rostering/roster-management?tab=composition", rows: /Crew A – deck, 8\/6 days/ },
  { path: "/rostering/rostering/personal-management", rows: /Working at Heights/ },
  {
    path: "/rostering/rostering/accommodation-management",
    rows: /Riverside workers&#x27;? ?camp|Riverside workers/,
  },
  { path: "/help-panel/helpPanel/qualities", rows: /<h1/ },
  // --- end rostering and help ---
] as const satisfies readonly { path: string; rows: RegExp; overBudget?: string }[];

/** The page's HTML and the scripts it loads, against the budgets (the engineer signed in). */
async function expectWithinBudgets(page: Page, register: { path: string; rows: RegExp }) {
  const response = await page.request.get(register.path);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toMatch(register.rows);
  const htmlBytes = Buffer.byteLength(html);

  const scripts = scriptUrls(html);
  expect(scripts.length).toBeGreaterThan(0);
  const sizes = await Promise.all(
    scripts.map(async (url) => {
      const asset = await page.request.get(url);
      expect(asset.status(), url).toBe(200);
      return { url, gzip: gzipSync(await asset.body()).length };
    }),
  );
  const jsGzip = sizes.reduce((sum, { gzip }) => sum + gzip, 0);

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const heaviest = [...sizes]
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, 5)
    .map(({ url, gzip }) => `${url} ${kb(gzip)}`)
    .join(", ");
  test.info().annotations.push({
    type: "page weight",
    description: `HTML ${kb(htmlBytes)}; JavaScript ${kb(jsGzip)} gzip in ${sizes.length} files (heaviest: ${heaviest})`,
  });
  expect(htmlBytes, `HTML of ${register.path}: ${kb(htmlBytes)}`).toBeLessThanOrEqual(HTML_BUDGET);
  expect(
    jsGzip,
    `JavaScript of ${register.path}: ${kb(jsGzip)} gzip; heaviest: ${heaviest}`,
  ).toBeLessThanOrEqual(JS_GZIP_BUDGET);
}

for (const register of REGISTERS as readonly { path: string; rows: RegExp; overBudget?: string }[])
  test(`the register ${register.path} keeps its HTML and JavaScript budgets`, async ({ page }) => {
    test.fail(Boolean(register.overBudget), register.overBudget);
    await page.goto("/auth/login");
    await submitSignInForm(page, demo.engineer.email, demo.password);
    await expect(page).toHaveURL("/");
    await expectWithinBudgets(page, register);
  });

/** A crew's month on the roster page, with its conflicts and forms: the demo bridge's crew A (8 people, 28 days). */
test("the roster page /rostering/rostering/roster-management/:id keeps its HTML and JavaScript budgets", async ({
  page,
}) => {
  await page.goto("/auth/login");
  await submitSignInForm(page, demo.engineer.email, demo.password);
  await expect(page).toHaveURL("/");
  const list = await (
    await page.request.get("/rostering/rostering/roster-management?tab=composition")
  ).text();
  const path = /href="(\/rostering\/rostering\/roster-management\/[0-9a-f-]{36})"[^>]*>Crew A/.exec(
    list,
  )?.[1];
  expect(path).toBeTruthy();
  await expectWithinBudgets(page, { path: path!, rows: /Room overbooked/ });
});

/** A record's page held to the same budgets: the demo bridge's newest docket (its Details tab, its steps as plain forms). */
test("the docket page /dockets/:id keeps its HTML and JavaScript budgets", async ({ page }) => {
  await page.goto("/auth/login");
  await submitSignInForm(page, demo.engineer.email, demo.password);
  await expect(page).toHaveURL("/");
  const register = await (await page.request.get("/dockets")).text();
  const path = /href="(\/dockets\/[0-9a-f-]{36})"/.exec(register)?.[1];
  expect(path).toBeTruthy();
  await expectWithinBudgets(page, { path: path!, rows: /DKT-\d{4}/ });
});
