/**
 * The SWMS pages as a browser without JavaScript receives them: the steps are plain forms (delete and archive
 * ask "I am sure" in the form), the create form a multipart post with the r291 categories and the step rows.
 */
import { describe, expect, it } from "vitest";
import { renderRouteHtml } from "~/tests/setup/render";
import * as swmsCreate from "../routes/swms-create";
import * as swmsDetail from "../routes/swms-detail";
import type { SwmsDetail } from "../server/swms.server";

const SWMS_ID = "0b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";
const COMPANY_ID = "1b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";

const swms: SwmsDetail = {
  id: SWMS_ID,
  number: "SWMS-0004",
  title: "Falsework erection over the creek",
  type: "system",
  status: "draft",
  company: "Scaffold Co",
  description: null,
  highRisk: true,
  highRiskCategories: ["fall_over_2m", "drowning_risk"],
  createdBy: "Sam Supervisor",
  createdAt: "2026-11-20T08:00:00.000Z",
  submittedAt: null,
  initialReviewer: null,
  signedOffBy: null,
  signedOffAt: null,
  steps: [
    {
      id: "s1",
      activity: "Lift standards",
      hazards: "Fall from height",
      controls: "Harness",
      likelihoodBefore: "likely",
      consequenceBefore: "major",
      likelihoodAfter: "rare",
      consequenceAfter: "major",
      before: { score: 16, level: "extreme" },
      after: { score: 4, level: "low" },
    },
  ],
  files: [],
  workflow: [
    { action: "submit_high_risk", confirm: false, requiresComment: false },
    { action: "delete", confirm: true, requiresComment: false },
    { action: "archive", confirm: true, requiresComment: false },
  ],
  activity: [
    {
      id: "a1",
      action: "status-changed",
      actorName: "Rita Reviewer",
      createdAt: "2026-11-21T08:00:00.000Z",
      before: { status: "final_review" },
      after: { status: "review_needed", action: "request_changes", comment: "Name the r291 category" },
    },
  ],
};

describe("SWMS pages without JavaScript", () => {
  it("the SWMS's steps are forms; delete and archive ask 'I am sure'; its categories and risks show", async () => {
    const path = `/safety/swms/${SWMS_ID}`;
    const html = await renderRouteHtml({
      route: swmsDetail,
      path: "/safety/swms/:id",
      url: path,
      loaderData: { swms, canEdit: true },
    });
    expect(html).toContain("SWMS-0004 Falsework erection over the creek");
    expect(html).toContain("r291(a) Risk of a person falling more than 2 metres");
    expect(html).toContain("r291(q) Work in or near water or other liquid with a risk of drowning");
    expect(html).toContain("Extreme (16)");
    expect(html).toContain("Low (4)");
    const forms = html.match(/<form[^>]*>/g) ?? [];
    expect(forms.filter((form) => form.includes(`action="${path}"`))).toHaveLength(3);
    expect(html).toContain("Submit for review");
    expect(html.match(/name="confirmed"/g)).toHaveLength(2);
    expect(html).toContain(`href="${path}/edit"`);
  });

  it("the Activity Log names the step and its reason", async () => {
    const html = await renderRouteHtml({
      route: swmsDetail,
      path: "/safety/swms/:id",
      url: `/safety/swms/${SWMS_ID}?tab=activity`,
      loaderData: { swms, canEdit: false },
    });
    expect(html).toContain("Status updated by Rita Reviewer");
    expect(html).toContain("Final review → Review needed");
    expect(html).toContain("Reason: Name the r291 category");
  });

  it("the create form is a multipart post with the categories, the file and blank step rows", async () => {
    const html = await renderRouteHtml({
      route: swmsCreate,
      path: "/safety/swms/create",
      url: "/safety/swms/create",
      loaderData: { companies: [{ value: COMPANY_ID, label: "Scaffold Co" }] },
    });
    expect(html).toMatch(/<form[^>]*method="post"[^>]*enctype="multipart\/form-data"/i);
    expect(html).toMatch(/<select[^>]*name="type"/);
    expect(html).toMatch(/<select[^>]*name="companyId"/);
    expect(html.match(/name="highRiskCategories"/g)).toHaveLength(19);
    expect(html).toContain('name="file"');
    expect(html).toContain('name="steps[2].likelihoodAfter"');
    expect(html).not.toContain('name="steps[3].activity"');
  });
});
