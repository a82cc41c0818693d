import { type FilterQuery, QueryOrder } from "@mikro-orm/core";
import type { EntityManager } from "@mikro-orm/postgresql";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { changedFields, recordActivity } from "~/server/audit/activity.server";
import { containsPattern } from "~/server/db/like";
import { isUuid } from "~/server/http/responses";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { availableItpActions, ITP_WORKFLOW_PERMISSIONS } from "../domain/itp-workflow";
import {
  type IItp,
  type IItpItem,
  type IItpTemplate,
  Itp,
  ItpItem,
  ItpReview,
  ItpReviewLink,
  ItpTemplate,
  type ItpTemplateItem,
  LotItemCheck,
} from "../entities";
import { attachmentsByItem } from "./itp-attachments.server";
import {
  ITP_HEADER_FIELDS,
  type ITP_ITEM_FIELDS,
  type ItpEdit,
  type ItpHeader,
  type ItpItemValues,
  readItpListQuery,
  reviewLinkScopeFor,
  reviewLinkState,
} from "./itp-rules";
import { linkLifetimeDays } from "./link-lifetime.server";
import { nextQualityNumber } from "./numbering.server";
import { today } from "./today";

export const ITP_ENTITY = "itp";

/** The permission keys the workflow table checks: a super admin holds them all. */
export function itpGrants(context: Pick<ProjectContext, "user" | "granted">): ReadonlySet<string> {
  return context.user.isSuperAdmin ? new Set(ITP_WORKFLOW_PERMISSIONS) : context.granted;
}

/** Site dates are days: the ITP's creation and approval dates are the server's calendar day (UTC). */
/** Kept here for the callers that take it with the rest of this file. */
export { today };

const dateText = (value: unknown): string | null => {
  if (!value) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
};

/** The ITP of a URL in the request's project (the EntityManager is scoped to it), or a 404. */
export async function itpById(em: EntityManager, id: string | undefined): Promise<IItp> {
  const itp = isUuid(id) ? await em.findOne(Itp, id) : null;
  if (!itp) throw new Response("Not Found", { status: 404 });
  return itp;
}

export async function loadItpList(em: EntityManager, url: URL) {
  const query = readItpListQuery(url.searchParams);
  const page = pageFromSearch(url.searchParams);
  const where: FilterQuery<IItp> = {};
  if (query.status) where.status = query.status;
  if (query.q) {
    const pattern = containsPattern(query.q);
    where.$or = [{ number: { $ilike: pattern } }, { title: { $ilike: pattern } }];
  }
  const order = query.dir === "asc" ? QueryOrder.ASC : QueryOrder.DESC;
  const [itps, total] = await em.findAndCount(Itp, where, {
    orderBy: [{ [query.sort]: order }, { id: QueryOrder.ASC }],
    limit: DEFAULT_PAGE_SIZE,
    offset: (page - 1) * DEFAULT_PAGE_SIZE,
  });
  const counts = await itemCounts(
    em,
    itps.map((itp) => itp.id),
  );
  return {
    query,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    rows: itps.map((itp) => ({
      id: itp.id,
      number: itp.number,
      title: itp.title,
      discipline: itp.discipline ?? null,
      status: itp.status,
      revision: itp.revision,
      itemsCount: counts.get(itp.id) ?? 0,
      updatedAt: itp.updatedAt.toISOString(),
    })),
  };
}
export type ItpListRow = Awaited<ReturnType<typeof loadItpList>>["rows"][number];

async function itemCounts(em: EntityManager, itpIds: string[]): Promise<Map<string, number>> {
  if (itpIds.length === 0) return new Map();
  const rows = await em.execute<{ itp_id: string; items: string }[]>(
    "select itp_id, count(*) as items from itp_item where itp_id in (?) group by itp_id",
    [itpIds],
  );
  return new Map(rows.map((row) => [row.itp_id, Number(row.items)]));
}

function headerOf(source: Pick<IItp, ItpHeaderKey>): ItpHeader {
  return Object.fromEntries(ITP_HEADER_FIELDS.map((field) => [field, source[field] ?? null])) as ItpHeader;
}
type ItpHeaderKey = (typeof ITP_HEADER_FIELDS)[number];

