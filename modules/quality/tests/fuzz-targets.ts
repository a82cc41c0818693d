/** Quality's forms, for the fuzz suite (tests/fuzz): lots, ITPs, their reviews, locations and uploads. */
import { z } from "zod";
import { newStorageKey } from "~/plugins/storage/index.server";
import { Attachment } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import {
  createLocationSchema,
  deleteLocationSchema,
  moveLocationSchema,
  renameLocationSchema,
} from "~/server/locations/location-rules";
import { createLocation } from "~/server/locations/locations.server";
import { settingsFuzzForms } from "~/tests/fuzz/settings-forms";
import { type FuzzWorld, fuzzTargets } from "~/tests/fuzz/targets";
import { Defect, ItpReviewLink, ItpTemplate, LotEquipment, LotItp, LotRelation, Ncr } from "../entities";
import { defectFormSchema, defectTransitionSchema } from "../server/defect-rules";
import { ITP_ITEM_ATTACHMENT } from "../server/itp-attachments.server";
import { hashReviewToken } from "../server/itp-review.server";
import {
  externalReviewSchema,
  internalReviewSchema,
  itpEditSchema,
  itpHeaderSchema,
  reviewLinkSchema,
} from "../server/itp-rules";
import {
  lotReviewDecisionSchema,
  lotReviewLinkSchema,
  notifyClientSchema,
  pointDecisionSchema,
  revokeLinkSchema,
} from "../server/lot-client-link-rules";
import { pointStepSchema } from "../server/lot-hp-wp.server";
import {
  assignItpSchema,
  checkItemSchema,
  signItemSchema,
  unassignItpSchema,
} from "../server/lot-itp.server";
import { ITR_ENTITY_TYPE } from "../server/lot-itr-rules";
import { itrFormSchema } from "../server/lot-itrs.server";
import {
  dtiAuditSchema,
  equipmentAddSchema,
  equipmentRemoveSchema,
  lotFormSchema,
  relationAddSchema,
  relationRemoveSchema,
  transitionSchema,
} from "../server/lot-rules";
import { ncrRaiseSchema, ncrSaveSchema, ncrTransitionSchema } from "../server/ncr-rules";
import { clientLinkRecords, POINT_LINK_TOKEN, REVIEW_LINK_TOKEN } from "./hold-point-fuzz";
import { assign, makeItp, makeLot } from "./reports-fixtures";

/** The core settings forms a quality settings page shows (each saved, and reset to its defaults). */
const qualitySettingsForms = (forms: string[]) =>
  settingsFuzzForms("project").filter((form) =>
    forms.some((name) => form.name.startsWith(`quality.${name} `)),
  );

const REVIEW_TOKEN = "fuzz-review-token-0123456789abcdefghijklmnopqrstuvw";
const noFields = z.object({});

/** The records quality's pages work on: a lot with an ITP, equipment, a related lot, an ITR, a location… */
async function qualityRecords(world: FuzzWorld) {
  const em = world.em;
  const { project } = world;
  const scoped = scopeToProject(em, project.id);
  const lot = await makeLot(em, project, { title: "Deck pour" });
  const other = await makeLot(em, project, { title: "Pier cap" });
  const { itp: assigned, items } = await makeItp(em, project, { status: "active" });
  await assign(em, project, lot, assigned);
  const { itp: draft, items: draftItems } = await makeItp(em, project, { status: "draft" });
  const { itp: internal } = await makeItp(em, project, { status: "internal_review" });
  const { itp: external } = await makeItp(em, project, { status: "external_review" });
  const equipment = scoped.create(LotEquipment, {
    project,
    lot,
    name: "Excavator 20 t",
    description: null,
  } as never);
  const relation = scoped.create(LotRelation, { project, lot, related: other } as never);
  const attachment = (entityType: string, entityId: string) =>
    scoped.create(Attachment, {
      project,
      entityType,
      entityId,
      title: "Test report",
      description: null,
      fileName: "report.pdf",
      contentType: "application/pdf",
      size: 12,
      storageKey: newStorageKey(),
      uploadedBy: world.withRights.user,
    } as never);
  const itr = attachment(ITR_ENTITY_TYPE, lot.id);
  const itemFile = attachment(ITP_ITEM_ATTACHMENT, draftItems[0].id);
  const link = scoped.create(ItpReviewLink, {
    project,
    itp: external,
    scope: "EXTERNAL",
    tokenHash: hashReviewToken(REVIEW_TOKEN),
    recipientName: "Carl Client",
    recipientEmail: "carl@client.test",
    revision: external.revision,
    expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
  } as never);
  const template = em.create(ItpTemplate, {
    title: "Concrete works",
    items: [],
    sourceItpNumber: null,
  } as never);
  await scoped.flush();
  await em.flush();
  // The fixtures' numbers were not drawn from the project's counters: new records start past them.
  await em.execute(
    `insert into project_counter (project_id, kind, value) values (?, 'ITP', 5000), (?, 'LOT', 5000)
     on conflict (project_id, kind) do update set value = 5000`,
    [project.id, project.id],
  );
  const location = await createLocation(
    { em, projectId: project.id, actorId: null },
    { name: "North abutment" },
  );
  const locationId = location.ok ? location.value.id : null;
  const lotItp = await scoped.findOneOrFail(LotItp, { lot: lot.id });
  const ids = [
    lot.id,
    other.id,
    assigned.id,
    draft.id,
    ...items.map((item) => item.id),
    ...draftItems.map((item) => item.id),
    equipment.id,
    relation.id,
    itr.id,
    itemFile.id,
    link.id,
    template.id,
    lotItp.id,
    ...(locationId ? [locationId] : []),
  ];
  return { lot, other, draft, draftItems, internal, external, itr, itemFile, ids };
}

