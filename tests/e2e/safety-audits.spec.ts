import { scopeToProject } from "~/server/db/project-scope";
import { createLocation } from "~/server/locations/locations.server";
import { expect, test } from "./fixtures";

/**
 * SHE audits end to end (decision 036): the HSSE manager schedules an audit of a yard and its gate with a
 * site engineer as auditor; the auditor assesses both locations; the lead rejects one, asks for an amendment
 * of the other and approves it once amended; the report is compiled, completion is refused without a signed
 * report, the signed report is uploaded, and the audit completes — a second completion is refused with the
 * spec's words.
 */
test("an audit scheduled, assessed at two locations, reviewed, signed and completed once", async ({
  team,
  serverDatabase,
}) => {
  test.setTimeout(120_000);
  const project = await team.project();
  const em = serverDatabase.em();
  const yardName = team.unique("Laydown yard");
  const yard = await createLocation(
    { em: scopeToProject(em, project.id), projectId: project.id, actorId: null },
    { name: yardName, parentId: null },
  );
  if (!yard.ok) throw new Error("location not created");
  await createLocation(
    { em: scopeToProject(em, project.id), projectId: project.id, actorId: null },
    { name: "Gate", parentId: yard.value.id },
  );
  const lead = await team.add("HSSE Manager");
  const auditor = await team.add("Site Engineer");
  const leadPage = await team.signedInPage(lead);
  const auditorPage = await team.signedInPage(auditor);
  const task = team.unique("Monthly SHE audit");
  let scheduleUrl = "";

  await test.step("the lead schedules the audit with the auditor", async () => {
    await leadPage.goto("/safety/audit");
    await leadPage.getByRole("link", { name: "Schedule an audit" }).first().click();
    await expect(leadPage.getByRole("heading", { name: "Schedule an audit", level: 1 })).toBeVisible();
    await leadPage.getByLabel("Task *").fill(task);
    await leadPage.getByLabel("Location").selectOption({ label: yardName });
    await leadPage.getByLabel("Internal reference number").fill("HSE-77");
    await leadPage.getByLabel("Lead auditor *").selectOption({ label: lead.name });
    await leadPage.getByLabel("Auditors").selectOption([{ label: auditor.name }]);
    await leadPage.getByRole("button", { name: "Schedule audit" }).click();
    await expect(leadPage.getByRole("heading", { level: 1 })).toContainText(`AUD-0001 ${task}`);
    await expect(leadPage.getByText("Audit AUD-0001 scheduled")).toBeVisible();
    scheduleUrl = new URL(leadPage.url()).pathname;
  });

  const places = [yardName, `${yardName} › Gate`];
  await test.step("the auditor assesses both locations and submits them", async () => {
    await auditorPage.goto("/safety/audit");
    await expect(auditorPage.getByRole("link", { name: "AUD-0001" }).first()).toBeVisible();
    for (const [index, place] of places.entries()) {
      await auditorPage.goto(`${scheduleUrl}?tab=criteria`);
      const row = auditorPage
        .getByRole("listitem")
        .filter({ has: auditorPage.getByRole("link", { name: place, exact: true }) });
      await row.getByRole("link", { name: "Start assessment" }).click();
      await auditorPage.getByLabel("Summary").fill(`Walked ${place} with the foreman.`);
      await auditorPage.getByRole("button", { name: "Create assessment" }).click();
      await expect(auditorPage.getByRole("heading", { name: place, level: 1 })).toBeVisible();
      await auditorPage.getByRole("link", { name: "Add criterion" }).click();
      await auditorPage.getByLabel("Criterion *").fill(index === 0 ? "Edge protection" : "Housekeeping");
      await auditorPage
        .getByLabel("Finding *")
        .selectOption({ label: index === 0 ? "Non-compliant" : "Compliant" });
      await auditorPage.getByRole("button", { name: "Add criterion" }).click();
      await expect(auditorPage.getByText("Criteria created successfully")).toBeVisible();
      await auditorPage.getByRole("button", { name: "Submit to the lead" }).click();
      await expect(auditorPage.getByText("Assessment submitted to the lead")).toBeVisible();
    }
  });

  const review = async (place: string, step: string, reason?: string) => {
    await leadPage.goto(`${scheduleUrl}?tab=criteria`);
    await leadPage.getByRole("link", { name: place, exact: true }).click();
    await expect(leadPage.getByRole("heading", { name: place, level: 1 })).toBeVisible();
    await leadPage.getByRole("button", { name: step }).click();
    if (reason) {
      const dialog = leadPage.getByRole("dialog");
      await dialog.getByLabel("Reason").fill(reason);
      await dialog.getByRole("button", { name: step }).click();
    }
  };

  await test.step("the lead rejects the yard and sends the gate back for amendment", async () => {
    await review(places[0], "Reject", "Photos of the open edge are missing.");
    await expect(leadPage.getByText("Assessment rejected")).toBeVisible();
    await review(places[1], "Request amendment", "Add the pedestrian gate.");
    await expect(leadPage.getByText("Amendment requested")).toBeVisible();
  });

  await test.step("the auditor amends the gate and submits it again; the lead approves it", async () => {
    await auditorPage.goto(`${scheduleUrl}?tab=criteria`);
    await auditorPage.getByRole("link", { name: places[1], exact: true }).click();
    await expect(auditorPage.getByText("Lead's reason: Add the pedestrian gate.")).toBeVisible();
    await auditorPage.getByRole("link", { name: "Add criterion" }).click();
    await auditorPage.getByLabel("Criterion *").fill("Pedestrian gate");
    await auditorPage.getByLabel("Finding *").selectOption({ label: "Compliant" });
    await auditorPage.getByRole("button", { name: "Add criterion" }).click();
    await auditorPage.getByRole("button", { name: "Submit to the lead" }).click();
    await expect(auditorPage.getByText("Assessment submitted to the lead")).toBeVisible();
    await review(places[1], "Approve");
    await expect(leadPage.getByText("Assessment approved")).toBeVisible();
  });

  await test.step("compiled, refused without a signed report, then signed and completed once", async () => {
    await leadPage.goto(scheduleUrl);
    await leadPage.getByRole("button", { name: "Compile the report" }).click();
    await expect(leadPage.getByText("AUD-0001 is ready for its report")).toBeVisible();
    await leadPage.getByRole("button", { name: "Mark completed" }).click();
    await expect(
      leadPage.getByText("Audit schedule must have signed reports or report files to complete."),
    ).toBeVisible();
    await leadPage.goto(`${scheduleUrl}?tab=report`);
    await leadPage.locator('input[type="file"][name="files"]').setInputFiles({
      name: "signed-report.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4 signed by the lead auditor"),
    });
    await leadPage.getByRole("button", { name: "Upload signed report" }).click();
    await expect(leadPage.getByText("Signed report uploaded")).toBeVisible();
    await expect(leadPage.getByRole("link", { name: "signed-report.pdf" })).toBeVisible();
    await leadPage.getByRole("button", { name: "Mark completed" }).click();
    await expect(leadPage.getByText("Audit marked as completed")).toBeVisible();
    await expect(leadPage.getByText("Completed", { exact: true }).first()).toBeVisible();
    // A second completion (a stale page, a replayed post) is refused in the spec's words.
    const again = await leadPage.request.post(scheduleUrl, {
      form: { intent: "transition", action: "complete" },
      headers: { Origin: new URL(leadPage.url()).origin },
    });
    expect(await again.text()).toContain("Audit schedule has already been completed.");
  });
});
