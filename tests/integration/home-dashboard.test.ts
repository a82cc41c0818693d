/**
 * The home dashboard (/) built from the modules' home.widgets: quality's card is its first real use. A
 * cross-module test, so it lives outside both modules.
 */
import { describe, expect, it } from "vitest";
import * as home from "~/modules/home/routes/home";
import { Lot } from "~/modules/quality/entities";
import { makeAction, safetySite } from "~/modules/safety/tests/fixtures";
import { ProjectModule } from "~/server/db/entities";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { callLoader, signedInMember } from "~/tests/setup/requests";

const db = setupTestDatabase();

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function projectWithLots() {
  const project = await createProject(db.em, { name: "Harbour Tunnel" });
  const em = db.em;
  em.create(Lot, { project, number: "LOT-0001", title: "Pier 1 footing", status: "open" });
  em.create(Lot, {
    project,
    number: "LOT-0002",
    title: "Pier 2 footing",
    status: "active",
    subStatus: "engineer_review",
  });
  em.create(Lot, {
    project,
    number: "LOT-0003",
    title: "Deck pour",
    status: "active",
    subStatus: "work_started",
    lotCloseTarget: daysFromToday(-3),
  });
  em.create(Lot, {
    project,
    number: "LOT-0004",
    title: "Old abutment",
    status: "closed",
    subStatus: null,
    lotCloseTarget: daysFromToday(-30),
  });
  await em.flush();
  return project;
}

describe("home dashboard", () => {
  it("shows the project engineer the lots at their review step and quality's card with its counts", async () => {
    const project = await projectWithLots();
    const { cookie } = await signedInMember(db.em, project, [
      "quality.lot.view",
      "quality.lot.internal-review",
    ]);
    const page = await callLoader(home, "/", { cookie });
    expect(page.status).toBe(200);
    expect(page.data.tabs).toEqual(["overview"]);
    expect(page.data.waiting).toEqual([
      expect.objectContaining({
        label: "LOT-0002 · Pier 2 footing",
        detail: "Active · Project Engineer review",
        overdue: false,
      }),
    ]);
    const [quality] = page.data.cards;
    expect(quality.title).toBe("Quality");
    expect(quality.counts).toEqual([
      { label: "Open lots", value: 3, href: "/quality/lot" },
      // One review step waits for them: the count opens the register listing exactly those lots.
      {
        label: "Lots waiting for you",
        value: 1,
        href: "/quality/lot?status=active&subStatus=engineer_review",
        tone: "attention",
      },
      { label: "Lots past their target close", value: 1, tone: "overdue" },
    ]);
  });

  it("shows the site team the open lots past their target close, overdue first", async () => {
    const project = await projectWithLots();
    const { cookie } = await signedInMember(db.em, project, [
      "quality.lot.view",
      "quality.lot.update-status",
    ]);
    const page = await callLoader(home, "/", { cookie });
    expect(page.data.waiting).toEqual([
      expect.objectContaining({
        label: "LOT-0003 · Deck pour",
        detail: "Active · Work started · Target close date passed",
        dueOn: daysFromToday(-3),
        overdue: true,
      }),
    ]);
  });

  it("has no quality card for a member without quality permissions, and says so", async () => {
    const project = await projectWithLots();
    const { cookie } = await signedInMember(db.em, project, []);
    const page = await callLoader(home, "/", { cookie });
    expect(page.data.cards).toEqual([]);
    expect(page.data.waiting).toEqual([]);
  });

  it("has no quality card when quality is switched off for the project", async () => {
    const project = await projectWithLots();
    const em = db.em;
    em.create(ProjectModule, { project, moduleId: "quality", enabled: false });
    await em.flush();
    const { cookie } = await signedInMember(db.em, project, ["quality.lot.view"]);
    const page = await callLoader(home, "/", { cookie });
    expect(page.data.cards).toEqual([]);
  });

  it("shows safety's card: open actions overdue and due this week, and the overdue ones assigned to me", async () => {
    const project = await createProject(db.em, { name: "Harbour Tunnel" });
    const { engineer, worker } = await safetySite(db.em, project);
    const mine = { assignee: worker.user, createdBy: engineer.user };
    await makeAction(db.em, project, { number: "ACT-0001", ...mine, dueDate: daysFromToday(-3) });
    await makeAction(db.em, project, {
      number: "ACT-0002",
      assignee: engineer.user,
      dueDate: daysFromToday(-1),
    });
    await makeAction(db.em, project, { number: "ACT-0003", ...mine, dueDate: daysFromToday(2) });
    await makeAction(db.em, project, {
      number: "ACT-0004",
      ...mine,
      dueDate: daysFromToday(-5),
      status: "completed",
    });
    const page = await callLoader(home, "/home-view/home", { cookie: worker.cookie });
    const safety = page.data.cards.find((card: { key: string }) => card.key === "safety.safety-actions");
    expect(safety.title).toBe("Safety actions");
    expect(
      safety.counts.map((count: { label: string; value: number }) => [count.label, count.value]),
    ).toEqual([
      ["Overdue", 2],
      ["Due in the next 7 days", 1],
      ["Overdue actions assigned to you", 1],
    ]);
  });
});
