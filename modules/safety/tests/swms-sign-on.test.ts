import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog, type IProject } from "~/server/db/entities";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader } from "~/tests/setup/requests";
import { SafetySignOn, SafetySignOnLink, SafetySwms } from "../entities";
import * as signOnRoute from "../routes/external-swms-sign-on";
import * as swmsDetail from "../routes/swms-detail";
import { makeSwms, swmsSite } from "./swms-fixtures";

/** Workers sign on to an accepted SWMS through its QR link (decision 035, SWMS addendum). */

const db = setupTestDatabase();

const detail = (cookie: string, id: string) =>
  callLoader(swmsDetail, `/safety/swms/${id}`, { cookie, params: { id } });
const intent = (cookie: string, id: string, form: Record<string, string>) =>
  callAction(swmsDetail, `/safety/swms/${id}`, { cookie, params: { id }, form });
const signOn = (path: string, linkId: string, form: Record<string, string>) =>
  callAction(signOnRoute, path, { params: { id: linkId }, form });
const signOnPage = (path: string, linkId: string) =>
  callLoader(signOnRoute, path, { params: { id: linkId } });
const signOnsOf = (swmsId: string) =>
  db.em.find(SafetySignOn, { subjectType: "swms", subjectId: swmsId }, { filters: false });
const activityOf = async (swmsId: string) =>
  (
    await db.em.find(ActivityLog, { entityId: swmsId }, { orderBy: { createdAt: "asc" }, filters: false })
  ).map((row) => row.action);

async function english(messages: string[] | null | undefined) {
  const t = await serverT("en", "safety");
  return (messages ?? []).map((text) => translateMessage(t as never, text));
}

/** An accepted SWMS of the scaffolding company, its code shown by the reviewer. */
async function acceptedWithLink(project: IProject) {
  const site = await swmsSite(db.em, project);
  const swms = await makeSwms(db.em, project, {
    number: "SWMS-0001",
    company: site.scaffold,
    status: "accepted",
    createdBy: site.author.user.id,
  });
  expect((await intent(site.reviewer.cookie, swms.id, { intent: "sign-on-open" })).status).toBe(302);
  const page = await detail(site.reviewer.cookie, swms.id);
  const path: string = page.data.signOn.link.path;
  const linkId = new URL(path, "http://localhost:3000").pathname.split("/")[3];
  return { site, swms, path, linkId };
}

describe("workers signing on to a SWMS", () => {
  it("shows the code to a reviewer, takes one signature per person, lists the workers to every viewer", async () => {
    const project = await createProject(db.em);
    const { site, swms, path, linkId } = await acceptedWithLink(project);
    expect(path).toMatch(/^\/external\/swms\/[0-9a-f-]+\/sign-on\?token=/);

    const opened = await signOnPage(path, linkId);
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({
      state: "valid",
      swms: { number: "SWMS-0001", title: "Erect scaffold to level 3", company: "Scaffold Co" },
    });

    const signed = await signOn(path, linkId, {
      name: "Dao Van",
      company: "Scaffold Co",
      signatureTypedName: "Dao",
    });
    expect(signed.status).toBe(302);
    expect(signed.location).toBe(`${path}&signed=Dao%20Van`);
    const again = await signOn(path, linkId, {
      name: " dao  VAN ",
      company: "scaffold co",
      signatureTypedName: "D",
    });
    expect(again.status).toBe(409);
    expect(await english(again.data.error[""])).toEqual(["This person has already signed on to this SWMS."]);
    expect((await signOnsOf(swms.id)).map((row) => row.name)).toEqual(["Dao Van"]);

    // Every viewer sees the workers; only who may manage it sees the code.
    const viewed = await detail(site.viewer.cookie, swms.id);
    expect(viewed.data.signOn).toMatchObject({
      canManage: false,
      link: null,
      workers: [{ name: "Dao Van" }],
    });
    // A viewer may not show a code: the manifest's intent permission.
    expect((await intent(site.viewer.cookie, swms.id, { intent: "sign-on-open" })).status).toBe(403);
    expect(await activityOf(swms.id)).toEqual(["sign-on-link-opened", "worker-signed-on"]);
  });

  it("refuses a form with bad input and writes nothing", async () => {
    const project = await createProject(db.em);
    const { swms, path, linkId } = await acceptedWithLink(project);
    expect((await signOn(path, linkId, { name: " ", company: "" })).status).toBe(400);
    expect((await signOn(path, linkId, { name: "Eve Ng", company: "X" })).status).toBe(400);
    expect(
      (await signOn(path, linkId, { name: "x".repeat(201), company: "X", signatureTypedName: "x" })).status,
    ).toBe(400);
    expect(await signOnsOf(swms.id)).toEqual([]);
  });

  it("answers a SWMS no longer accepted like a revoked link, and a revoked or bad link 410 / 404", async () => {
    const project = await createProject(db.em);
    const { site, swms, path, linkId } = await acceptedWithLink(project);
    const token = new URL(path, "http://x").searchParams.get("token") ?? "";
    expect((await signOnPage(`/external/swms/${linkId}/sign-on?token=nope`, linkId)).status).toBe(404);
    // Another link id with this token names nothing.
    const other = "00000000-0000-4000-8000-000000000000";
    expect((await signOnPage(`/external/swms/${other}/sign-on?token=${token}`, other)).status).toBe(404);

    await db.em.nativeUpdate(SafetySwms, { id: swms.id }, { status: "review_needed" }, { filters: false });
    const closed = await signOnPage(path, linkId);
    expect(closed.status).toBe(410);
    expect(closed.data).toEqual({ state: "revoked" });
    expect((await signOn(path, linkId, { name: "A B", company: "C", signatureTypedName: "A" })).status).toBe(
      410,
    );
    // No code is offered nor shown for a SWMS that is not accepted.
    expect((await detail(site.reviewer.cookie, swms.id)).data.signOn).toMatchObject({
      canManage: false,
      link: null,
    });
    expect((await intent(site.reviewer.cookie, swms.id, { intent: "sign-on-open" })).status).toBe(302);
    expect(await db.em.count(SafetySignOnLink, { subjectId: swms.id }, { filters: false })).toBe(1);

    await db.em.nativeUpdate(SafetySwms, { id: swms.id }, { status: "accepted" }, { filters: false });
    expect((await signOnPage(path, linkId)).status).toBe(200);
    expect((await intent(site.reviewer.cookie, swms.id, { intent: "sign-on-revoke", linkId })).status).toBe(
      302,
    );
    const revoked = await signOnPage(path, linkId);
    expect(revoked.status).toBe(410);
    expect(revoked.data).toEqual({ state: "revoked" });
    expect((await signOn(path, linkId, { name: "A B", company: "C", signatureTypedName: "A" })).status).toBe(
      410,
    );
    expect(await signOnsOf(swms.id)).toEqual([]);
    expect(await activityOf(swms.id)).toEqual(["sign-on-link-opened", "sign-on-link-revoked"]);
  });
});
