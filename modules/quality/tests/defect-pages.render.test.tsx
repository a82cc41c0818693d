/**
 * The punch list pages as a browser without JavaScript receives them: every step, filter and save is a plain
 * form or link, so the route tests' form posts are what such a browser sends.
 */
import { describe, expect, it } from "vitest";
import { renderRouteHtml } from "~/tests/setup/render";
import * as defectCreate from "../routes/defect-create";
import * as defectDetail from "../routes/defect-detail";
import * as defectRegister from "../routes/defect-register";

const DEFECT_ID = "0b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";
const MEMBER_ID = "1b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";

function serverHtml(
  route: { default: React.ComponentType },
  path: string,
  url: string,
  loaderData: Record<string, unknown>,
) {
  return renderRouteHtml({ route, path, url, loaderData });
}

const detail = {
  id: DEFECT_ID,
  number: "DEF-0007",
  title: "Leaking valve",
  description: "Level 2 plant room",
  status: "pending",
  priority: "high",
  location: "Level 2",
  lot: null,
  company: "Pipes Pty",
  assignee: "Tara Trade",
  raisedBy: "Quinn QA",
  dueDate: "2026-12-01",
  raisedAt: "2026-11-20T08:00:00.000Z",
  closedAt: null,
  actions: [
    { action: "start", confirm: false, requiresComment: false },
    { action: "dispute", confirm: false, requiresComment: true },
  ],
  activity: [
    {
      id: "a1",
      action: "created",
      actorName: "Quinn QA",
      createdAt: "2026-11-20T08:00:00.000Z",
      after: { number: "DEF-0007" },
    },
  ],
};

describe("punch list pages without JavaScript", () => {
  it("the detail page's steps are forms posting to the defect, the reason asked in place", async () => {
    const html = await serverHtml(defectDetail, "/quality/defects/:id", `/quality/defects/${DEFECT_ID}`, {
      defect: detail,
      files: [{ id: MEMBER_ID, fileName: "valve.png", size: 2048, isImage: true }],
      canAddFiles: true,
    });
    expect(html).toContain("DEF-0007 Leaking valve");
    expect(html).toContain("Pending");
    expect(html).toContain("High");
    const forms = html.match(/<form[^>]*>/g) ?? [];
    expect(forms).toHaveLength(3);
    for (const form of forms.slice(0, 2)) {
      expect(form).toContain('method="post"');
      expect(form).toContain(`action="/quality/defects/${DEFECT_ID}"`);
    }
    // Photos: shown, and added through a plain multipart form.
    expect(forms[2]).toMatch(/enctype="multipart\/form-data"/i);
    expect(forms[2]).toContain(`action="/quality/defects/${DEFECT_ID}/files"`);
    expect(html).toContain(`src="/quality/defects/${DEFECT_ID}/files/${MEMBER_ID}"`);
    expect(html).toContain(`href="/attachments/${MEMBER_ID}"`);
    expect(html).toContain('name="action" value="start"');
    expect(html).toMatch(/<details[^>]*><summary[^>]*>Dispute<\/summary>/);
    expect(html).toMatch(/<textarea[^>]*name="comment"[^>]*required/);
    expect(html).toContain("Created by Quinn QA");
  });

  it("the raise form saves as draft or raises with the button pressed, every choice a native select", async () => {
    const html = await serverHtml(defectCreate, "/quality/defects/create", "/quality/defects/create", {
      choices: {
        locations: [{ value: MEMBER_ID, label: "Level 2" }],
        companies: [],
        members: [{ value: MEMBER_ID, label: "Tara Trade" }],
      },
    });
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toMatch(/<button[^>]*name="save"[^>]*value="draft"[^>]*>Save as draft/);
    expect(html).toMatch(/<button[^>]*name="save"[^>]*value="raise"[^>]*>Raise/);
    for (const name of ["locationId", "companyId", "assigneeId", "priority"])
      expect(html).toMatch(new RegExp(`<select[^>]*name="${name}"`));
    expect(html).toContain("Tara Trade");
  });

  it("the register's tabs are links, its filters a GET form, and an empty list says so", async () => {
    const html = await serverHtml(defectRegister, "/quality/defects", "/quality/defects?status=closed", {
      register: {
        query: {
          tab: "all",
          q: "",
          status: "closed",
          priority: null,
          assignee: null,
          lot: null,
          sort: "number",
          dir: "desc",
        },
        page: 1,
        pageSize: 10,
        total: 0,
        filters: { members: [{ value: MEMBER_ID, label: "Tara Trade" }], lots: [] },
        rows: [],
      },
      canCreate: true,
    });
    expect(html).toMatch(/href="\/quality\/defects\?status=closed&amp;tab=mine"[^>]*>My defects/);
    expect(html).toMatch(/<form[^>]*method="get"/i);
    expect(html).toContain("No results found!");
    expect(html).toContain('href="/quality/defects/create"');
  });
});
