/**
 * The fuzz targets of the intray, signing links, the external signing page, the ACC connection settings and
 * posting (tests/fuzz): spread into the module's fuzz-targets.ts.
 */
import { z } from "zod";
import { Attachment } from "~/server/db/entities";
import { scopeToProject } from "~/server/db/project-scope";
import { hashLinkToken } from "~/server/links/tokens.server";
import { type FuzzWorld, fuzzTargets } from "~/tests/fuzz/targets";
import { DocketSigningLink } from "../docket-signing-entities";
import { Docket, DocketItem, type IDocket, IntrayItem } from "../entities";
import { accConnectionSchema } from "../server/acc-connection-settings.server";
import { signingToken } from "../server/docket-signing.server";
import { intrayUploadSchema } from "../server/intray.server";

const noFields = z.object({});
const item = z.object({ itemId: z.uuid() });

/** A docket in review with an item and an open signing link, an approved one, and an intray item. */
async function flowRecords(world: FuzzWorld) {
  const em = scopeToProject(world.em, world.project.id);
  const docket = em.create(Docket, {
    project: world.project,
    number: "DKT-9001",
    docketDate: "2026-11-20",
    status: "in_review",
    totalCents: 10000,
  } as never) as IDocket;
  const approved = em.create(Docket, {
    project: world.project,
    number: "DKT-9002",
    docketDate: "2026-11-21",
    status: "approved",
    totalCents: 10000,
  } as never) as IDocket;
  em.create(DocketItem, {
    project: world.project,
    docket,
    position: 0,
    code: "LAB",
    title: "Labour",
    unitOfMeasure: "hr",
    unitPriceCents: 10000,
    quantity: "1.000",
    amountCents: 10000,
  } as never);
  const link = em.create(DocketSigningLink, {
    project: world.project,
    docket,
    tokenHash: "0".repeat(64),
    expiresAt: new Date(Date.now() + 86_400_000),
  } as never);
  link.tokenHash = hashLinkToken(signingToken(link));
  const intrayId = crypto.randomUUID();
  const file = em.create(Attachment, {
    project: world.project,
    entityType: "dockets.intray",
    entityId: intrayId,
    title: "scan.png",
    fileName: "scan.png",
    contentType: "image/png",
    size: 1,
    storageKey: "ab/abcdef00-0000-4000-8000-000000000000",
  } as never);
  em.create(IntrayItem, {
    id: intrayId,
    project: world.project,
    imageName: "scan.png",
    attachmentId: file.id,
    active: true,
  } as never);
  await em.flush();
  // The fixtures' numbers were not drawn from the project's counter: new dockets start past them.
  await world.em.execute(
    `insert into project_counter (project_id, kind, value) values (?, 'DKT', 9002)
     on conflict (project_id, kind) do update set value = 9002`,
    [world.project.id],
  );
  return {
    docket,
    approved,
    token: signingToken(link),
    ids: [docket.id, approved.id, link.id, intrayId, world.withRights.user.id],
  };
}

export const flowFuzzTargets = fuzzTargets({
  "/dockets/intray": {
    forms: [
      { name: "upload", schema: intrayUploadSchema, files: ["files"] },
      { name: "set-aside", schema: item, fixed: { intent: "set-aside" } },
      { name: "restore", schema: item, fixed: { intent: "restore" } },
      {
        name: "delete",
        schema: item.extend({ confirmed: z.literal("yes").optional() }),
        fixed: { intent: "delete" },
      },
      { name: "write-up", schema: item, fixed: { intent: "write-up" } },
    ],
    async arrange(world) {
      return { ids: (await flowRecords(world)).ids };
    },
  },
  "/dockets/:id/signing-link": {
    forms: [
      { name: "create", schema: noFields, fixed: { intent: "create" } },
      { name: "revoke", schema: z.object({ linkId: z.uuid() }), fixed: { intent: "revoke" } },
    ],
    async arrange(world) {
      const records = await flowRecords(world);
      return { params: { id: records.docket.id }, ids: records.ids };
    },
  },
  "/external/dockets/sign/:token": {
    forms: [
      { name: "sign", schema: z.object({ name: z.string().min(2).max(200), confirm: z.literal("on") }) },
    ],
    async arrange(world) {
      const records = await flowRecords(world);
      return { params: { token: records.token }, ids: records.ids };
    },
  },
  "/dockets/settings/acc": {
    forms: [
      { name: "save", schema: accConnectionSchema, fixed: { intent: "save" } },
      { name: "test", schema: noFields, fixed: { intent: "test" } },
      { name: "remove", schema: noFields, fixed: { intent: "remove" } },
    ],
  },
  "/dockets/:id/post": {
    forms: [{ name: "post", schema: noFields }],
    async arrange(world) {
      const records = await flowRecords(world);
      return { params: { id: records.approved.id }, ids: records.ids };
    },
  },
  "/dockets/post-approved": { forms: [{ name: "post all", schema: noFields }] },
});
