/**
 * The observation and enforcement pages as a browser without JavaScript receives them: every step,
 * re-assignment and upload is a plain form, "Raise an action" a link, the scan form a plain post.
 */
import { describe, expect, it } from "vitest";
import { renderRouteHtml } from "~/tests/setup/render";
import * as scanCreate from "../routes/enforcement-create";
import * as scanDetail from "../routes/enforcement-detail";
import * as observationCreate from "../routes/observation-create";
import * as observationDetail from "../routes/observation-detail";
import type { ScanDetail } from "../server/enforcement.server";
import type { ObservationDetail } from "../server/observations.server";

const OBSERVATION_ID = "0b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";
const MEMBER_ID = "1b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";
const FILE_ID = "2b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";
const ACTION_ID = "3b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";
const SCAN_ID = "4b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";
const OLDER_SCAN_ID = "5b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";

const observation: ObservationDetail = {
  id: OBSERVATION_ID,
  number: "OBS-0003",
  kind: "unsafe_condition",
  title: "Unguarded edge",
  description: "Level 4, no handrail",
  location: "Tower A › Stair core",
  observedOn: "2026-11-20",
  status: "completed",
  rectifiedOnSpot: false,
  assignee: { id: MEMBER_ID, name: "Wade Worker" },
  createdBy: "Erin Engineer",
  createdAt: "2026-11-20T08:00:00.000Z",
  completedAt: "2026-11-21T08:00:00.000Z",
  closedAt: null,
  actions: [
    {
      id: ACTION_ID,
      number: "ACT-0004",
      title: "Install the handrail",
      status: "open",
      assignee: "Wade Worker",
    },
  ],
  photos: [
    {
      id: FILE_ID,
      fileName: "edge.png",
      size: 2048,
      kind: "image",
      isImage: true,
      uploadedBy: "Erin Engineer",
      mayDelete: true,
    },
  ],
  steps: [
    { action: "close", confirm: false, requiresComment: false },
    { action: "reject", confirm: false, requiresComment: true },
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
      id: "a2",
      action: "action-raised",
      actorName: "Erin Engineer",
      createdAt: "2026-11-20T09:00:00.000Z",
      before: null,
      after: { number: "ACT-0004", title: "Install the handrail" },
    },
  ],
};

const loaderData = {
  observation,
  members: [{ value: MEMBER_ID, label: "Wade Worker" }],
  canEdit: true,
  canReassign: true,
  canAddPhotos: true,
  canRaiseAction: true,
};

describe("observation and enforcement pages without JavaScript", () => {
  it("the observation's steps, re-assignment and photos are forms; its actions and 'Raise an action' are links", async () => {
    const path = `/safety/observation/${OBSERVATION_ID}`;
    const html = await renderRouteHtml({
      route: observationDetail,
      path: "/safety/observation/:id",
      url: path,
      loaderData,
    });
    expect(html).toContain("OBS-0003 Unguarded edge");
    expect(html).toContain("Unsafe condition");
    expect(html).toContain("Tower A › Stair core");
    const forms = html.match(/<form[^>]*>/g) ?? [];
    // close, not approved, re-assign, delete the photo, upload photos.
    expect(forms).toHaveLength(5);
    expect(forms.filter((form) => form.includes(`action="${path}"`))).toHaveLength(4);
    expect(html).toContain('name="intent" value="photo-delete"');
    expect(forms.find((form) => form.includes(`action="${path}/photos"`))).toContain("multipart/form-data");
    expect(html).toMatch(/<details[^>]*><summary[^>]*>Not approved<\/summary>/);
    expect(html).toContain(`href="/safety/actions/${ACTION_ID}"`);
    expect(html).toContain(
      `href="/safety/actions/create?sourceType=observation&amp;sourceId=${OBSERVATION_ID}"`,
    );
    // The photo is shown from its file and opens on the core attachment page.
    expect(html).toContain(`src="${path}/photos/${FILE_ID}"`);
    expect(html).toContain(`href="/attachments/${FILE_ID}"`);
  });

  it("the Activity Log tab names the action raised", async () => {
    const path = `/safety/observation/${OBSERVATION_ID}`;
    const html = await renderRouteHtml({
      route: observationDetail,
      path: "/safety/observation/:id",
      url: `${path}?tab=activity`,
      loaderData,
    });
    expect(html).toContain("Action raised by Erin Engineer");
    expect(html).toContain("ACT-0004 Install the handrail");
    expect(html).toContain("In progress → Completed");
  });

  it("the raise form is a multipart post with native selects", async () => {
    const html = await renderRouteHtml({
      route: observationCreate,
      path: "/safety/observation/create",
      url: "/safety/observation/create",
      loaderData: {
        choices: {
          members: [{ value: MEMBER_ID, label: "Wade Worker" }],
          locations: [{ value: FILE_ID, label: "Tower A" }],
        },
      },
    });
    expect(html).toMatch(/<form[^>]*method="post"[^>]*enctype="multipart\/form-data"/i);
    expect(html).toContain('name="photos"');
    expect(html).toContain('name="rectifiedOnSpot"');
    expect(html).toMatch(/<select[^>]*name="kind"/);
  });

  it("a failed scan offers 'Raise an action' and lists its object's history", async () => {
    const scan: ScanDetail = {
      id: SCAN_ID,
      number: "ENF-0002",
      objectType: "PLANT_AND_MACHINERY",
      objectId: "PM-0042",
      objectName: "Komatsu PC210 excavator",
      activity: "Bulk excavation",
      comment: "Reversing alarm not working",
      ncrRaised: true,
      status: "FAIL",
      createdBy: "Erin Engineer",
      createdAt: "2026-11-21T08:00:00.000Z",
      actions: [],
      historyTotal: 2,
      history: [
        {
          id: SCAN_ID,
          number: "ENF-0002",
          status: "FAIL",
          activity: null,
          createdBy: "Erin Engineer",
          createdAt: "2026-11-21T08:00:00.000Z",
        },
        {
          id: OLDER_SCAN_ID,
          number: "ENF-0001",
          status: "PASS",
          activity: null,
          createdBy: "Erin Engineer",
          createdAt: "2026-11-20T08:00:00.000Z",
        },
      ],
    };
    const html = await renderRouteHtml({
      route: scanDetail,
      path: "/safety/enforcement/:id",
      url: `/safety/enforcement/${SCAN_ID}`,
      loaderData: { scan, canRaiseAction: true, canCreate: true },
    });
    expect(html).toContain("This check failed");
    expect(html).toContain(`href="/safety/actions/create?sourceType=enforcement&amp;sourceId=${SCAN_ID}"`);
    expect(html).toContain(`href="/safety/enforcement/${OLDER_SCAN_ID}"`);
    expect(html).toContain("ENF-0002 (this scan)");
    expect(html).toContain('href="/safety/enforcement?type=PLANT_AND_MACHINERY&amp;object=PM-0042"');
    expect(html).toContain("Yes");
  });

  it("the scan form is a plain post", async () => {
    const html = await renderRouteHtml({
      route: scanCreate,
      path: "/safety/enforcement/create",
      url: "/safety/enforcement/create",
      loaderData: {
        start: {
          objectType: "",
          objectId: "",
          objectName: "",
          activity: "",
          comment: "",
          status: "",
          ncrRaised: "",
        },
      },
    });
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toMatch(/<select[^>]*name="objectType"/);
    expect(html).toMatch(/<select[^>]*name="status"/);
    expect(html).toContain('name="ncrRaised"');
  });
});
