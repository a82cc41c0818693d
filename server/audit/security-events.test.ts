import { describe, expect, it } from "vitest";
import { SecurityEvent } from "~/server/db/entities";
import { withOrigin } from "~/server/http/request-origin";
import { createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import {
  listSecurityEvents,
  readSecurityEventQuery,
  recordSecurityEvent,
  type SecurityEventQuery,
} from "./security-events.server";

const db = setupTestDatabase();

const everything: SecurityEventQuery = { kind: null, from: null, to: null, email: "" };

describe("recording a security event", () => {
  it("keeps who, when, from which address and browser, with the request being served", async () => {
    const admin = await createUser(db.em, { name: "Ada Admin", email: "ada@siteproof.test" });
    const project = await createProject(db.em, { name: "Harbour Tunnel" });
    const em = db.em;
    await withOrigin({ address: "203.0.113.7", userAgent: "Firefox/140" }, async () => {
      recordSecurityEvent(em, {
        kind: "member.removed",
        actorId: admin.id,
        subjectEmail: " Sam@Site.test ",
        projectId: project.id,
        details: { before: { role: "Site Engineer" } },
      });
      await em.flush();
    });
    const [event] = await db.em.find(SecurityEvent, {}, { populate: ["actor", "project"] });
    expect(event).toMatchObject({
      kind: "member.removed",
      subjectEmail: "sam@site.test",
      clientAddress: "203.0.113.7",
      userAgent: "Firefox/140",
      details: { before: { role: "Site Engineer" } },
    });
    expect(event.actor?.name).toBe("Ada Admin");
    expect(event.project?.name).toBe("Harbour Tunnel");
    expect(Date.now() - event.occurredAt.getTime()).toBeLessThan(60_000);
  });

  it("commits or rolls back with the change it describes", async () => {
    await expect(
      db.em.transactional(async (tx) => {
        recordSecurityEvent(tx, { kind: "role.deleted", details: { role: "Viewer" } });
        await tx.flush();
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db.em.count(SecurityEvent, {})).toBe(0);
  });

  it("has no address outside a request (a job, the seed)", async () => {
    const em = db.em;
    recordSecurityEvent(em, { kind: "user.deactivated", subjectEmail: "x@site.test" });
    await em.flush();
    expect(await db.em.findOneOrFail(SecurityEvent, { subjectEmail: "x@site.test" })).toMatchObject({
      clientAddress: null,
      userAgent: null,
    });
  });
});

describe("the register of security events", () => {
  async function eventsAt(rows: [string, string, string][]) {
    const em = db.em;
    for (const [occurredAt, kind, subjectEmail] of rows) {
      const event = recordSecurityEvent(em, { kind: kind as never, subjectEmail });
      event.occurredAt = new Date(occurredAt);
    }
    await em.flush();
  }

  it("lists newest first, a page at a time", async () => {
    await eventsAt([
      ["2026-03-01T08:00:00Z", "sign-in.succeeded", "a@site.test"],
      ["2026-03-03T08:00:00Z", "sign-in.failed", "b@site.test"],
      ["2026-03-02T08:00:00Z", "password.set", "c@site.test"],
    ]);
    const first = await listSecurityEvents(db.em, everything, { page: 1, pageSize: 2 });
    expect(first.total).toBe(3);
    expect(first.rows.map((row) => row.subjectEmail)).toEqual(["b@site.test", "c@site.test"]);
    const second = await listSecurityEvents(db.em, everything, { page: 2, pageSize: 2 });
    expect(second.rows.map((row) => row.subjectEmail)).toEqual(["a@site.test"]);
  });

  it("filters by kind, by UTC days (both ends included) and by email, the actor's too", async () => {
    const actor = await createUser(db.em, { email: "boss@site.test" });
    await eventsAt([
      ["2026-03-01T23:59:59Z", "sign-in.failed", "a@site.test"],
      ["2026-03-02T00:00:00Z", "sign-in.failed", "b@site.test"],
      ["2026-03-03T23:59:59Z", "sign-in.succeeded", "b@site.test"],
      ["2026-03-04T00:00:00Z", "sign-in.failed", "c@site.test"],
    ]);
    const em = db.em;
    recordSecurityEvent(em, { kind: "role.created", actorId: actor.id });
    await em.flush();
    const list = async (params: string) =>
      (
        await listSecurityEvents(db.em, readSecurityEventQuery(new URLSearchParams(params)), {
          page: 1,
          pageSize: 10,
        })
      ).rows.map((row) => `${row.kind} ${row.subjectEmail ?? row.actor?.email}`);
    expect(await list("kind=sign-in.failed&from=2026-03-02&to=2026-03-03")).toEqual([
      "sign-in.failed b@site.test",
    ]);
    expect(await list("from=2026-03-02&to=2026-03-03")).toEqual([
      "sign-in.succeeded b@site.test",
      "sign-in.failed b@site.test",
    ]);
    expect(await list("email=B@SITE")).toEqual([
      "sign-in.succeeded b@site.test",
      "sign-in.failed b@site.test",
    ]);
    expect(await list("email=boss")).toEqual(["role.created boss@site.test"]);
    // A wildcard is a character like any other.
    expect(await list("email=%25")).toEqual([]);
  });

  it("reads malformed filters as none", () => {
    expect(
      readSecurityEventQuery(new URLSearchParams("kind=drop table&from=2026-02-31&to=yesterday&email=")),
    ).toEqual(everything);
  });
});
