import { describe, expect, it } from "vitest";
import { readProjectSettings } from "~/server/settings/settings.server";
import { createProject, createUser } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { DEMO_CLIENT_EMAIL_TEMPLATE, seedQualitySettings } from "./quality-settings";

const db = setupTestDatabase();

describe("demo quality settings", () => {
  it("customises the client's hold point mail and the notification choices, valid for the manifest's forms", async () => {
    const project = await createProject(db.em);
    const admin = await createUser(db.em);
    await seedQualitySettings(db.em, project, admin);
    await seedQualitySettings(db.em, project, admin);

    const holdPoints = await readProjectSettings(db.em, project.id, "quality", "holdPoints");
    // Values the schema refused would read back as the defaults.
    expect(holdPoints).toEqual({ clientEmailTemplate: DEMO_CLIENT_EMAIL_TEMPLATE, linkLifetimeDays: 10 });
    for (const placeholder of ["{clientName}", "{projectName}", "{lotNumber}", "{points}", "{dueOn}"])
      expect(DEMO_CLIENT_EMAIL_TEMPLATE).toContain(placeholder);
    const lot = await readProjectSettings(db.em, project.id, "quality", "lotNotifications");
    expect(lot).toMatchObject({
      lotClosed: "in-app",
      defectDisputed: "in-app",
      lotSubmitted: "in-app-and-email",
    });
    const itp = await readProjectSettings(db.em, project.id, "quality", "itpNotifications");
    expect(itp).toMatchObject({
      itpInternalApprovedSendInternal: "in-app",
      itpSubmitted: "in-app-and-email",
    });
  });
});
