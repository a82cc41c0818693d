import { describe, expect, it } from "vitest";
import { User } from "~/server/db/entities";
import { addMember, createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { notProjectMembers, projectMemberChoices } from "./project-members.server";

const db = setupTestDatabase();

describe("project members as choices", () => {
  it("lists the project's active members by name, and tells which ids are not among them", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const zoe = await createUser(db.em, { name: "Zoe Zhang" });
    const adam = await createUser(db.em, { name: "Adam Ames" });
    const gone = await createUser(db.em, { name: "Gus Gone" });
    const stranger = await createUser(db.em, { name: "Sam Stranger" });
    for (const user of [zoe, adam, gone]) await addMember(db.em, { project, user });
    await addMember(db.em, { project: other, user: stranger });
    await db.em.nativeUpdate(User, { id: gone.id }, { isActive: false });

    expect(await projectMemberChoices(db.em, project.id)).toEqual([
      { value: adam.id, label: "Adam Ames" },
      { value: zoe.id, label: "Zoe Zhang" },
    ]);
    expect(await notProjectMembers(db.em, project.id, [zoe.id, adam.id, zoe.id])).toEqual([]);
    expect(await notProjectMembers(db.em, project.id, [zoe.id, gone.id, stranger.id])).toEqual([
      gone.id,
      stranger.id,
    ]);
    expect(await notProjectMembers(db.em, project.id, [])).toEqual([]);
  });
});
