import { describe, expect, it } from "vitest";
import { SecurityEvent } from "~/server/db/entities";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callAction } from "~/tests/setup/requests";
import * as externalItp from "../routes/external-itp";
import * as internalReview from "../routes/itp-internal-review";
import { mailsTo, makeItp, memberWith } from "./itp-fixtures";

const db = setupTestDatabase();

describe("a decision through the client's review link", () => {
  it("is a security event: the link's recipient, the decision, the reviewer's name and address", async () => {
    const project = await createProject(db.em, { name: "Harbour Bridge" });
    const author = await memberWith(db.em, project, ["quality.itp.view", "quality.itp.edit"]);
    const quinn = await memberWith(db.em, project, ["quality.itp.view", "quality.itp.internal-review"]);
    const itp = await makeItp(db.em, project, { status: "internal_review", submittedBy: author.user });
    await callAction(internalReview, `/quality/itp/internal-review/${itp.id}`, {
      cookie: quinn.cookie,
      params: { id: itp.id },
      form: {
        decision: "send_external",
        reviewerName: "Quinn",
        clientName: "Carl Client",
        clientEmail: "carl@client.test",
      },
    });
    const [mail] = await mailsTo(db.em, "carl@client.test");
    const token = mail.text.match(/token=([A-Za-z0-9_-]+)/)![1];
    // Sending the link is no decision yet.
    expect(await db.em.count(SecurityEvent, { kind: "external-link.decided" })).toBe(0);

    const path = `/external/itp/${itp.id}?token=${token}`;
    const refused = await callAction(externalItp, path, {
      params: { id: itp.id },
      form: { token, decision: "rejected", reviewerName: "Carl" },
      clientAddress: "192.0.2.44",
    });
    expect(refused.status).toBe(400);
    expect(await db.em.count(SecurityEvent, { kind: "external-link.decided" })).toBe(0);

    const decided = await callAction(externalItp, path, {
      params: { id: itp.id },
      form: {
        token,
        decision: "rejected",
        reviewerName: "Carl Client",
        comment: "Hold point 2 lacks a witness.",
      },
      clientAddress: "192.0.2.44",
      headers: { "User-Agent": "Safari/18" },
    });
    expect(decided.status).toBe(302);
    const [event] = await db.em.find(
      SecurityEvent,
      { kind: "external-link.decided" },
      { populate: ["project"] },
    );
    expect(event).toMatchObject({
      actor: null,
      subjectEmail: "carl@client.test",
      project: { name: "Harbour Bridge" },
      clientAddress: "192.0.2.44",
      userAgent: "Safari/18",
      details: {
        module: "quality",
        record: itp.number,
        revision: 0,
        action: "external_reject",
        decision: "rejected",
        reviewerName: "Carl Client",
      },
    });
  });
});