function itemValuesOf(item: Pick<IItpItem, (typeof ITP_ITEM_FIELDS)[number]>): ItpItemValues {
  return {
    activity: item.activity,
    inspectionPoint: item.inspectionPoint,
    acceptanceCriteria: item.acceptanceCriteria ?? null,
    verifyingDocument: item.verifyingDocument ?? null,
    references: item.references ?? null,
    method: item.method ?? null,
    frequency: item.frequency ?? null,
    inspectionKey: item.inspectionKey ?? null,
    subcontractorSignature: item.subcontractorSignature,
    clientSignature: item.clientSignature,
    otherSignatureRole: item.otherSignatureRole ?? null,
  };
}

export async function itemsOf(em: EntityManager, itpId: string) {
  return em.find(ItpItem, { itp: itpId }, { orderBy: { position: "asc", id: "asc" } });
}

/** The header and items as the read-only views (detail, review pages, the client's page) show them. */
export async function loadItpView(em: EntityManager, itp: IItp) {
  await em.populate(itp, ["project", "template"]);
  const items = await itemsOf(em, itp.id);
  return {
    id: itp.id,
    number: itp.number,
    status: itp.status,
    revision: itp.revision,
    projectName: itp.project.name,
    projectNumber: itp.project.number,
    ...headerOf(itp),
    creationDate: dateText(itp.creationDate),
    approvalDate: dateText(itp.approvalDate),
    templateTitle: itp.template?.title ?? null,
    rejectionComment:
      itp.status === "rejected_by_quality" || itp.status === "rejected_by_client"
        ? (itp.lastRejectionComment ?? null)
        : null,
    items: items.map((item) => ({ id: item.id, position: item.position, ...itemValuesOf(item) })),
    attachments: await attachmentsByItem(
      em,
      items.map((item) => item.id),
    ),
  };
}
export type ItpView = Awaited<ReturnType<typeof loadItpView>>;

/** Everything the detail page shows, with what this user may do there. */
export async function loadItpDetail(context: ProjectContext, id: string | undefined) {
  const { em, can } = context;
  const itp = await itpById(em, id);
  const view = await loadItpView(em, itp);
  const [reviews, links] = await Promise.all([
    em.find(
      ItpReview,
      { itp: itp.id },
      { populate: ["reviewer", "link"], orderBy: { createdAt: "desc", id: "desc" } },
    ),
    em.find(
      ItpReviewLink,
      { itp: itp.id },
      { populate: ["createdBy"], orderBy: { createdAt: "desc", id: "desc" } },
    ),
  ]);
  const linkScope = reviewLinkScopeFor(itp.status);
  const actions = availableItpActions(itp.status, itpGrants(context)).map((row) => ({
    action: row.action,
    confirm: Boolean(row.confirm),
  }));
  return {
    itp: view,
    linkDays: await linkLifetimeDays(em, context.project.id),
    reviews: reviews.map((review) => ({
      id: review.id,
      scope: review.scope,
      decision: review.decision,
      revision: review.revision,
      reviewerName: review.reviewerName,
      reviewerAccount: review.reviewer?.name ?? null,
      comment: review.comment ?? null,
      signature: review.signature ?? null,
      linkRecipient: review.link ? (review.link.recipientName ?? review.link.recipientEmail) : null,
      createdAt: review.createdAt.toISOString(),
    })),
    links: links.map((link) => ({
      id: link.id,
      scope: link.scope,
      recipientName: link.recipientName ?? null,
      recipientEmail: link.recipientEmail,
      revision: link.revision,
      createdBy: link.createdBy?.name ?? null,
      createdAt: link.createdAt.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
      state: reviewLinkState(link, itp),
    })),
    actions,
    can: {
      edit: itp.status === "draft" && can("quality.itp.edit"),
      addToLibrary: itp.status === "active" && can("quality.itp.edit-global-template"),
      useAsTemplate: can("quality.itp.create"),
      download: can("quality.itp.download"),
      manageLinks: can("quality.itp.internal-review"),
      sendLink: linkScope !== null && can("quality.itp.internal-review"),
    },
    /** The review a link sent now is for: Quality's while it reviews, the client's while they do. */
    linkScope,
  };
}
export type ItpDetail = Awaited<ReturnType<typeof loadItpDetail>>;

