import { describe, expect, it } from "vitest";
import { EXTERNAL_FORM_LIMITS } from "~/server/auth/rate-limit.server";
import { ActivityLog } from "~/server/db/entities";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, cookieFrom } from "~/tests/setup/requests";
import { IN_OUT_ENTITY_TYPE } from "../domain/in-out";
import { OperationInOutGate, OperationInOutRecord } from "../in-out-entities";
import * as gateRoute from "../routes/external-in-out";
import * as inOutRoute from "../routes/in-out";
import { english, inOutSite } from "./in-out-fixtures";

/** Signing in and out at the gate through its QR link, without an account or JavaScript (decision 040). */

const db = setupTestDatabase();

const gateForm = (name: string, extra: Record<string, string> = {}) => ({
  intent: "sign-in",
  name,
  company: "Scaffold Co",
  role: "Scaffolder",
  kind: "worker",
  inducted: "on",
  ...extra,
});
const linkIdOf = (path: string) => new URL(path, "http://localhost:3000").pathname.split("/")[3];
const open = (path: string, cookie?: string) =>
  callLoader(gateRoute, path, { params: { id: linkIdOf(path) }, cookie: cookie ?? null });
const send = (path: string, form: Record<string, string>, cookie?: string, clientAddress?: string) =>
  callAction(gateRoute, path, {
    params: { id: linkIdOf(path) },
    form,
    cookie: cookie ?? null,
    clientAddress,
  });
const recordsOf = (projectId: string) =>
  db.em.find(OperationInOutRecord, { project: projectId }, { filters: false, orderBy: { name: "asc" } });

async function gateOf(cookie: string) {
  expect(
    (await callAction(inOutRoute, "/operation/in-out", { cookie, form: { intent: "gate-open" } })).status,
  ).toBe(302);
  const page = await callLoader(inOutRoute, "/operation/in-out", { cookie });
  return page.data.gate as { gateId: string; path: string; qr: string };
}

describe("the gate's QR link", () => {
  it("shows a QR code to those who sign people in; a worker signs in once and signs out from the same phone", async () => {
    const project = await createProject(db.em);
    const { supervisor } = await inOutSite(db.em, project);
    const gate = await gateOf(supervisor.cookie);
    expect(gate.path).toMatch(/^\/external\/in-out\/[0-9a-f-]+\?token=/);
    expect(gate.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    // Only the token's hash is stored.
    const stored = await db.em.findOneOrFail(OperationInOutGate, gate.gateId, { filters: false });
    expect(gate.path).not.toContain(stored.tokenHash);

    const page = await open(gate.path);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ state: "valid", projectName: project.name, onSite: null });

    const signed = await send(gate.path, gateForm("Dao Van"));
    expect(signed.status).toBe(302);
    expect(signed.location).toBe(`${gate.path}&done=in&name=Dao%20Van`);
    const phone = cookieFrom(signed.headers.get("Set-Cookie"));
    expect(await recordsOf(project.id)).toHaveLength(1);
    expect((await recordsOf(project.id))[0]).toMatchObject({ signedInVia: "gate", name: "Dao Van" });

    // The same phone is remembered: the page offers Sign out.
    expect((await open(gate.path, phone)).data.onSite).toMatchObject({
      name: "Dao Van",
      company: "Scaffold Co",
    });
    // Another phone typing the same person is refused.
    const again = await send(gate.path, gateForm("DAO VAN"));
    expect(again.status).toBe(409);
    expect(await english(again.data.error[""])).toEqual([
      "This person is already signed in. Sign them out first.",
    ]);
    // A phone without a sign-in cannot sign anyone out.
    expect((await send(gate.path, { intent: "sign-out" })).status).toBe(409);

    const out = await send(gate.path, { intent: "sign-out" }, phone);
    expect(out.status).toBe(302);
    expect(out.location).toBe(`${gate.path}&done=out&name=Dao%20Van`);
    expect((await recordsOf(project.id))[0]).toMatchObject({ signOutKind: "gate" });
    const log = await db.em.find(
      ActivityLog,
      { entityType: IN_OUT_ENTITY_TYPE, entityId: project.id },
      { filters: false, orderBy: { createdAt: "asc" } },
    );
    expect(log.map((row) => [row.action, row.actor])).toEqual([
      ["gate-link-opened", expect.anything()],
      ["signed-in", null],
      ["signed-out", null],
    ]);
  });

  it("refuses a bad form, a worker without induction, and a link that is wrong, revoked or expired, writing nothing", async () => {
    const project = await createProject(db.em);
    const { supervisor } = await inOutSite(db.em, project);
    const gate = await gateOf(supervisor.cookie);
    const uninducted = await send(gate.path, gateForm("Dao Van", { inducted: "" }));
    expect(uninducted.status).toBe(400);
    expect((await send(gate.path, gateForm(""))).status).toBe(400);

    const wrong = gate.path.replace(/token=[^&]+/, "token=not-the-token");
    expect((await open(wrong)).status).toBe(404);
    expect((await send(wrong, gateForm("Dao Van"))).status).toBe(404);

    // A new code ends the old one.
    const renewed = await gateOf(supervisor.cookie);
    expect(renewed.gateId).not.toBe(gate.gateId);
    expect((await open(gate.path)).data).toEqual({ state: "revoked" });
    expect((await send(gate.path, gateForm("Dao Van"))).status).toBe(410);

    // End code: revoked.
    expect(
      (
        await callAction(inOutRoute, "/operation/in-out", {
          cookie: supervisor.cookie,
          form: { intent: "gate-revoke", gateId: renewed.gateId },
        })
      ).status,
    ).toBe(302);
    expect((await open(renewed.path)).status).toBe(410);

    const third = await gateOf(supervisor.cookie);
    const em = db.em;
    const row = await em.findOneOrFail(OperationInOutGate, third.gateId, { filters: false });
    row.expiresAt = new Date(Date.now() - 1000);
    await em.flush();
    expect((await open(third.path)).data).toEqual({ state: "expired" });
    expect((await send(third.path, gateForm("Dao Van"))).status).toBe(410);
    expect(await recordsOf(project.id)).toHaveLength(0);
  });

  it("limits the posts from one address", async () => {
    const project = await createProject(db.em);
    const { supervisor } = await inOutSite(db.em, project);
    const gate = await gateOf(supervisor.cookie);
    expect(EXTERNAL_FORM_LIMITS.perAddress).toBeGreaterThan(50);
    for (let i = 0; i < EXTERNAL_FORM_LIMITS.perAddress; i++)
      expect((await send(gate.path, { intent: "sign-out" }, undefined, "203.0.113.9")).status).toBe(409);
    const limited = await send(gate.path, gateForm("Dao Van"), undefined, "203.0.113.9");
    expect(limited.status).toBe(429);
    expect(await recordsOf(project.id)).toHaveLength(0);
    // Another address is not held back.
    expect((await send(gate.path, gateForm("Dao Van"), undefined, "203.0.113.10")).status).toBe(302);
  });
});
