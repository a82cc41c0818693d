import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setAccCostForTests } from "~/plugins/acc/index.server";
import { type FakeAccCost, startFakeAccCost } from "~/plugins/acc/testing/fake-acc-cost-server";
import { EXTERNAL_FORM_LIMITS } from "~/server/auth/rate-limit.server";
import { ActivityLog } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { createCompany, createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction, callLoader, signedInMember } from "~/tests/setup/requests";
import { DocketSigningLink } from "../docket-signing-entities";
import { DOCKET_ENTITY_TYPE } from "../domain/docket-posting-state";
import { DOCKET_PERMISSIONS } from "../domain/docket-workflow";
import { Docket } from "../entities";
import * as accSettings from "../routes/acc-connection-settings";
import * as signingLink from "../routes/docket-signing-link";
import * as externalSign from "../routes/external-docket-sign";
import { docketSigningData } from "../server/docket-signing.server";
import { makeDocket } from "./docket-posting-fixtures";

const db = setupTestDatabase();
const P = DOCKET_PERMISSIONS;

async function site(status: "submitted" | "in_review" | "draft" = "in_review") {
  const em = db.em;
  const project = await createProject(em);
  const company = await createCompany(em, { name: "Level Best Formwork" });
  const engineer = await signedInMember(em, project, [P.view, P.submit]);
  const docket = await makeDocket(em, project, {
    status,
    company,
    items: [
      { code: "FW-1", quantity: "12.000", unitPriceCents: 8500 },
      { code: "FW-2", quantity: "3.000", unitPriceCents: 12000 },
    ],
  });
  const makeLink = () =>
    callAction(signingLink, `/dockets/${docket.id}/signing-link`, {
      cookie: engineer.cookie,
      params: { id: docket.id },
      form: { intent: "create" },
    });
  const panel = () =>
    docketSigningData({ em: scopeToProject(db.em, project.id), project, can: () => true } as never, docket);
  const tokenOf = (url: string) => decodeURIComponent(url.split("/external/dockets/sign/")[1]);
  return { em, project, engineer, docket, makeLink, panel, tokenOf };
}

const open = (token: string) =>
  callLoader(externalSign, `/external/dockets/sign/${token}`, { params: { token } });
const sign = (token: string, form: Record<string, string>, clientAddress = "203.0.113.5") =>
  callAction(externalSign, `/external/dockets/sign/${token}`, { params: { token }, form, clientAddress });

describe("the supervisor's signing link", () => {
  it("shows the docket without an account and takes a typed name and the confirmation in a plain form post", async () => {
    const { em, docket, makeLink, panel, tokenOf } = await site();
    expect((await makeLink()).status).toBe(302);
    const { link } = await panel();
    expect(link?.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const token = tokenOf(link?.url ?? "");

    const page = await open(token);
    expect(page.data).toMatchObject({
      state: "valid",
      docket: { number: docket.number, company: "Level Best Formwork", totalCents: 138000 },
    });
    expect(page.data.docket.items.map((item: { amountCents: number }) => item.amountCents)).toEqual([
      102000, 36000,
    ]);

    const missing = await sign(token, { name: " " });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.data.error).sort()).toEqual(["confirm", "name"]);
    const signed = await sign(token, { name: "Sam  Supervisor", confirm: "on" });
    expect(signed.data).toEqual({ state: "signed", name: "Sam Supervisor" });

    const after = await db.em.findOneOrFail(Docket, docket.id, { filters: false });
    expect(after.supervisorName).toBe("Sam Supervisor");
    expect(after.supervisorSignedAt).toBeInstanceOf(Date);
    expect(after.status).toBe("in_review");
    const entries = await em.find(
      ActivityLog,
      { entityType: DOCKET_ENTITY_TYPE, entityId: docket.id },
      { filters: false, orderBy: { createdAt: "asc" } },
    );
    expect(entries.map((entry) => entry.action)).toEqual(["signing-link-created", "supervisor-signed"]);
    expect(entries[1].actor).toBeNull();

    // Used once: the page and a second post say so, and change nothing.
    expect((await open(token)).data).toEqual({ state: "used" });
    expect((await sign(token, { name: "Someone Else", confirm: "on" })).data).toEqual({ state: "used" });
    expect((await db.em.findOneOrFail(Docket, docket.id, { filters: false })).supervisorName).toBe(
      "Sam Supervisor",
    );
  });

  it("a revoked, a replaced, an expired or an unknown link says so", async () => {
    const { docket, engineer, makeLink, panel, tokenOf } = await site("submitted");
    await makeLink();
    const first = (await panel()).link;
    const firstToken = tokenOf(first?.url ?? "");
    await makeLink();
    expect((await open(firstToken)).data).toEqual({ state: "revoked" });
    const second = (await panel()).link;
    await callAction(signingLink, `/dockets/${docket.id}/signing-link`, {
      cookie: engineer.cookie,
      params: { id: docket.id },
      form: { intent: "revoke", linkId: second?.id ?? "" },
    });
    expect((await open(tokenOf(second?.url ?? ""))).data).toEqual({ state: "revoked" });
    expect((await panel()).link).toBeNull();

    await makeLink();
    const third = (await panel()).link;
    await db.em.nativeUpdate(
      DocketSigningLink,
      { id: third?.id },
      { expiresAt: new Date(Date.now() - 1000) },
      { filters: false },
    );
    expect((await open(tokenOf(third?.url ?? ""))).data).toEqual({ state: "expired" });
    expect((await sign(tokenOf(third?.url ?? ""), { name: "Late Larry", confirm: "on" })).data).toEqual({
      state: "expired",
    });
    expect((await open("not-a-token")).data).toEqual({ state: "invalid" });
  });

  it("only a docket sent for approval gets a link; a link stops when the docket moves on", async () => {
    const draft = await site("draft");
    const refused = await draft.makeLink();
    expect(refused.status).toBe(302);
    expect(await db.em.count(DocketSigningLink, { docket: draft.docket.id }, { filters: false })).toBe(0);

    const { docket, makeLink, panel, tokenOf } = await site();
    await makeLink();
    const token = tokenOf((await panel()).link?.url ?? "");
    await db.em.nativeUpdate(Docket, { id: docket.id }, { status: "approved" }, { filters: false });
    expect((await open(token)).data).toEqual({ state: "not-signable" });
  });

  it("counts the posts of an address to a link and refuses past the limit, writing nothing", async () => {
    const { docket, makeLink, panel, tokenOf } = await site();
    await makeLink();
    const token = tokenOf((await panel()).link?.url ?? "");
    let refused = null;
    for (let attempt = 0; attempt <= EXTERNAL_FORM_LIMITS.perAddress && !refused; attempt++) {
      const answer = await sign(token, { name: "x" }, "198.51.100.9");
      if (answer.status === 429) refused = answer;
    }
    expect(refused?.data.error[""]).toEqual(["dockets:signing.tooMany"]);
    expect((await sign(token, { name: "Sam Supervisor", confirm: "on" }, "198.51.100.9")).status).toBe(429);
    expect((await db.em.findOneOrFail(Docket, docket.id, { filters: false })).supervisorName).toBeNull();
    // Another address still signs.
    expect((await sign(token, { name: "Sam Supervisor", confirm: "on" }, "198.51.100.10")).data.state).toBe(
      "signed",
    );
  });
});

