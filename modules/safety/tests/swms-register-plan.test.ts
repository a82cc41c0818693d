/**
 * The SWMS register as PostgreSQL plans it: each tab's and filter's page is ordered from an index (no sort of
 * the project's rows), for everyone and for a subcontractor (their company's SWMS only).
 */
import { describe, expect, it } from "vitest";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { SWMS_STATUSES } from "../domain/swms-workflow";
import { loadSwmsRegister } from "../server/swms-register.server";
import { FULL_SORT, pageStatement, plan } from "./register-plan";
import { makeSwms, swmsSite } from "./swms-fixtures";

const db = setupTestDatabase();

describe("the SWMS register's plan", () => {
  it("orders every page from an index, by tab, filter and order, and a subcontractor's too", async () => {
    const project = await createProject(db.em);
    const { viewer, author, scaffold, electrical } = await swmsSite(db.em, project);
    for (let n = 1; n <= 36; n += 1)
      await makeSwms(db.em, project, {
        number: `SWMS-${String(n).padStart(4, "0")}`,
        company: n % 2 ? scaffold : electrical,
        status: SWMS_STATUSES[n % SWMS_STATUSES.length],
        highRisk: n % 3 === 0,
        title: `SWMS ${n}`,
      });
    const as = (user: typeof viewer.user, companyId: string | null, all: boolean) =>
      ({
        em: db.em,
        project,
        user,
        membership: { company: companyId ? { id: companyId } : null },
        can: (key: string) => all || key !== "safety.swms.view",
      }) as unknown as ProjectContext;
    const everyone = as(viewer.user, null, true);
    const subcontractor = as(author.user, scaffold.id, false);
    for (const [context, search] of [
      [everyone, ""],
      [everyone, "?tab=draft"],
      [everyone, "?tab=pending_review"],
      [everyone, "?status=archived"],
      [everyone, "?type=product"],
      [everyone, `?company=${electrical.id}`],
      [everyone, "?highRisk=yes"],
      [everyone, "?sort=number&dir=asc"],
      [everyone, "?sort=title&dir=asc"],
      [subcontractor, ""],
      [subcontractor, "?tab=pending_review"],
    ] as const)
      expect(
        await plan(db, await pageStatement(db, context, loadSwmsRegister, `/safety/swms${search}`)),
        search,
      ).not.toMatch(FULL_SORT);
  });
});
