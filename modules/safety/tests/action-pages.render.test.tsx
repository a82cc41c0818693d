/**
 * The action pages as a browser without JavaScript receives them: every step, comment, re-assignment and
 * upload is a plain form, so the route tests' form posts are what such a browser sends.
 */
import { describe, expect, it } from "vitest";
import { renderRouteHtml } from "~/tests/setup/render";
import * as actionCreate from "../routes/action-create";
import * as actionDetail from "../routes/action-detail";
import * as actionRegister from "../routes/action-register";
import type { ActionDetail } from "../server/actions.server";

const ACTION_ID = "0b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";
const MEMBER_ID = "1b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";
const FILE_ID = "2b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";

function serverHtml(
  route: { default: React.ComponentType },
  path: string,
  url: string,
  loaderData: Record<string, unknown>,
) {
  return renderRouteHtml({ route, path, url, loaderData });
}

const detail: ActionDetail = {
  id: ACTION_ID,
  number: "ACT-0007",
  title: "Loose guard rail",
  description: "Level 3 east edge",
  label: "Working at height",
  status: "completed",
  riskRanking: "extreme",
  assignee: { id: MEMBER_ID, name: "Wade Worker" },
  createdBy: "Erin Engineer",
  createdAt: "2026-11-20T08:00:00.000Z",
  dueDate: "2026-12-01",
  overdue: false,
  completedAt: "2026-11-21T08:00:00.000Z",
  closedAt: null,
  source: {
    type: "incident",
    id: MEMBER_ID,
    label: "INC-0001 Fall from the scaffold",
    href: `/safety/ims/view/${MEMBER_ID}`,
  },
  watchers: [{ id: MEMBER_ID, name: "Vic Viewer" }],
  steps: [
    { action: "close", confirm: false, requiresComment: false },
    { action: "send_back", confirm: false, requiresComment: true },
  ],
  comments: [
    { id: "c1", body: "Rail re-fixed.", author: "Wade Worker", createdAt: "2026-11-21T08:00:00.000Z" },
  ],
  activity: [
    {
      id: "a1",
      action: "status-changed",
      actorName: "Wade Worker",
      createdAt: "2026-11-21T08:00:00.000Z",
      before: { status: "in_progress" },
      after: { status: "completed", action: "complete", comment: null },
    },
    {
      id: "a0",
      action: "created",
      actorName: "Erin Engineer",
      createdAt: "2026-11-20T08:00:00.000Z",
      before: null,
      after: { number: "ACT-0007" },
    },
  ],
};

const loaderData = {
  action: detail,
  evidence: [
    {
      id: FILE_ID,
      fileName: "rail.png",
      size: 2048,
      kind: "image",
      uploadedBy: "Wade Worker",
      mayDelete: true,
    },
  ],
  members: [{ value: MEMBER_ID, label: "Wade Worker" }],
  canEdit: true,
  canReassign: true,
  canAddEvidence: true,
};

describe("action pages without JavaScript", () => {
  it("the detail page's steps, re-assignment, evidence and comment are forms posting to the action", async () => {
    const path = `/safety/actions/${ACTION_ID}`;
    const html = await serverHtml(actionDetail, "/safety/actions/:id", path, loaderData);
    expect(html).toContain("ACT-0007 Loose guard rail");
    expect(html).toContain("Completed");
    expect(html).toContain("Extreme");
    expect(html).toContain("INC-0001 Fall from the scaffold");
    // Raised from an incident: the link back to it (its corrective action plan made this action).
    expect(html).toContain(`href="/safety/ims/view/${MEMBER_ID}"`);
    expect(html).toContain("Details");
    expect(html).toContain("Activity Log");
    const forms = html.match(/<form[^>]*>/g) ?? [];
    // close, send back, re-assign, delete evidence, upload evidence, comment.
    expect(forms).toHaveLength(6);
    for (const form of forms) expect(form).toContain('method="post"');
    expect(forms.filter((form) => form.includes(`action="${path}"`))).toHaveLength(5);
    expect(forms.find((form) => form.includes(`action="${path}/evidence"`))).toContain("multipart/form-data");
    for (const intent of ["transition", "reassign", "evidence-delete", "comment"])
      expect(html).toContain(`name="intent" value="${intent}"`);
    // The reason of "send back" is asked in place, in a disclosure that opens without script.
    expect(html).toMatch(/<details[^>]*><summary[^>]*>Send back<\/summary>/);
    expect(html).toContain('name="comment"');
    expect(html).toContain("Rail re-fixed.");
  });

  it("the Activity Log tab lists each event with who and when", async () => {
    const path = `/safety/actions/${ACTION_ID}`;
    const html = await serverHtml(actionDetail, "/safety/actions/:id", `${path}?tab=activity`, loaderData);
    expect(html).toContain("Status updated by Wade Worker");
    expect(html).toContain("Created by Erin Engineer");
    expect(html).toContain("In progress → Completed");
    expect(html).not.toContain("Rail re-fixed.");
  });

  it("the create form is a multipart post with the watchers as a native multiple select", async () => {
    const html = await serverHtml(actionCreate, "/safety/actions/create", "/safety/actions/create", {
      choices: { members: [{ value: MEMBER_ID, label: "Wade Worker" }], labels: ["Housekeeping"] },
    });
    expect(html).toMatch(/<form[^>]*method="post"[^>]*enctype="multipart\/form-data"/i);
    expect(html).toMatch(
      /<select[^>]*multiple=""[^>]*name="watcherIds"|<select[^>]*name="watcherIds"[^>]*multiple=""/,
    );
    expect(html).toContain('type="file"');
    // No watcher is fine: the browser must not insist on one.
    expect(html).not.toMatch(/<select[^>]*required=""[^>]*name="watcherIds"/);
  });

  it("the register's tabs are links and its filters a GET form", async () => {
    const html = await serverHtml(actionRegister, "/safety/actions", "/safety/actions?tab=all_actions", {
      register: {
        query: {
          tab: "all_actions",
          q: "",
          status: null,
          risk: null,
          label: null,
          assignee: null,
          due: null,
          sort: "number",
          dir: "desc",
        },
        page: 1,
        pageSize: 10,
        total: 1,
        filters: { members: [], labels: [] },
        rows: [
          {
            id: ACTION_ID,
            number: "ACT-0007",
            title: "Loose guard rail",
            label: null,
            status: "open",
            riskRanking: "high",
            assignee: "Wade Worker",
            createdBy: "Erin Engineer",
            dueDate: "2020-01-01",
            overdue: true,
          },
        ],
      },
      canCreate: true,
      canSettings: true,
    });
    expect(html).toContain("My Actions");
    expect(html).toContain("All Actions");
    expect(html).toContain('href="/safety/actions"');
    expect(html).toContain("Overdue");
    expect(html).toMatch(/<form[^>]*method="get"/);
  });
});
