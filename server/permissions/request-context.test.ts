import { describe, expect, it } from "vitest";
import { Project, ProjectModule, Session, User } from "~/server/db/entities";
import { addMember, createProject, createRole, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { signedInMember, signIn } from "~/tests/setup/requests";
import { requestContext } from "./guard.server";

const db = setupTestDatabase();

const contextFor = (cookie: string) =>
  requestContext(new Request("http://localhost:3000/quality/lot", { headers: { Cookie: cookie } }));

/** The guard reads the requester in one query and hydrates entities from it: they must behave as loaded ones. */
describe("request context", () => {
  it("holds the session, user, project, membership with its role and what the role grants", async () => {
    const project = await createProject(db.em, { name: "Harbour Bridge" });
    const { user, cookie } = await signedInMember(db.em, project, ["quality.lot.view"]);
    const context = await contextFor(cookie);
    expect(context.user?.id).toBe(user.id);
    expect(context.user?.email).toBe(user.email);
    expect(context.project?.name).toBe("Harbour Bridge");
    expect(context.session?.expiresAt).toBeInstanceOf(Date);
    expect(context.membership?.role?.grantedActions).toEqual(["quality.lot.view"]);
    expect(context.can("quality.lot.view")).toBe(true);
    expect(context.can("quality.lot.create")).toBe(false);
    expect(context.disabledModules).toEqual(new Set());
  });

  it("leaves nothing to write: flushing the request's entity manager changes no row", async () => {
    const project = await createProject(db.em);
    const { cookie } = await signedInMember(db.em, project, ["quality.lot.view"]);
    const { em } = await contextFor(cookie);
    const uow = em.getUnitOfWork();
    uow.computeChangeSets();
    expect(uow.getChangeSets()).toEqual([]);
  });

  it("writes a change to the session as a loaded entity would", async () => {
    const project = await createProject(db.em);
    const other = await createProject(db.em);
    const { user, cookie } = await signedInMember(db.em, project, []);
    await addMember(db.em, { project: other, user, role: await createRole(db.em, {}) });
    const { em, session } = await contextFor(cookie);
    session!.currentProject = em.getReference(Project, other.id);
    await em.flush();
    const stored = await db.em.fork().findOneOrFail(Session, { id: session!.id });
    expect(stored.currentProject?.id).toBe(other.id);
  });

  it("reads the modules switched off in the current project, and what a global role grants", async () => {
    const project = await createProject(db.em);
    const globalRole = await createRole(db.em, { grantedActions: ["global-settings.members.view-global"] });
    const { user, cookie } = await signedInMember(db.em, project, []);
    await db.em.nativeUpdate(User, { id: user.id }, { globalRole: globalRole.id });
    const em = db.em;
    em.create(ProjectModule, { project, moduleId: "quality", enabled: false } as never);
    await em.flush();
    const context = await contextFor(cookie);
    expect(context.disabledModules).toEqual(new Set(["quality"]));
    expect(context.canGlobal("global-settings.members.view-global")).toBe(true);
  });

  it("answers an expired session as expired, a switched-off user as signed out, and a member removed from the project without it", async () => {
    const project = await createProject(db.em);
    const { user, cookie } = await signedInMember(db.em, project, []);
    await db.em.nativeUpdate(Session, { user: user.id }, { expiresAt: new Date(Date.now() - 1000) });
    expect(await contextFor(cookie)).toMatchObject({ session: null, sessionExpired: true, user: null });

    const inactive = await createUser(db.em, { isActive: false });
    expect(await contextFor(await signIn(db.em, inactive))).toMatchObject({
      user: null,
      sessionExpired: true,
    });

    const outsider = await createUser(db.em);
    const outsiderCookie = await signIn(db.em, outsider, { projectId: project.id });
    const context = await contextFor(outsiderCookie);
    expect(context.user?.id).toBe(outsider.id);
    expect(context.project).toBeNull();
    expect(context.membership).toBeNull();
  });
});