/** Creates a draft ITP with its items and logs where it came from; the caller's transaction holds it. */
async function insertItp(
  tx: EntityManager,
  context: ProjectContext,
  input: {
    header: ItpHeader;
    items: readonly ItpItemValues[];
    template?: IItpTemplate | null;
    source: "blank" | "template" | "import" | "copy";
    copiedFrom?: string;
  },
): Promise<IItp> {
  const number = await nextQualityNumber(tx, context.project.id, "ITP");
  const itp = tx.create(Itp, {
    project: context.project.id,
    number,
    ...input.header,
    status: "draft",
    revision: 0,
    creationDate: today(),
    approvalDate: null,
    submittedBy: null,
    submittedAt: null,
    lastRejectionComment: null,
    template: input.template?.id ?? null,
    createdBy: context.user.id,
  } as never) as IItp;
  input.items.forEach((item, index) => {
    tx.create(ItpItem, { project: context.project.id, itp, ...item, position: index + 1 } as never);
  });
  recordActivity(tx, {
    projectId: context.project.id,
    actorId: context.user.id,
    entityType: ITP_ENTITY,
    entityId: itp.id,
    action: "created",
    after: {
      number,
      title: input.header.title,
      source: input.source,
      items: input.items.length,
      ...(input.template ? { template: input.template.title } : {}),
      ...(input.copiedFrom ? { copiedFrom: input.copiedFrom } : {}),
    },
  });
  return itp;
}

export function createBlankItp(context: ProjectContext, header: ItpHeader) {
  return context.em.transactional((tx) => insertItp(tx, context, { header, items: [], source: "blank" }));
}

export function createImportedItp(
  context: ProjectContext,
  header: ItpHeader,
  items: readonly ItpItemValues[],
) {
  return context.em.transactional((tx) => insertItp(tx, context, { header, items, source: "import" }));
}

/** The global library, searched by title, 10 a page. */
export async function loadTemplateChoices(em: EntityManager, url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = pageFromSearch(url.searchParams);
  const [templates, total] = await em.findAndCount(
    ItpTemplate,
    q ? { title: { $ilike: containsPattern(q) } } : {},
    {
      populate: ["sourceProject"],
      orderBy: [{ title: QueryOrder.ASC }, { id: QueryOrder.ASC }],
      limit: DEFAULT_PAGE_SIZE,
      offset: (page - 1) * DEFAULT_PAGE_SIZE,
    },
  );
  return {
    q,
    page,
    pageSize: DEFAULT_PAGE_SIZE,
    total,
    rows: templates.map((template) => ({
      id: template.id,
      title: template.title,
      discipline: template.discipline ?? null,
      itemsCount: template.items.length,
      source: [template.sourceProject?.name, template.sourceItpNumber].filter(Boolean).join(" · ") || null,
      createdAt: template.createdAt.toISOString(),
    })),
  };
}

/**
 * A new draft ITP copying a library template's header and items under the title the user gives (no
 * certificate number); null when the template is gone.
 */
export async function createFromTemplate(context: ProjectContext, templateId: unknown, title: string) {
  const template = isUuid(templateId) ? await context.em.findOne(ItpTemplate, templateId) : null;
  if (!template) return null;
  const items = [...template.items].sort((a, b) => a.position - b.position).map(itemFromTemplate);
  return context.em.transactional((tx) =>
    insertItp(tx, context, {
      // A certificate number belongs to the plan it was issued for, not to copies made from it.
      header: { ...headerOf(template), title, certificateNumber: null },
      items,
      template,
      source: "template",
    }),
  );
}

function itemFromTemplate(item: ItpTemplateItem): ItpItemValues {
  return itemValuesOf(item);
}

/**
 * "Use as template": a new draft with this ITP's header and items under the title the user gives; its reviews,
 * links and certificate number stay behind (a certificate belongs to the plan it was issued for).
 */
export async function copyItp(context: ProjectContext, source: IItp, title: string) {
  const items = (await itemsOf(context.em, source.id)).map(itemValuesOf);
  return context.em.transactional((tx) =>
    insertItp(tx, context, {
      header: { ...headerOf(source), title, certificateNumber: null },
      items,
      template: source.template ?? null,
      source: "copy",
      copiedFrom: source.number,
    }),
  );
}