const withIntent = (intent: string) => ({ intent });

/** A raised defect assigned to the fuzz suite's member with rights (so their steps are reachable), and a draft of theirs. */
async function defectRecords(world: FuzzWorld) {
  const records = await qualityRecords(world);
  const scoped = scopeToProject(world.em, world.project.id);
  const made = (number: string, status: "pending" | "draft") =>
    scoped.create(Defect, {
      project: world.project,
      number,
      title: `Defect ${number}`,
      status,
      priority: "normal",
      lot: records.lot,
      assignee: world.withRights.user,
      createdBy: world.withRights.user,
    } as never);
  const raised = made("DEF-0001", "pending");
  const draft = made("DEF-0002", "draft");
  await scoped.flush();
  await world.em.execute(
    `insert into project_counter (project_id, kind, value) values (?, 'DEF', 5000)
     on conflict (project_id, kind) do update set value = 5000`,
    [world.project.id],
  );
  return { raised, draft, ids: [...records.ids, raised.id, draft.id, world.withRights.user.id] };
}

export const targets = fuzzTargets({
  "/quality/lot": {
    forms: [
      { name: "location-create", schema: createLocationSchema, fixed: withIntent("location-create") },
      { name: "location-rename", schema: renameLocationSchema, fixed: withIntent("location-rename") },
      { name: "location-move", schema: moveLocationSchema, fixed: withIntent("location-move") },
      { name: "location-delete", schema: deleteLocationSchema, fixed: withIntent("location-delete") },
    ],
    async arrange(world) {
      return { ids: (await qualityRecords(world)).ids };
    },
  },
  "/quality/lot/create": {
    forms: [{ name: "new lot", schema: lotFormSchema }],
    async arrange(world) {
      return { ids: (await qualityRecords(world)).ids };
    },
  },
  "/quality/lot/:id": {
    forms: [
      { name: "transition", schema: transitionSchema },
      { name: "equipment-add", schema: equipmentAddSchema },
      { name: "equipment-remove", schema: equipmentRemoveSchema },
      { name: "relation-add", schema: relationAddSchema },
      { name: "relation-remove", schema: relationRemoveSchema },
      { name: "dti-save", schema: dtiAuditSchema },
    ],
    async arrange(world) {
      const { lot, ids } = await qualityRecords(world);
      return { params: { id: lot.id }, ids };
    },
  },
  "/quality/lot/:id/edit": {
    forms: [{ name: "edit lot", schema: lotFormSchema }],
    async arrange(world) {
      const { lot, ids } = await qualityRecords(world);
      return { params: { id: lot.id }, ids };
    },
  },
  "/quality/lot/:id/itp": {
    forms: [
      { name: "assign", schema: assignItpSchema },
      { name: "unassign", schema: unassignItpSchema },
      { name: "check", schema: checkItemSchema },
      { name: "sign", schema: signItemSchema },
    ],
    async arrange(world) {
      const { lot, ids } = await qualityRecords(world);
      return { params: { id: lot.id }, ids };
    },
  },
  "/quality/lot/:id/hp-wp": {
    // The lot's ITP has a hold point (its second item): the steps reach a real point.
    forms: [{ name: "point", schema: pointStepSchema }],
    async arrange(world) {
      const { lot, ids } = await qualityRecords(world);
      return { params: { id: lot.id }, ids };
    },
  },
  "/quality/lot/:id/report": {
    forms: [{ name: "generate", schema: noFields }],
    async arrange(world) {
      const { lot } = await qualityRecords(world);
      return { params: { id: lot.id } };
    },
  },
  "/quality/lot/:lotId/itr/new": {
    forms: [{ name: "upload", schema: itrFormSchema, files: ["files"] }],
    async arrange(world) {
      const { lot } = await qualityRecords(world);
      return { params: { lotId: lot.id } };
    },
  },
  "/quality/lot/:lotId/itr/:itrId": {
    forms: [{ name: "delete", schema: noFields, fixed: withIntent("delete") }],
    async arrange(world) {
      const { lot, itr } = await qualityRecords(world);
      return { params: { lotId: lot.id, itrId: itr.id } };
    },
  },
  "/quality/itp/create": {
    forms: [
      { name: "blank", schema: itpHeaderSchema, fixed: withIntent("blank") },
      { name: "template", schema: z.object({ templateId: z.uuid() }), fixed: withIntent("template") },
      { name: "upload", schema: z.object({}), fixed: withIntent("upload"), files: ["workbook"] },
    ],
    async arrange(world) {
      return { ids: (await qualityRecords(world)).ids };
    },
  },
  "/quality/itp/:id": {
    forms: [
      ...["submit_for_review", "revise", "archive", "restore", "add-to-library", "use-as-template"].map(
        (intent) => ({
          name: intent,
          schema: z.object({ confirmed: z.enum(["yes", "no"]).optional() }),
          fixed: withIntent(intent),
        }),
      ),
      { name: "revoke-link", schema: z.object({ linkId: z.uuid() }), fixed: withIntent("revoke-link") },
      { name: "send-link", schema: reviewLinkSchema, fixed: withIntent("send-link") },
    ],
    async arrange(world) {
      const { draft, ids } = await qualityRecords(world);
      return { params: { id: draft.id }, ids };
    },
  },
  "/quality/itp/:id/edit": {
    forms: [{ name: "edit itp", schema: itpEditSchema }],
    async arrange(world) {
      const { draft, ids } = await qualityRecords(world);
      return { params: { id: draft.id }, ids };
    },
  },
  "/quality/itp/:id/items/:itemId/attachments": {
    forms: [{ name: "upload", schema: noFields, files: ["files"] }],
    async arrange(world) {
      const { draft, draftItems } = await qualityRecords(world);
      return { params: { id: draft.id, itemId: draftItems[0].id } };
    },
  },
  "/quality/itp/:id/attachments/:attachmentId": {
    forms: [{ name: "remove", schema: noFields }],
    async arrange(world) {
      const { draft, itemFile } = await qualityRecords(world);
      return { params: { id: draft.id, attachmentId: itemFile.id } };
    },
  },
  "/quality/itp/internal-review/:id": {
    forms: [{ name: "decision", schema: internalReviewSchema }],
    async arrange(world) {
      const { internal, ids } = await qualityRecords(world);
      return { params: { id: internal.id }, ids };
    },
  },
  "/quality/itp/external-review/:id": {
    forms: [{ name: "decision", schema: externalReviewSchema }],
    async arrange(world) {
      const { external, ids } = await qualityRecords(world);
      return { params: { id: external.id }, ids };
    },
  },
  "/quality/ncr/create": {
    forms: [{ name: "raise", schema: ncrRaiseSchema }],
    async arrange(world) {
      return { ids: (await qualityRecords(world)).ids };
    },
  },
  "/quality/ncr/:id": {
    forms: [
      { name: "save", schema: ncrSaveSchema },
      { name: "transition", schema: ncrTransitionSchema },
    ],
    async arrange(world) {
      const { lot, ids } = await qualityRecords(world);
      const scoped = scopeToProject(world.em, world.project.id);
      const ncr = scoped.create(Ncr, {
        project: world.project,
        number: "NCR-0900",
        type: "product",
        lot,
        title: "Honeycombing",
        description: "Voids at the east end",
        raisedOn: "2026-11-20",
      } as never);
      await scoped.flush();
      return { params: { id: ncr.id }, ids: [...ids, ncr.id] };
    },
  },
  "/quality/ncr/:id/files": {
    forms: [{ name: "upload", schema: noFields, files: ["files"] }],
    async arrange(world) {
      const { lot } = await qualityRecords(world);
      const scoped = scopeToProject(world.em, world.project.id);
      const ncr = scoped.create(Ncr, {
        project: world.project,
        number: "NCR-0901",
        type: "product",
        lot,
        title: "Cracked cover",
        description: "Hairline cracks at the joint",
        raisedOn: "2026-11-20",
      } as never);
      await scoped.flush();
      return { params: { id: ncr.id } };
    },
  },
  "/external/itp/:id": {
    forms: [{ name: "client decision", schema: externalReviewSchema, fixed: { token: REVIEW_TOKEN } }],
    async arrange(world) {
      const { external } = await qualityRecords(world);
      return { params: { id: external.id }, search: `?token=${REVIEW_TOKEN}` };
    },
  },
  "/quality/defects/create": {
    forms: [{ name: "new defect", schema: defectFormSchema }],
    async arrange(world) {
      return { ids: (await defectRecords(world)).ids };
    },
  },
  "/quality/defects/:id": {
    forms: [{ name: "transition", schema: defectTransitionSchema }],
    async arrange(world) {
      const { raised, ids } = await defectRecords(world);
      return { params: { id: raised.id }, ids };
    },
  },
  "/quality/defects/:id/edit": {
    forms: [{ name: "edit defect", schema: defectFormSchema }],
    async arrange(world) {
      const { raised, ids } = await defectRecords(world);
      return { params: { id: raised.id }, ids };
    },
  },
  "/quality/defects/:id/files": {
    forms: [{ name: "upload", schema: noFields, files: ["files"] }],
    async arrange(world) {
      const { raised } = await defectRecords(world);
      return { params: { id: raised.id } };
    },
  },
  "/quality/hp-wp/notify": {
    forms: [{ name: "notify client", schema: notifyClientSchema }],
    async arrange(world) {
      const { lot, hold, ids } = await clientLinkRecords(world);
      return { search: `?point=${lot.id}:${hold.id}`, ids };
    },
  },
  "/quality/lot/:id/client-links": {
    forms: [
      { name: "send-review-link", schema: lotReviewLinkSchema },
      { name: "revoke-link", schema: revokeLinkSchema },
    ],
    async arrange(world) {
      const { reviewed, ids } = await clientLinkRecords(world);
      return { params: { id: reviewed.id }, ids };
    },
  },
  "/quality/lot/:lotId/hp-wp-attachment/:itpId": {
    forms: [{ name: "evidence", schema: noFields, files: ["files"] }],
    async arrange(world) {
      const { lot, hold } = await clientLinkRecords(world);
      return { params: { lotId: lot.id, itpId: hold.id } };
    },
  },
  "/external/hp-wp/:id": {
    forms: [{ name: "client point decision", schema: pointDecisionSchema, files: ["files"] }],
    async arrange(world) {
      const { pointLink, ids } = await clientLinkRecords(world);
      return { params: { id: pointLink.id }, search: `?token=${POINT_LINK_TOKEN}`, ids };
    },
  },
  "/external/lot/:lotId/hp-wp/:hpwpId": {
    forms: [{ name: "client point decision", schema: pointDecisionSchema, files: ["files"] }],
    async arrange(world) {
      const { lot, hold, ids } = await clientLinkRecords(world);
      return { params: { lotId: lot.id, hpwpId: hold.id }, search: `?token=${POINT_LINK_TOKEN}`, ids };
    },
  },
  "/external/lot/:id": {
    forms: [{ name: "client lot review", schema: lotReviewDecisionSchema }],
    async arrange(world) {
      const { reviewed, ids } = await clientLinkRecords(world);
      return { params: { id: reviewed.id }, search: `?token=${REVIEW_LINK_TOKEN}`, ids };
    },
  },
  "/quality/lot/notification": { forms: qualitySettingsForms(["lotNotifications"]) },
  "/quality/itp/notification": { forms: qualitySettingsForms(["itpNotifications"]) },
  "/quality/settings": { forms: qualitySettingsForms(["numbering", "holdPoints"]) },
});
