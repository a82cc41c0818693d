import { test as base, expect, type Page } from "@playwright/test";

/** The demo accounts the server seeds on an empty database (prisma-seed/demo.ts). */
export const DEMO_PASSWORD = "SiteProof#2026";

export const demoUsers = {
  /** Super admin, member of both projects: chooses one on /access-control. */
  admin: { email: "admin@siteproof.test", name: "Alex Admin" },
  /** Limited role, member of Northern Bridge Upgrade only: the project is chosen at sign-in. */
  engineer: { email: "engineer@siteproof.test", name: "Erin Engineer" },
  /** View-only role, member of Northern Bridge Upgrade only. */
  viewer: { email: "viewer@siteproof.test", name: "Vic Viewer" },
  /** Lot workflow roles in Northern Bridge Upgrade (prisma-seed/demo.ts). */
  projectEngineer: { email: "projectengineer@siteproof.test", name: "Priya Patel" },
  qa: { email: "qa@siteproof.test", name: "Quinn Nguyen" },
  client: { email: "client@siteproof.test", name: "Carla Client" },
  /** Member of no project. */
  nomember: { email: "nomember@siteproof.test", name: "Noel Nomember" },
} as const;

export type DemoUser = keyof typeof demoUsers;

export const projects = {
  northernBridge: { name: "Northern Bridge Upgrade", number: "NBU-2026" },
  westernRail: { name: "Western Rail Link", number: "WRL-AU-01" },
} as const;

/** Fills and sends the sign-in form the page is showing, the way a person would. */
export async function submitSignInForm(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/**
 * Opens the profile menu (a <details> whose summary is labelled "Profile", or its translation).
 * After a form in the menu is sent the menu stays open, so it is only clicked when closed.
 */
export async function openProfileMenu(page: Page, label = "Profile") {
  const summary = page.getByLabel(label, { exact: true });
  const open = await summary.evaluate((element) => (element.parentElement as HTMLDetailsElement).open);
  if (!open) await summary.click();
}

type SignInOptions = {
  /** Another password than the demo one (after a reset). */
  password?: string;
};

type Fixtures = {
  /** Signs in as a demo user through the real form on /auth/login and waits to leave the sign-in page. */
  signIn: (who: DemoUser, options?: SignInOptions) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  signIn: async ({ page }, use) => {
    await use(async (who, options = {}) => {
      await page.goto("/auth/login");
      await expect(page.getByRole("heading", { name: "Sign in to SiteProof" })).toBeVisible();
      await submitSignInForm(page, demoUsers[who].email, options.password ?? DEMO_PASSWORD);
      await page.waitForURL((url) => !url.pathname.startsWith("/auth/login"));
    });
  },
});

export { expect };
