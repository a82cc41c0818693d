import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { translateMessage } from "~/app/utils/message-key";
import { ActivityLog, Attachment, type IProject } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { readToast } from "~/server/http/toast.server";
import { serverT } from "~/server/i18n/i18n.server";
import { createProject } from "~/tests/factories";
import { setupTestDatabase } from "~/tests/setup/database";
import { setupTestFileStorage } from "~/tests/setup/file-storage";
import { callAction, callLoader } from "~/tests/setup/requests";
import type { LotStatus, LotSubStatus } from "../domain/lot-workflow";
import {
  type IItpItem,
  type ILot,
  Itp,
  Lot,
  LotEquipment,
  LotItemCheck,
  LotItp,
  LotRelation,
  Ncr,
} from "../entities";
import * as lotDetail from "../routes/lot-detail";
import * as lotEdit from "../routes/lot-edit";
import * as lotItpTab from "../routes/lot-itp";
import * as itrDetail from "../routes/lot-itr";
import * as itrNew from "../routes/lot-itr-new";
import { completeRecords } from "./lot-gate-fixtures";
import { assign, LOT_ALL, makeItp, makeLot, memberWith } from "./reports-fixtures";

/**
 * The records gates and the records lock (issue #12): what a lot must prove before it goes to the Project
 * Engineer and before QA approves or closes it, and what cannot change while it is in review.
 */
const db = setupTestDatabase();
const storage = setupTestFileStorage("siteproof-gates-");

