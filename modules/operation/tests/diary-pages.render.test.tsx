/**
 * The site diary's pages as a browser without JavaScript receives them: the diary's form with blank rows to
 * add to, the Notes, Issues and Photo and Videos dialogs as forms in place, the steps as plain forms, and a
 * refused save sent back with its messages and the values typed.
 */
import { describe, expect, it } from "vitest";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { renderRouteHtml } from "~/tests/setup/render";
import { callAction, callLoader } from "~/tests/setup/requests";
import * as create from "../routes/site-diary-create";
import * as detail from "../routes/site-diary-detail";
import * as register from "../routes/site-diary-register";
import { diariesOf, diarySite } from "./diary-fixtures";

const db = setupTestDatabase();

async function diaryWithPage() {
  const project = await createProject(db.em);
  const { engineer } = await diarySite(db.em, project);
  await callAction(create, "/operation/site-diaries/create", {
    cookie: engineer.cookie,
    form: { intent: "create", formDate: "2026-11-20" },
  });
  const [diary] = await diariesOf(db.em, project);
  const url = `/operation/site-diaries/${diary.id}`;
  const loaded = await callLoader(detail, url, { cookie: engineer.cookie, params: { id: diary.id } });
  return { diary, url, engineer, loaderData: loaded.data };
}

describe("the site diary pages without JavaScript", () => {
  it("shows the form with two blank rows per section, the dialogs as forms in place and the steps", async () => {
    const { url, loaderData } = await diaryWithPage();
    const html = await renderRouteHtml({
      route: detail,
      path: "/operation/site-diaries/:id",
      url,
      loaderData,
    });
    expect(html).toContain('name="workLog[1].company"');
    expect(html).not.toContain('name="workLog[2].company"');
    expect(html).toContain('<summary class="');
    expect(html).toContain('name="intent" value="note"');
    expect(html).toContain('name="intent" value="issue"');
    expect(html).toContain('action="/operation/site-diaries/');
    expect(html).toContain('encType="multipart/form-data"');
    expect(html).toContain('name="action" value="submit"');
    for (const section of [
      "Basic Information",
      "Weather/Temperature",
      "Concerns",
      "Meetings Held",
      "Work Log",
      "Delays",
      "Plant Item/Machineries/Deliverables",
      "Other Comments",
      "Notes",
      "Issues",
      "Photo and Videos",
      "NCR",
      "Permits",
      "Meetings Created",
      "Incidents",
      "Observations",
      "Punchlist Items",
    ])
      expect(html).toContain(`>${section}</h2>`);
  });

  it("sends a refused save back with its messages and what was typed", async () => {
    const { url, loaderData, diary, engineer } = await diaryWithPage();
    const refused = await callAction(detail, url, {
      cookie: engineer.cookie,
      params: { id: diary.id },
      form: {
        intent: "save",
        dueDate: "2026-11-21",
        temperatureStart: "75",
        "workLog[0].company": "Apex Formwork",
        "workLog[0].workers": "6",
      },
    });
    expect(refused.status).toBe(400);
    const html = await renderRouteHtml({
      route: detail,
      path: "/operation/site-diaries/:id",
      url,
      loaderData,
      actionData: refused.data,
    });
    expect(html).toContain("A temperature on site is between -40 and 60 °C.");
    expect(html).toContain('value="75"');
    expect(html).toContain('value="Apex Formwork"');
  });

  it("renders the register as plain GET forms", async () => {
    const { engineer } = await diaryWithPage();
    const loaded = await callLoader(register, "/operation/site-diaries", { cookie: engineer.cookie });
    const html = await renderRouteHtml({
      route: register,
      path: "/operation/site-diaries",
      url: "/operation/site-diaries",
      loaderData: loaded.data,
    });
    expect(html).toContain("SD-0001");
    expect(html).toContain('name="locationText"');
    expect(html).toContain('name="assigneeText"');
    expect(html).toContain('value="open-today"');
  });
});
