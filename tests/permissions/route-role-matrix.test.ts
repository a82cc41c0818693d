/**
 * Walks every registered route as four people and records what the guard answers: a super admin, a
 * member with a full-access role, a member with a view-only role, and a signed-in user with no project.
 * The table is a snapshot: a change to it is a permission change, reviewed as one.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { User } from "~/server/db/entities";
import { registry } from "~/server/registry";
import { addMember, createProject, createRole, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callLoader, signIn } from "~/tests/setup/requests";

const db = setupTestDatabase();

type Outcome = string;

function isViewKey(key: string) {
  return /(^|[.-])view([.-]|$)/.test(key.split(".").pop() ?? "");
}

async function outcomeOf(file: string, path: string, cookie: string): Promise<Outcome> {
  const module = await import(/* @vite-ignore */ join(process.cwd(), "app", file));
  if (!module.loader) return "no loader";
  const concrete = path.replace(/:[^/]+/g, () => randomUUID()).replace(/\/\*$/, "/no-such-page");
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

describe("route × role matrix", () => {
  it("answers every route as the reviewed table says", async () => {
    const project = await createProject(db.em, { name: "Matrix Project" });
    const allKeys = [...registry().permissionKeys.keys()];
    const fullRole = await createRole(db.em, { name: "Full", fullAccess: true });
    const viewRole = await createRole(db.em, {
      name: "View only",
      grantedActions: allKeys.filter(isViewKey),
    });

    const superAdmin = await createUser(db.em, { isSuperAdmin: true });
    const full = await createUser(db.em);
    const viewer = await createUser(db.em);
    const outsider = await createUser(db.em);
    await addMember(db.em, { project, user: full, role: fullRole });
    await addMember(db.em, { project, user: viewer, role: viewRole });
    // The same roles serve as their global roles, for the global settings pages.
    await db.em.nativeUpdate(User, { id: full.id }, { globalRole: fullRole.id });
    await db.em.nativeUpdate(User, { id: viewer.id }, { globalRole: viewRole.id });

    const people = {
      "super admin": await signIn(db.em, superAdmin, { projectId: project.id }),
      "full access": await signIn(db.em, full, { projectId: project.id }),
      "view only": await signIn(db.em, viewer, { projectId: project.id }),
      "no project": await signIn(db.em, outsider),
    };

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
        if (route.access === "global" && who === "no project") expect(outcome).toBe("→ /forbidden");
      }
      rows.push(`${route.path} [${route.access}]\n  ${cells.join("\n  ")}`);
    }
    expect(`\n${rows.join("\n")}\n`).toMatchSnapshot();
  });
});
