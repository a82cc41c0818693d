/**
 * The meetings register as PostgreSQL plans it: each tab's page order and filter comes from an index (project,
 * kind, sequence / held day), never a sort of the project's talks.
 */
import { describe, expect, it } from "vitest";
import { scopeToProject } from "~/server/db/project-scope";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { signedInMember } from "~/tests/setup/requests";
import { SafetyTalk } from "../entities";
import { loadTalkRegister } from "../server/talk-register.server";
import { FULL_SORT, pageStatement, plan } from "./register-plan";

const db = setupTestDatabase();

describe("the meetings register's plan", () => {
  it("orders every page of either tab from an index, filtered or not", async () => {
    const project = await createProject(db.em);
    const member = await signedInMember(db.em, project, [
      "safety.meeting.toolbox-talk-view",
      "safety.meeting.ptt-view",
    ]);
    const scoped = scopeToProject(db.em, project.id);
    for (let n = 1; n <= 30; n += 1)
      scoped.create(SafetyTalk, {
        project,
        number: `${n % 2 ? "TBT" : "PST"}-${String(n).padStart(4, "0")}`,
        kind: n % 2 ? "toolbox" : "pre_start",
        title: `Talk ${n}`,
        heldOn: `2026-11-${String((n % 28) + 1).padStart(2, "0")}`,
        supervisor: member.user,
      } as never);
    await scoped.flush();
    const context = {
      em: db.em,
      project,
      user: member.user,
      can: () => true,
    } as unknown as ProjectContext;
    for (const search of [
      "?tab=toolbox",
      "?tab=pre_start&sort=number&dir=asc",
      "?tab=toolbox&sort=heldOn&dir=desc",
      "?tab=toolbox&from=2026-11-05&sort=heldOn",
    ])
      expect(
        await plan(db, await pageStatement(db, context, loadTalkRegister, `/safety/meetings${search}`)),
        search,
      ).not.toMatch(FULL_SORT);
  });
});
