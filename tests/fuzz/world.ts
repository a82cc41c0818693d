import type { EntityManager } from "@mikro-orm/postgresql";
import { User } from "~/server/db/entities";
import { addMember, createProject, createRole, createUser } from "~/tests/factories";
import { signIn } from "~/tests/setup/requests";
import type { FuzzWorld } from "./targets";

/** A project with a member holding every right (in the project and globally) and one holding none. */
export async function makeWorld(fork: () => EntityManager): Promise<FuzzWorld> {
  const em = fork();
  const project = await createProject(em, { name: "Fuzz Bridge" });
  const everything = await createRole(em, { name: "Everything", fullAccess: true });
  const nothing = await createRole(em, { name: "Nothing", grantedActions: [] });
  const rightful = await createUser(em, { name: "Rita Rights" });
  const rightless = await createUser(em, { name: "Nora None" });
  await addMember(em, { project, user: rightful, role: everything });
  await addMember(em, { project, user: rightless, role: nothing });
  await em.nativeUpdate(User, { id: rightful.id }, { globalRole: everything.id });
  return {
    get em() {
      return fork();
    },
    project,
    withRights: { user: rightful, cookie: await signIn(em, rightful, { projectId: project.id }) },
    withoutRights: { user: rightless, cookie: await signIn(em, rightless, { projectId: project.id }) },
  };
}
