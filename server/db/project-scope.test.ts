import { describe, expect, it } from "vitest";
import { Attachment } from "~/server/db/entities";
import { requestContext } from "~/server/permissions/guard.server";
import { addMember, createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { signIn } from "~/tests/setup/requests";
import { projectOwned, projectScopeCondition, scopeToProject } from "./project-scope";

const db = setupTestDatabase();

async function attach(projectId: string, title: string) {
  const em = scopeToProject(db.em, projectId);
  em.create(Attachment, {
    project: projectId,
    entityType: "lot",
    entityId: "1",
    title,
    fileName: `${title}.pdf`,
    contentType: "application/pdf",
    size: 10,
    storageKey: title,
    description: null,
    uploadedBy: null,
  });
  await em.flush();
}

describe("project scope", () => {
  it("limits a request's queries to its current project", async () => {
    const user = await createUser(db.em);
    const mine = await createProject(db.em);
    const theirs = await createProject(db.em);
    await addMember(db.em, { project: mine, user });
    await attach(mine.id, "mine");
    await attach(theirs.id, "theirs");
    const cookie = await signIn(db.em, user, { projectId: mine.id });
    const context = await requestContext(
      new Request("http://localhost:3000/", { headers: { Cookie: cookie } }),
    );
    const visible = await context.em.find(Attachment, {});
    expect(visible.map((a) => a.title)).toEqual(["mine"]);
    expect(await context.em.count(Attachment, { title: "theirs" })).toBe(0);
  });

  it("refuses to read project-owned rows without a project", async () => {
    await expect(db.em.find(Attachment, {})).rejects.toThrow(/No arguments provided for filter 'project'/);
  });

  it("lets a project read the shared rows (no project) of an entity marked sharedWhenNull, not change them in bulk", () => {
    projectOwned({ meta: { className: "SharedCamp" } }, { sharedWhenNull: true });
    projectOwned({ meta: { className: "OwnCamp" } });
    const args = { projectId: "p1" };
    expect(projectScopeCondition(args, "read", "SharedCamp")).toEqual({
      $or: [{ project: "p1" }, { project: null }],
    });
    expect(projectScopeCondition(args, "update", "SharedCamp")).toEqual({ project: "p1" });
    expect(projectScopeCondition(args, "delete", "SharedCamp")).toEqual({ project: "p1" });
    expect(projectScopeCondition(args, "read", "OwnCamp")).toEqual({ project: "p1" });
  });
});