const storedFiles = () =>
  readdirSync(storage.root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

const EVERYONE = [
  ...LOT_ALL,
  "quality.lot.internal-review",
  "quality.lot.qa-review",
  "quality.lot.close",
  "quality.ncr.view",
];

async function english(messages: string[] | null | undefined) {
  const t = await serverT("en", "quality");
  return messages?.map((text) => translateMessage(t, text));
}

async function toastOf(setCookie: string | null) {
  const cookie = setCookie?.split(";")[0] ?? "";
  return (await readToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
}

async function setState(lot: ILot, status: LotStatus, subStatus: LotSubStatus | null) {
  await db.em.nativeUpdate(Lot, { id: lot.id }, { status, subStatus }, { filters: false });
}

async function stateOf(lot: ILot) {
  const row = await db.em.fork().findOneOrFail(Lot, { id: lot.id }, { filters: false });
  return `${row.status}/${row.subStatus ?? "-"}`;
}

const statusEntries = (lot: ILot) =>
  db.em.fork().count(ActivityLog, { entityId: lot.id, action: "status-changed" }, { filters: false });

async function arrange() {
  const project = await createProject(db.em);
  const lot = await makeLot(db.em, project);
  await setState(lot, "active", "completed_pending_records");
  const { cookie } = await memberWith(db.em, project, EVERYONE);
  const step = (action: string, extra: Record<string, string> = {}) =>
    callAction(lotDetail, `/quality/lot/${lot.id}`, {
      cookie,
      params: { id: lot.id },
      form: { intent: "transition", action, ...extra },
    });
  const frame = async () =>
    (await callLoader(lotDetail, `/quality/lot/${lot.id}`, { cookie, params: { id: lot.id } })).data.frame;
  return { project, lot, cookie, step, frame };
}

describe("submitting a lot to the Project Engineer", () => {
  it("is refused for a lot with no ITP, nothing written; the header says what is missing", async () => {
    const { lot, step, frame } = await arrange();
    expect((await frame()).gate).toEqual({
      heading: "quality:lot.gate.submitHeading",
      missing: [{ message: "quality:lot.gate.noItp", params: {} }],
    });
    const refused = await step("submit_to_engineer");
    expect(refused.status).toBe(409);
    expect(await english(refused.data.error[""])).toEqual([
      "No active ITP is assigned: assign one and record its checks.",
    ]);
    expect(await stateOf(lot)).toBe("active/completed_pending_records");
    expect(await statusEntries(lot)).toBe(0);
  });

  it("names the first missing record and counts the rest; the header lists each one", async () => {
    const { project, lot, step, frame } = await arrange();
    const { itp, items } = await makeItp(db.em, project, {
      items: [
        { activity: "Set out formwork", kind: "C" },
        { activity: "Inspect reinforcement", kind: "I", subcontractor: true },
      ],
    });
    await assign(db.em, project, lot, itp);
    const scoped = scopeToProject(db.em, project.id);
    scoped.create(LotItemCheck, {
      project,
      lot,
      item: items[0],
      state: "non_conforming",
      comment: "Out of line",
    } as never);
    await scoped.flush();

    const refused = await step("submit_to_engineer");
    expect(refused.status).toBe(409);
    expect(await english(refused.data.error[""])).toEqual([
      `${itp.number} #1 "Set out formwork" is non-conforming: raise an NCR for it and record its disposition.`,
      "and 4 more",
    ]);
    const t = await serverT("en", "quality");
    const gate = (await frame()).gate;
    expect(t(gate.heading)).toBe("Before this lot goes to the Project Engineer");
    expect(
      gate.missing.map((entry: any) =>
        translateMessage(t, `${entry.message}?${new URLSearchParams(entry.params)}`),
      ),
    ).toEqual([
      `${itp.number} #1 "Set out formwork" is non-conforming: raise an NCR for it and record its disposition.`,
      `${itp.number} #2 "Inspect reinforcement" is not checked.`,
      `${itp.number} #2 "Inspect reinforcement" needs the subcontractor's signature.`,
      `No ITR is uploaded: ${itp.number} #1 "Set out formwork" calls for Checklist.`,
      `No ITR is uploaded: ${itp.number} #2 "Inspect reinforcement" calls for Checklist.`,
    ]);
    expect(await stateOf(lot)).toBe("active/completed_pending_records");
    expect(await statusEntries(lot)).toBe(0);
  });

  it("is refused when the only assigned ITP is no longer active", async () => {
    const { project, lot, step } = await arrange();
    const { itp } = await completeRecords(db.em, project, lot);
    await db.em.nativeUpdate(Itp, { id: itp.id }, { status: "archived" }, { filters: false });
    expect((await step("submit_to_engineer")).data.error[""]).toEqual(["quality:lot.gate.noItp"]);
  });

  it("goes through with the records complete, and the header shows no gate", async () => {
    const { project, lot, step, frame } = await arrange();
    await completeRecords(db.em, project, lot);
    expect((await frame()).gate).toBeNull();
    expect((await step("submit_to_engineer")).status).toBe(302);
    expect(await stateOf(lot)).toBe("active/engineer_review");
  });
});

describe("a non-conforming check on a submitted lot", () => {
  async function inQaReview() {
    const arranged = await arrange();
    const { items } = await completeRecords(db.em, arranged.project, arranged.lot);
    // An engineer's check found wanting after the submission (before the records lock, or by a re-check).
    await db.em.nativeUpdate(
      LotItemCheck,
      { lot: arranged.lot.id, item: items[1].id },
      { state: "non_conforming", comment: "Cover 48 mm" },
      { filters: false },
    );
    await setState(arranged.lot, "confirming", "qa_review");
    return { ...arranged, item: items[1] };
  }

  async function raiseNcr(project: IProject, lot: ILot, item: IItpItem, disposition: string | null) {
    const scoped = scopeToProject(db.em, project.id);
    const ncr = scoped.create(Ncr, {
      project,
      number: "NCR-0001",
      type: "product",
      title: "Low cover",
      description: "Cover 48 mm",
      lot,
      itpItem: item,
      raisedOn: "2026-03-01",
      disposition,
    } as never);
    await scoped.flush();
    return ncr;
  }

  it("blocks QA approval until an NCR for it is raised and dispositioned", async () => {
    const { project, lot, item, step, frame } = await inQaReview();
    const t = await serverT("en", "quality");
    expect(t((await frame()).gate.heading)).toBe("Before QA approval and closing");

    const refused = await step("qa_approve");
    expect(refused.status).toBe(409);
    expect(await english(refused.data.error[""])).toEqual([
      expect.stringContaining('#2 "Inspect reinforcement" is non-conforming'),
    ]);
    expect(await stateOf(lot)).toBe("confirming/qa_review");

    const ncr = await raiseNcr(project, lot, item, null);
    expect((await step("qa_approve")).status).toBe(409);
    await db.em.nativeUpdate(Ncr, { id: ncr.id }, { disposition: "use_as_is" }, { filters: false });
    expect((await frame()).gate).toBeNull();
    expect((await step("qa_approve")).status).toBe(302);
    expect(await stateOf(lot)).toBe("confirming/qa_approved");
  });

  it("blocks closing the same way, on QA's and on the client's approval", async () => {
    for (const [status, subStatus] of [
      ["confirming", "qa_approved"],
      ["guaranteed", "external_approved"],
    ] as const) {
      const { project, lot, item, step } = await inQaReview();
      await setState(lot, status, subStatus);
      expect((await step("close")).status).toBe(409);
      expect(await stateOf(lot)).toBe(`${status}/${subStatus}`);
      await raiseNcr(project, lot, item, "rework");
      expect((await step("close")).status).toBe(302);
      expect(await stateOf(lot)).toBe(`closed/${subStatus}`);
    }
  });
});

describe("records lock while the lot is in review", () => {
  async function submitted() {
    const arranged = await arrange();
    const { items } = await completeRecords(db.em, arranged.project, arranged.lot);
    expect((await arranged.step("submit_to_engineer")).status).toBe(302);
    return { ...arranged, items };
  }
  const IN_REVIEW =
    "Lots in review cannot be changed: their records are locked until the lot is returned or re-opened.";

  it("hides Record check, sign, assign, Upload ITR and Edit", async () => {
    const { lot, cookie, frame } = await submitted();
    expect((await frame()).canEdit).toBe(false);
    const tab = await callLoader(lotItpTab, `/quality/lot/${lot.id}/itp`, { cookie, params: { id: lot.id } });
    expect(tab.data.can).toMatchObject({ assign: false, check: false, sign: false, uploadItr: false });
    expect(tab.data.lockedMessage).toBe("quality:lot.toast.inReview");
    const detail = await callLoader(lotDetail, `/quality/lot/${lot.id}`, { cookie, params: { id: lot.id } });
    expect(detail.data.canEditRecords).toBe(false);
  });

  it("refuses checks, signatures, assigning and unassigning with the reason, changing nothing", async () => {
    const { project, lot, cookie, items } = await submitted();
    const post = (form: Record<string, string>) =>
      callAction(lotItpTab, `/quality/lot/${lot.id}/itp`, { cookie, params: { id: lot.id }, form });
    const before = await db.em.fork().find(LotItemCheck, { lot: lot.id }, { filters: false });
    for (const form of [
      { intent: "check", itemId: items[0].id, state: "non_conforming", comment: "Late change" },
      { intent: "sign", itemId: items[1].id },
    ] as Record<string, string>[]) {
      const refused = await post(form);
      expect(refused.status).toBe(409);
      expect(await english(refused.data.result.error[""])).toEqual([IN_REVIEW]);
    }
    const link = await db.em.fork().findOneOrFail(LotItp, { lot: lot.id }, { filters: false });
    expect((await post({ intent: "unassign", lotItpId: link.id })).status).toBe(409);
    const spare = await makeItp(db.em, project);
    expect((await post({ intent: "assign", itpId: spare.itp.id })).status).toBe(409);
    const after = await db.em.fork().find(LotItemCheck, { lot: lot.id }, { filters: false });
    expect(after.map((check) => [check.state, check.comment])).toEqual(
      before.map((check) => [check.state, check.comment]),
    );
    expect(await db.em.fork().count(LotItp, { lot: lot.id }, { filters: false })).toBe(1);
  });

  it("refuses an ITR upload (keeping no file) and an ITR delete", async () => {
    const { lot, cookie } = await submitted();
    const form = new FormData();
    form.append("title", "Late record");
    form.append("files", new File(["%PDF-1.7 late"], "late.pdf", { type: "application/pdf" }));
    const upload = await callAction(itrNew, `/quality/lot/${lot.id}/itr/new`, {
      cookie,
      multipart: form,
      params: { lotId: lot.id },
    });
    expect(upload.status).toBe(409);
    expect(await english(upload.data.result.error[""])).toEqual([IN_REVIEW]);
    expect(storedFiles()).toEqual([]);
    const itrs = await db.em.fork().find(Attachment, { entityId: lot.id }, { filters: false });
    expect(itrs).toHaveLength(1);
    const path = `/quality/lot/${lot.id}/itr/${itrs[0].id}`;
    const page = await callLoader(itrDetail, path, { cookie, params: { lotId: lot.id, itrId: itrs[0].id } });
    expect(page.data.can.delete).toBe(false);
    const deleted = await callAction(itrDetail, path, {
      cookie,
      params: { lotId: lot.id, itrId: itrs[0].id },
      form: { intent: "delete" },
    });
    expect(deleted.status).toBe(409);
    expect(await db.em.fork().count(Attachment, { entityId: lot.id }, { filters: false })).toBe(1);
  });

  it("refuses the lot's fields, equipment and related lots with a toast, changing nothing", async () => {
    const { project, lot, cookie } = await submitted();
    const edit = await callAction(lotEdit, `/quality/lot/${lot.id}/edit`, {
      cookie,
      params: { id: lot.id },
      form: { title: "Renamed in review" },
    });
    expect(edit.status).toBe(302);
    expect(await toastOf(edit.headers.get("Set-Cookie"))).toMatchObject({
      type: "error",
      message: "quality:lot.toast.inReview",
    });
    const equipment = await callAction(lotDetail, `/quality/lot/${lot.id}`, {
      cookie,
      params: { id: lot.id },
      form: { intent: "equipment-add", name: "Roller" },
    });
    expect(equipment.status).toBe(302);
    const other = await makeLot(db.em, project);
    const relation = await callAction(lotDetail, `/quality/lot/${lot.id}`, {
      cookie,
      params: { id: lot.id },
      form: { intent: "relation-add", relatedNumber: other.number },
    });
    expect(relation.status).toBe(302);
    expect(await db.em.fork().count(LotRelation, {}, { filters: false })).toBe(0);
    const row = await db.em.fork().findOneOrFail(Lot, { id: lot.id }, { filters: false });
    expect(row.title).toBe(lot.title);
    expect(await db.em.fork().count(LotEquipment, { lot: lot.id }, { filters: false })).toBe(0);
  });

  it("unlocks once the engineer returns the lot", async () => {
    const { lot, cookie, items, step } = await submitted();
    expect((await step("engineer_reject", { comment: "Cover short" })).status).toBe(302);
    const checked = await callAction(lotItpTab, `/quality/lot/${lot.id}/itp`, {
      cookie,
      params: { id: lot.id },
      form: { intent: "check", itemId: items[0].id, state: "conforming" },
    });
    expect(checked.status).toBe(302);
  });
});
