import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { EntityManager } from "@mikro-orm/postgresql";
import { MikroORM } from "@mikro-orm/postgresql";
import { type BrowserContextOptions, test as base, expect, type Page } from "@playwright/test";
import { type DemoRoleName, demoRoles } from "~/prisma-seed/demo-roles";
import { seedQualityLibrary } from "~/prisma-seed/quality";
import { connectionFromUrl, ormConfig } from "~/server/db/config";
import { EMBEDDED_URL_FILE } from "~/server/db/embedded";
import { type IRole, Project, User } from "~/server/db/entities";
import { registry } from "~/server/registry";
import { selectSoleProject, startSession } from "~/server/session/session.server";
import { addMember, createProject, createRole, createUser, DEMO_PASSWORD } from "~/tests/factories";
import { e2eServer } from "./server";

export { expect };

/**
 * The demo data set the server seeds on an empty database (prisma-seed/demo.ts). Tests create their
 * own records through `team`; the demo records are only read, by the tests about the demo sign-ins.
 */
export const demo = {
  password: DEMO_PASSWORD,
  engineer: { email: "engineer@siteproof.test", name: "Erin Engineer" },
  northernBridge: { name: "Northern Bridge Upgrade", number: "NBU-2026" },
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
/** The page fits its viewport's width: nothing the user acts on needs sideways scrolling (a 390 px phone). */
export async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

export async function openProfileMenu(page: Page, label = "Profile") {
  const summary = page.getByLabel(label, { exact: true });
  const open = await summary.evaluate((element) => (element.parentElement as HTMLDetailsElement).open);
  if (!open) await summary.click();
}

export type TestProject = { id: string; name: string; number: string; language: string };

/** Someone a test created: an active account with a password the test knows. */
export type Person = { id: string; email: string; name: string; password: string };

type PersonOptions = {
  /** The projects they are a member of, with the role; the test's project unless given. */
  projects?: TestProject[];
  superAdmin?: boolean;
  /** The language they chose in the profile menu; none by default. */
  locale?: "en" | "vi" | "au";
};

/**
 * What one test works with: its own project, the people in it and their signed-in browsers, all
 * created straight in the server's database with a name no other test uses, so tests run in parallel
 * and in any order. Roles are the demo data set's (prisma-seed/demo-roles.ts).
 */
export type Team = {
  /** The test's project, created on first use: English, with nothing in it but its members. */
  project(): Promise<TestProject>;
  /** Another project of this test (the test's project stays the default one). */
  addProject(overrides?: { name?: string; language?: "EN" | "VI" | "AU" }): Promise<TestProject>;
  /** Gives the test's project the bridge demo project's locations and ITPs (ITP-0001 active, ITP-0002 in review). */
  addQualityLibrary(): Promise<void>;
  /**
   * A new account with the demo password, a member of the test's project (or of `projects`) with that demo
   * role; with null, a member of no project (a super admin still sees every project).
   */
  add(role: DemoRoleName | null, options?: PersonOptions): Promise<Person>;
  /**
   * Signs the person in on the page's browser the way the sign-in form would: a session row (with their
   * only project selected, if they have exactly one) and its cookie. A role name adds a new member first.
   */
  signIn(page: Page, who: Person | DemoRoleName): Promise<Person>;
  /** A browser of the person's own, signed in: several people working on the same records. Closed after the test. */
  signedInPage(
    who: Person | DemoRoleName,
    options?: Pick<BrowserContextOptions, "javaScriptEnabled">,
  ): Promise<Page>;
  /** The text with this test's stamp, for names that must not meet another test's. */
  unique(text: string): string;
};

type WorkerFixtures = {
  /** The server's database, reached from this worker with one connection (see Team). */
  serverDatabase: { em(): EntityManager; role(name: DemoRoleName): Promise<IRole> };
};

export const test = base.extend<{ team: Team }, WorkerFixtures>({
  serverDatabase: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const server = e2eServer();
      // The server code used here (sessions, password hashes) reads its settings as the server does.
      Object.assign(process.env, {
        DATA_DIR: server.env.DATA_DIR,
        SESSION_SECRET: server.env.SESSION_SECRET,
        APP_URL: server.env.APP_URL,
      });
      const url =
        server.env.DATABASE_URL ?? readFileSync(join(server.dataDir, EMBEDDED_URL_FILE), "utf8").trim();
      // One connection: the embedded database keeps only a few for processes other than the server.
      const orm = await MikroORM.init(await ormConfig(connectionFromUrl(url), { poolMax: 1 }));
      // The demo roles are made once per worker, under names of their own; no test changes them.
      const roleStamp = `e2e ${randomBytes(3).toString("hex")}-${workerInfo.workerIndex}`;
      const definitions = demoRoles(registry().permissionKeys.keys());
      const roles = new Map<DemoRoleName, Promise<IRole>>();
      const em = () => orm.em.fork() as EntityManager;
      await use({
        em,
        role(name) {
          if (!roles.has(name))
            roles.set(name, createRole(em(), { ...definitions[name], name: `${name} (${roleStamp})` }));
          return roles.get(name)!;
        },
      });
      await orm.close(true);
    },
    { scope: "worker" },
  ],

  team: async ({ browser, serverDatabase }, use, testInfo) => {
    const stamp = `${Date.now().toString(36)}${randomBytes(2).toString("hex")}`;
    const em = serverDatabase.em();
    const contexts: { close(): Promise<void> }[] = [];
    let count = 0;
    let mainProject: Promise<TestProject> | undefined;
    let projectCount = 0;

    const addProject: Team["addProject"] = async (overrides = {}) => {
      projectCount++;
      const project = await createProject(em, {
        name: overrides.name ?? `Project ${projectCount} ${stamp}`,
        number: `E2E-${stamp}-${projectCount}`,
        language: overrides.language ?? "EN",
      });
      return pick(project);
    };
    const project = () => {
      mainProject ??= addProject();
      return mainProject;
    };

    const add: Team["add"] = async (role, options = {}) => {
      count++;
      const label = role ?? (options.superAdmin ? "Super admin" : "No project");
      const user = await createUser(em, {
        email: `${label.toLowerCase().replace(/\W+/g, "-")}-${count}-${stamp}@e2e.siteproof.test`,
        name: `${label} ${count} ${stamp}`,
        isSuperAdmin: options.superAdmin ?? false,
        locale: options.locale ?? null,
      });
      if (role) {
        const memberRole = await serverDatabase.role(role);
        for (const { id } of options.projects ?? [await project()])
          await addMember(em, { project: em.getReference(Project, id), user, role: memberRole });
      }
      return { id: user.id, email: user.email, name: user.name, password: DEMO_PASSWORD };
    };

    const signIn: Team["signIn"] = async (page, who) => {
      const person = typeof who === "string" ? await add(who) : who;
      const { session, setCookie } = await startSession(em, {
        userId: person.id,
        remember: true,
        userAgent: `Playwright: ${testInfo.titlePath.join(" › ")}`,
      });
      await selectSoleProject(em, session);
      const pair = setCookie.split(";")[0];
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      await page
        .context()
        .addCookies([{ name, value, url: e2eServer().baseURL, httpOnly: true, sameSite: "Lax" }]);
      return person;
    };

    await use({
      project,
      addProject,
      async addQualityLibrary() {
        const target = await project();
        const preparedBy = await add("Site Engineer");
        await seedQualityLibrary(
          em,
          em.getReference(Project, target.id),
          em.getReference(User, preparedBy.id),
        );
      },
      add,
      signIn,
      async signedInPage(who, options = {}) {
        const { baseURL, locale } = testInfo.project.use;
        const context = await browser.newContext({ baseURL, locale, ...options });
        contexts.push(context);
        const page = await context.newPage();
        await signIn(page, who);
        return page;
      },
      unique: (text) => `${text} ${stamp}`,
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

function pick(project: TestProject): TestProject {
  return { id: project.id, name: project.name, number: project.number, language: project.language };
}
