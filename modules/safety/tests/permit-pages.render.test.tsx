/**
 * The permit and SDS pages as a browser without JavaScript receives them: the checklist, each step and each
 * signature (a typed name) are plain forms; the SDS form is a multipart post.
 */
import { describe, expect, it } from "vitest";
import { renderRouteHtml } from "~/tests/setup/render";
import * as permitDetail from "../routes/permit-detail";
import * as sdsCreate from "../routes/sds-create";
import * as sdsDetail from "../routes/sds-detail";
import type { PermitDetail } from "../server/permits.server";
import type { SdsDetail } from "../server/sds.server";

const PERMIT_ID = "0b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";
const MEMBER_ID = "1b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";
const SDS_ID = "2b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";
const FILE_ID = "3b6c3f4e-8d3a-4a55-9a51-1a2b3c4d5e6f";

const permit: PermitDetail = {
  id: PERMIT_ID,
  number: "PTW-0004",
  type: "hot_work",
  title: "Welding handrail brackets",
  description: null,
  location: "Span 2 › Deck",
  validFrom: "2026-11-26T20:00:00.000Z",
  validTo: "2026-11-27T06:00:00.000Z",
  timeZone: "Australia/Sydney",
  validity: "inactive",
  issuer: { id: MEMBER_ID, name: "Ian Issuer" },
  receiver: { id: MEMBER_ID, name: "Erin Engineer" },
  conditions: "Fire watch 30 minutes after the last weld.",
  checklist: [
    { key: "fire_watch", answer: "yes" },
    { key: "ppe", answer: null },
  ],
  status: "IN_REVIEW",
  createdBy: "Erin Engineer",
  createdAt: "2026-11-26T01:00:00.000Z",
  signatures: [],
  steps: [
    { action: "approve", confirm: false, requiresComment: false },
    { action: "return", confirm: false, requiresComment: true },
  ],
  activity: [
    {
      id: "a1",
      action: "status-changed",
      actorName: "Ian Issuer",
      createdAt: "2026-11-26T02:00:00.000Z",
      before: { status: "IN_REVIEW" },
      after: { status: "ACTIVE", action: "approve", comment: null, signedBy: "Ian Issuer" },
    },
  ],
};

describe("permit and SDS pages without JavaScript", () => {
  it("the permit's approval is a form with a typed-name signature, its return a disclosure, its checklist answers shown", async () => {
    const path = `/safety/permits/details/${PERMIT_ID}`;
    const html = await renderRouteHtml({
      route: permitDetail,
      path: "/safety/permits/details/:id",
      url: path,
      loaderData: { permit, signerName: "Ian Issuer", canEdit: false, canAnswer: false },
    });
    expect(html).toContain("PTW-0004 Welding handrail brackets");
    expect(html).toContain("(Australia/Sydney)");
    expect(html).toContain("Fire watch during the work and after it");
    expect(html).toContain("Not answered");
    const forms = html.match(/<form[^>]*>/g) ?? [];
    // Return (in place), approve and sign.
    expect(forms).toHaveLength(2);
    expect(forms.every((form) => form.includes(`action="${path}"`))).toBe(true);
    expect(html).toMatch(/<details[^>]*><summary[^>]*>Return<\/summary>/);
    expect(html).toContain('name="signatureTypedName"');
    expect(html).toContain("Your signature (Ian Issuer)");
    expect(html).toContain("Approve permit");
  });

  it("the checklist is a form of radio buttons while the permit is prepared; the log names who signed", async () => {
    const path = `/safety/permits/details/${PERMIT_ID}`;
    const html = await renderRouteHtml({
      route: permitDetail,
      path: "/safety/permits/details/:id",
      url: path,
      loaderData: {
        permit: { ...permit, status: "IN_PROGRESS", steps: [] },
        signerName: "Erin Engineer",
        canEdit: true,
        canAnswer: true,
      },
    });
    expect(html).toContain('name="intent" value="checklist"');
    expect(html).toContain('type="radio" name="answers.fire_watch" checked="" value="yes"');
    const log = await renderRouteHtml({
      route: permitDetail,
      path: "/safety/permits/details/:id",
      url: `${path}?tab=activity`,
      loaderData: { permit, signerName: "Ian Issuer", canEdit: false, canAnswer: false },
    });
    expect(log).toContain("Status updated by Ian Issuer");
    expect(log).toContain("In review → Active");
    expect(log).toContain("Signed by Ian Issuer");
  });

  it("the SDS form is a multipart post; an expired sheet says so", async () => {
    const form = await renderRouteHtml({
      route: sdsCreate,
      path: "/safety/sds/create",
      url: "/safety/sds/create",
      loaderData: null,
    });
    expect(form).toMatch(/<form[^>]*method="post"[^>]*enctype="multipart\/form-data"/i);
    expect(form).toContain('name="file"');
    const sds: SdsDetail = {
      id: SDS_ID,
      number: "SDS-0002",
      product: "Diesel fuel",
      supplier: "BP",
      issueDate: "2021-11-16",
      expiryDate: "2026-11-16",
      expiry: "expired",
      status: "CLOSED",
      createdBy: "Erin Engineer",
      createdAt: "2026-11-01T01:00:00.000Z",
      files: [
        {
          id: FILE_ID,
          fileName: "diesel.pdf",
          size: 1024,
          kind: "document",
          isImage: false,
          uploadedBy: "Erin Engineer",
          mayDelete: false,
        },
      ],
      canAddFiles: false,
      steps: [{ action: "revise", confirm: false, requiresComment: true }],
      activity: [],
    };
    const page = await renderRouteHtml({
      route: sdsDetail,
      path: "/safety/sds/:id",
      url: `/safety/sds/${SDS_ID}`,
      loaderData: { sds, canEdit: false },
    });
    expect(page).toContain("This safety data sheet has expired: get the supplier&#x27;s current sheet.");
    expect(page).toContain(`href="/attachments/${FILE_ID}"`);
    expect(page).toMatch(/<details[^>]*><summary[^>]*>New revision<\/summary>/);
  });
});
