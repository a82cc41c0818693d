/**
 * The permits' and the safety data sheets' registers as PostgreSQL plans them: each page's order and filter
 * comes from an index (no sort of the project's rows), so both stay cheap on a large project.
 */
import { describe, expect, it } from "vitest";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { loadPermitRegister } from "../server/permit-register.server";
import { loadSdsRegister } from "../server/sds-register.server";
import { makePermit, makeSds, permitSite } from "./permit-fixtures";
import { FULL_SORT, pageStatement, plan } from "./register-plan";

const db = setupTestDatabase();

const planOf = async (
  context: ProjectContext,
  load: (context: ProjectContext, url: URL) => Promise<unknown>,
  url: string,
) => plan(db, await pageStatement(db, context, load, url));

describe("the permits and SDS registers' plans", () => {
  it("order every permits page from an index, filtered or not", async () => {
    const project = await createProject(db.em);
    const { engineer } = await permitSite(db.em, project);
    for (let n = 1; n <= 30; n += 1)
      await makePermit(db.em, project, {
        number: `PTW-${String(n).padStart(4, "0")}`,
        status: n % 2 ? "ACTIVE" : "CLOSED",
        type: n % 3 ? "hot_work" : "excavation",
        validFrom: new Date(Date.now() + (n - 15) * 3_600_000),
        validTo: new Date(Date.now() + (n - 10) * 3_600_000),
      });
    const context = { em: db.em, project, user: engineer.user } as unknown as ProjectContext;
    for (const search of [
      "",
      "?sort=number&dir=asc",
      "?status=ACTIVE",
      "?type=excavation",
      "?sort=validFrom&dir=desc",
      "?sort=validTo&dir=asc",
      "?validity=expired",
      "?validity=active",
      "?validity=inactive",
    ])
      expect(await planOf(context, loadPermitRegister, `/safety/permits${search}`), search).not.toMatch(
        FULL_SORT,
      );
  });

  it("order every SDS page from an index, filtered or not", async () => {
    const project = await createProject(db.em);
    const { engineer } = await permitSite(db.em, project);
    for (let n = 1; n <= 30; n += 1)
      await makeSds(db.em, project, {
        number: `SDS-${String(n).padStart(4, "0")}`,
        status: n % 2 ? "CLOSED" : "IN_PROGRESS",
        expiryDate: `2027-01-${String(n).padStart(2, "0")}`,
      });
    const context = { em: db.em, project, user: engineer.user } as unknown as ProjectContext;
    for (const search of [
      "",
      "?sort=number&dir=asc",
      "?status=CLOSED",
      "?sort=expiryDate&dir=asc",
      "?expiry=expired",
    ])
      expect(await planOf(context, loadSdsRegister, `/safety/sds${search}`), search).not.toMatch(FULL_SORT);
  });
});