/** "Add to global library": a frozen copy any project can start from. Only an approved (active) ITP. */
export async function addToLibrary(context: ProjectContext, itp: IItp) {
  if (itp.status !== "active") return null;
  const items = await itemsOf(context.em, itp.id);
  return context.em.transactional((tx) => {
    const template = tx.create(ItpTemplate, {
      ...headerOf(itp),
      items: items.map((item) => ({ position: item.position, ...itemValuesOf(item) })),
      sourceProject: context.project.id,
      sourceItpNumber: itp.number,
      createdBy: context.user.id,
    } as never) as IItpTemplate;
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: ITP_ENTITY,
      entityId: itp.id,
      action: "added-to-library",
      after: { templateId: template.id, title: template.title, items: items.length },
    });
    return template;
  });
}

/** The edit form's values: the stored ITP, or what was posted when a save was refused. */
export async function loadItpForEdit(em: EntityManager, itp: IItp): Promise<ItpEditDefaults> {
  const items = await itemsOf(em, itp.id);
  return {
    ...Object.fromEntries(ITP_HEADER_FIELDS.map((field) => [field, itp[field] ?? ""])),
    items: items.map((item) => ({
      id: item.id,
      activity: item.activity,
      inspectionPoint: item.inspectionPoint,
      acceptanceCriteria: item.acceptanceCriteria ?? "",
      verifyingDocument: item.verifyingDocument ?? "",
      references: item.references ?? "",
      method: item.method ?? "",
      frequency: item.frequency ?? "",
      inspectionKey: item.inspectionKey ?? "",
      subcontractorSignature: item.subcontractorSignature ? "on" : "",
      clientSignature: item.clientSignature ? "on" : "",
      otherSignatureRole: item.otherSignatureRole ?? "",
    })),
  } as ItpEditDefaults;
}
export type ItpEditDefaults = Record<(typeof ITP_HEADER_FIELDS)[number], string> & {
  items: Array<Record<"id" | (typeof ITP_ITEM_FIELDS)[number], string>>;
};

export type ItpSaveRefusal = { fieldErrors: Record<string, string[]> };

/**
 * Saves the edit form: header changes, and the items in the order posted (updated, added, removed).
 * Items are renumbered from 1. An item a lot has already been checked against is not removed.
 */
export async function saveItp(
  context: ProjectContext,
  itp: IItp,
  values: ItpEdit,
): Promise<{ ok: true } | ({ ok: false } & ItpSaveRefusal)> {
  const { em } = context;
  const stored = await itemsOf(em, itp.id);
  const storedById = new Map(stored.map((item) => [item.id, item]));
  const fieldErrors: Record<string, string[]> = {};
  values.items.forEach((item, index) => {
    if (item.id && !storedById.has(item.id))
      fieldErrors[`items[${index}].activity`] = ["quality:itp.errors.itemGone"];
  });
  const keptIds = new Set(values.items.map((item) => item.id).filter(Boolean));
  const removed = stored.filter((item) => !keptIds.has(item.id));
  if (removed.length > 0) {
    const checked = await em.count(LotItemCheck, { item: { $in: removed.map((item) => item.id) } });
    if (checked > 0) fieldErrors.items = ["quality:itp.errors.itemChecked"];
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };

  const header = headerOf(values as unknown as IItp);
  const before = { ...headerOf(itp), items: stored.map((item) => ({ id: item.id, ...itemValuesOf(item) })) };
  await em.transactional(async (tx) => {
    const current = await tx.findOneOrFail(Itp, itp.id);
    tx.assign(current, header);
    const after: Array<{ id: string } & ItpItemValues> = [];
    values.items.forEach(({ id, ...item }, index) => {
      const existing = id ? storedById.get(id) : undefined;
      if (existing) {
        const row = tx.merge(existing);
        tx.assign(row, { ...item, position: index + 1 });
        after.push({ id: row.id, ...item });
      } else {
        const row = tx.create(ItpItem, {
          project: context.project.id,
          itp: current,
          ...item,
          position: index + 1,
        } as never) as IItpItem;
        after.push({ id: row.id, ...item });
      }
    });
    for (const item of removed) tx.remove(tx.merge(item));
    const changes = changedFields(before as Record<string, unknown>, { ...header, items: after });
    if (Object.keys(changes.after).length > 0) {
      // A reorder alone changes the updatedAt of the items, not the ITP row: touch it so the list shows the edit.
      current.updatedAt = new Date();
      recordActivity(tx, {
        projectId: context.project.id,
        actorId: context.user.id,
        entityType: ITP_ENTITY,
        entityId: itp.id,
        action: "updated",
        ...changes,
      });
    }
  });
  return { ok: true };
}
