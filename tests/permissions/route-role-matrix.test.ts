/**
 * Walks every registered route as four people and records what the guard answers: a super admin, a
 * member with a full-access role, a member with a view-only role, and a signed-in user with no project —
 * for its loader, and for its action (an empty form). Each intent a route declares in its manifest is then
 * posted by a member holding everything but the intent's permission (403, nothing changes) and by one
 * holding only the route's and the intent's (not 403).
 * The tables are snapshots: a change to them is a permission change, reviewed as one.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type IProject, type IUser, User } from "~/server/db/entities";
import { registry } from "~/server/registry";
import { isWorkflowRule, type RegisteredRoute } from "~/server/registry/registry";
import { addMember, createProject, createRole, createUser } from "~/tests/factories";
import { changedTables, databaseState } from "~/tests/fuzz/database-state";
import { allTargets } from "~/tests/fuzz/fuzz-routes";
import { post, routeModule } from "~/tests/fuzz/send";
import { setupTestDatabase } from "~/tests/setup/database";
import { callLoader, signIn } from "~/tests/setup/requests";

const db = setupTestDatabase();

type Outcome = string;

function isViewKey(key: string) {
  return /(^|[.-])view([.-]|$)/.test(key.split(".").pop() ?? "");
}

const concretePath = (path: string) =>
  path.replace(/:[^/]+/g, () => randomUUID()).replace(/\/\*$/, "/no-such-page");

async function outcomeOf(file: string, path: string, cookie: string): Promise<Outcome> {
  const module = await import(/* @vite-ignore */ join(process.cwd(), "app", file));
  if (!module.loader) return "no loader";
  const concrete = concretePath(path);
  try {
    const result = await callLoader(module, concrete, {
      cookie,
      headers: { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64)" },
    });
    if (result.location) return `→ ${result.location.split("?")[0]}`;
    return result.status === 404 ? "allowed (404)" : `allowed (${result.status})`;
  } catch (error) {
    return `error: ${(error as Error).message.slice(0, 60)}`;
  }
}

/**
 * The four people of the tables: a super admin, a member with a full-access role, one with a view-only
 * role (the same roles serve as their global roles, for the global settings pages), and a user with no project.
 */
async function matrixPeople(): Promise<Record<string, { user: IUser; projectId: string | undefined }>> {
  const project = await createProject(db.em, { name: "Matrix Project" });
  const allKeys = [...registry().permissionKeys.keys()];
  const fullRole = await createRole(db.em, { name: "Full", fullAccess: true });
  const viewRole = await createRole(db.em, { name: "View only", grantedActions: allKeys.filter(isViewKey) });
  const superAdmin = await createUser(db.em, { isSuperAdmin: true });
  const full = await createUser(db.em);
  const viewer = await createUser(db.em);
  const outsider = await createUser(db.em);
  await addMember(db.em, { project, user: full, role: fullRole });
  await addMember(db.em, { project, user: viewer, role: viewRole });
  await db.em.nativeUpdate(User, { id: full.id }, { globalRole: fullRole.id });
  await db.em.nativeUpdate(User, { id: viewer.id }, { globalRole: viewRole.id });
  return {
    "super admin": { user: superAdmin, projectId: project.id },
    "full access": { user: full, projectId: project.id },
    "view only": { user: viewer, projectId: project.id },
    "no project": { user: outsider, projectId: undefined },
  };
}

// Every route (and every action) for every role: the walk grows with the product, and on the PostgreSQL server it
// takes twice as long as on the embedded database.
const MATRIX_TIMEOUT_MS = 300_000;

describe("route × role matrix", () => {
  it(
    "answers every route as the reviewed table says",
    async () => {
      const people: Record<string, string> = {};
      for (const [who, { user, projectId }] of Object.entries(await matrixPeople()))
        people[who] = await signIn(db.em, user, { projectId });

      const rows: string[] = [];
      const routes = [...registry().routes].sort((a, b) => a.path.localeCompare(b.path));
      for (const route of routes) {
        const cells: string[] = [];
        for (const [who, cookie] of Object.entries(people)) {
          const outcome = await outcomeOf(route.file, route.path, cookie);
          cells.push(`${who}: ${outcome}`);
          if (route.access === "project" || route.access === "global") {
            if (who === "super admin")
              expect(outcome, `${route.path} as super admin`).toMatch(/^allowed|^→ (?!\/forbidden|\/auth)/);
            if (who === "view only" && route.permission) {
              const keys = Array.isArray(route.permission) ? route.permission : [route.permission];
              const viewable = keys.some(isViewKey);
              expect(outcome.startsWith("→ /forbidden"), `${route.path} as view only`).toBe(!viewable);
            }
          }
          if (route.access === "project" && who === "no project") expect(outcome).toBe("→ /access-control");
          // A global route with a permission is for holders of a global role that grants it; one without (the
          // help panel's reading pages) is for every signed-in user.
          if (route.access === "global" && who === "no project")
            expect(outcome).toMatch(route.permission ? /^→ \/forbidden$/ : /^allowed/);
        }
        rows.push(`${route.path} [${route.access}]\n  ${cells.join("\n  ")}`);
      }
      expect(`\n${rows.join("\n")}\n`).toMatchSnapshot();
    },
    MATRIX_TIMEOUT_MS,
  );
});