describe("the ACC connection settings", () => {
  let fake: FakeAccCost;
  beforeAll(async () => {
    fake = await startFakeAccCost();
    fake.budgets.push(
      { id: "b-1", code: "CA-100", name: "Excavation" },
      { id: "b-2", code: "CA-200", name: "Formwork" },
    );
    setAccCostForTests({ baseUrl: fake.url, retry: { retries: 0 } });
  });
  afterAll(async () => {
    setAccCostForTests();
    await fake.close();
  });

  it("saves the connection without ever sending the secret back, tests it, logs changes without the secret", async () => {
    const em = db.em;
    const project = await createProject(em);
    const admin = await signedInMember(em, project, [P.viewSettings, P.createSettings]);
    const viewer = await signedInMember(em, project, [P.viewSettings]);
    const path = "/dockets/settings/acc";
    const load = (cookie = admin.cookie) => callLoader(accSettings, path, { cookie });
    const post = (form: Record<string, string>, cookie = admin.cookie) =>
      callAction(accSettings, path, { cookie, form });

    expect((await load()).data.connection.status).toEqual({ connected: false, reason: "not-configured" });
    const noSecret = await post({ intent: "save", clientId: fake.clientId, containerId: fake.containerId });
    expect(noSecret.status).toBe(400);
    expect(noSecret.data.error.clientSecret).toEqual(["dockets:acc.secretRequired"]);
    expect(
      (await post({ intent: "save", clientId: "x", clientSecret: "y", containerId: "z" }, viewer.cookie))
        .status,
    ).toBe(403);

    const saved = await post({
      intent: "save",
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      containerId: fake.containerId,
      baseUrl: fake.url,
    });
    expect(saved.status).toBe(302);
    const page = await load(viewer.cookie);
    expect(page.data.connection.status).toEqual({ connected: true, containerId: fake.containerId });
    expect(page.data.connection.hasSecret).toBe(true);
    expect(page.data.canSave).toBe(false);
    expect(JSON.stringify(page.data)).not.toContain(fake.clientSecret);

    expect((await post({ intent: "test" }, viewer.cookie)).data).toEqual({ test: { ok: true, budgets: 2 } });

    // A blank secret keeps the stored one; a wrong one shows ACC's refusal on test.
    await post({
      intent: "save",
      clientId: fake.clientId,
      clientSecret: "",
      containerId: fake.containerId,
      baseUrl: fake.url,
    });
    expect((await post({ intent: "test" })).data.test.ok).toBe(true);
    await post({
      intent: "save",
      clientId: fake.clientId,
      clientSecret: "wrong",
      containerId: fake.containerId,
      baseUrl: fake.url,
    });
    const failed = (await post({ intent: "test" })).data.test;
    expect(failed.ok).toBe(false);
    expect(failed.message).toMatch(/401|not valid/i);

    const entries = await em.find(
      ActivityLog,
      { entityId: project.id, entityType: "dockets.acc-connection" },
      { filters: false },
    );
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      "acc-connection-changed",
      "acc-connection-changed",
      "acc-connection-created",
    ]);
    const logged = JSON.stringify(entries.map((entry) => [entry.before, entry.after]));
    expect(logged).not.toContain(fake.clientSecret);
    expect(logged).not.toContain("wrong");

    expect((await post({ intent: "remove" })).status).toBe(302);
    expect((await load()).data.connection.status.connected).toBe(false);
  });
});