/** What a post answers, as the matrix shows it: a status, or where it redirects to. */
function shown(outcome: { status: number; location: string | null; error?: string }): Outcome {
  if (outcome.location) return `→ ${outcome.location.split("?")[0]}`;
  return outcome.error ? `${outcome.status} ${outcome.error.slice(0, 60)}` : String(outcome.status);
}

/** A signed-in member whose role (in the project, and as global role) grants exactly these keys. */
async function memberGranted(project: IProject, grantedActions: string[]) {
  const role = await createRole(db.em, { grantedActions });
  const user = await createUser(db.em);
  await addMember(db.em, { project, user, role });
  await db.em.nativeUpdate(User, { id: user.id }, { globalRole: role.id });
  return signIn(db.em, user, { projectId: project.id });
}

const keysOf = (ref: string | readonly string[] | undefined) =>
  ref ? (typeof ref === "string" ? [ref] : [...ref]) : [];

/** What an intent needs, and the form that sends it (a workflow intent names a step of its table). */
function intentCase(route: RegisteredRoute, intent: string) {
  const rule = route.intents![intent];
  if (!isWorkflowRule(rule)) return { keys: keysOf(rule), form: { intent } };
  const workflow = registry().workflows.get(`${route.moduleId}:${rule.workflow}`)!;
  const keys = [...new Set(workflow.rows.map((row) => row.permission))];
  const step = rule.actionField ? workflow.rows[0].action : intent;
  return { keys, form: { intent, ...(rule.actionField ? { [rule.actionField]: step } : {}) } };
}

describe("route × role matrix of actions", () => {
  it(
    "answers every action, posted an empty form, as the reviewed table says; a refusal changes nothing",
    async () => {
      const people = await matrixPeople();

      const rows: string[] = [];
      const fuzzTargets = allTargets();
      const routes = [...registry().routes].sort((a, b) => a.path.localeCompare(b.path));
      for (const route of routes) {
        const module = await routeModule(route.file);
        if (!module.action) continue;
        const cells: string[] = [];
        for (const [who, { user, projectId }] of Object.entries(people)) {
          // A session per post: a sign-out must not sign the next post out.
          const cookie = await signIn(db.em, user, { projectId });
          const before = await databaseState(db.em);
          const outcome = await post(
            module,
            {},
            {
              url: concretePath(route.path),
              contentType: "application/x-www-form-urlencoded",
              body: "",
              headers: { Cookie: cookie },
            },
            fuzzTargets.get(route.path)?.doneAt,
          );
          cells.push(`${who}: ${shown(outcome)}`);
          expect(outcome.status, `${route.path} as ${who}: ${outcome.error ?? ""}`).toBeLessThan(500);
          if (outcome.refused)
            expect(changedTables(before, await databaseState(db.em)), `${route.path} as ${who}`).toEqual([]);
          if (route.access === "project" && who === "no project")
            expect(shown(outcome)).toBe("→ /access-control");
          if (
            (route.access === "project" || route.access === "global") &&
            who === "view only" &&
            route.permission
          )
            expect(shown(outcome) === "→ /forbidden", `${route.path} as view only`).toBe(
              !keysOf(route.permission).some(isViewKey),
            );
        }
        rows.push(`POST ${route.path} [${route.access}]\n  ${cells.join("\n  ")}`);
      }
      expect(`\n${rows.join("\n")}\n`).toMatchSnapshot();
    },
    MATRIX_TIMEOUT_MS,
  );

  it(
    "refuses each declared intent to a member without its permission (403, nothing changes) and lets one with it through",
    async () => {
      const project = await createProject(db.em, { name: "Intent Project" });
      const allKeys = [...registry().permissionKeys.keys()];
      const rows: string[] = [];
      const routes = registry()
        .routes.filter((route) => route.intents)
        .sort((a, b) => a.path.localeCompare(b.path));
      for (const route of routes) {
        const module = await routeModule(route.file);
        for (const intent of Object.keys(route.intents!).sort()) {
          const { keys, form } = intentCase(route, intent);
          const send = async (cookie: string) =>
            post(
              module,
              {},
              {
                url: concretePath(route.path),
                contentType: "application/x-www-form-urlencoded",
                body: new URLSearchParams(form),
                headers: { Cookie: cookie },
              },
            );

          const withoutCookie = await memberGranted(
            project,
            allKeys.filter((key) => !keys.includes(key)),
          );
          const before = await databaseState(db.em);
          const without = await send(withoutCookie);
          expect(
            changedTables(before, await databaseState(db.em)),
            `${route.path} ${intent} without`,
          ).toEqual([]);
          // Where the route's own permission is the intent's, the guard refuses first (→ /forbidden).
          const needsRoutePermission =
            keysOf(route.permission).every((key) => keys.includes(key)) && route.permission;
          expect(shown(without), `${route.path} ${intent} without its permission`).toBe(
            needsRoutePermission ? "→ /forbidden" : "403",
          );

          const withCookie = await memberGranted(project, [...keysOf(route.permission).slice(0, 1), ...keys]);
          const granted = await send(withCookie);
          expect(
            granted.status,
            `${route.path} ${intent} with its permission: ${granted.error ?? ""}`,
          ).not.toBe(403);
          expect(shown(granted)).not.toBe("→ /forbidden");
          expect(granted.status).toBeLessThan(500);
          rows.push(
            `${route.path} ${intent} (${keys.join(" | ")}): without ${shown(without)}, with ${shown(granted)}`,
          );
        }
      }
      expect(`\n${rows.join("\n")}\n`).toMatchSnapshot();
    },
    MATRIX_TIMEOUT_MS,
  );
});
