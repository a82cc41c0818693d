import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { DEFAULT_PAGE_SIZE, pageFromSearch } from "~/app/ui/pagination-range";
import { message } from "~/app/utils/message-key";
import { changedFields, recordActivity } from "~/server/audit/activity.server";
import { dayOfDateColumn } from "~/server/db/date-column";
import { isUuid } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { DOWNSTREAM_PERMISSIONS } from "../domain/downstream-workflow";
import type { SecurityKind } from "../domain/vocabularies";
import { type ISubcontract, type ISupplierSecurity, SupplierSecurity } from "../entities";
import { SECURITY_ENTITY_TYPE, subcontractPath } from "./downstream-basics";
import { centsForInput } from "./money-form";
import { siteToday } from "./rfa.server";
import { SECURITY_WARNING_DAYS, type SecurityWarning, securityWarning } from "./subcontract-changes-basics";
import { securityReleaseSchema, securitySchema } from "./subcontract-changes-forms";

/**
 * A subcontract's supplier securities (bank guarantees, bonds, cash retention, parent guarantees): the register
 * with its expiry warnings, the add and edit forms, and the release. Changing them is edit-supplier's (spec 6).
 */

const P = DOWNSTREAM_PERMISSIONS;

export type SecurityRow = {
  id: string;
  kind: SecurityKind;
  reference: string;
  issuer: string | null;
  amountCents: number;
  issueDate: string | null;
  expiryDate: string | null;
  releasedOn: string | null;
  warning: SecurityWarning;
};

function securityRow(security: ISupplierSecurity, today: string): SecurityRow {
  const dates = {
    issueDate: dayOfDateColumn(security.issueDate),
    expiryDate: dayOfDateColumn(security.expiryDate),
    releasedOn: dayOfDateColumn(security.releasedOn),
  };
  return {
    id: security.id,
    kind: security.kind,
    reference: security.reference,
    issuer: security.issuer ?? null,
    amountCents: Number(security.amountCents),
    ...dates,
    warning: securityWarning(dates, today),
  };
}

/** Held (not released) total and how many held securities have expired or expire soon, over every row. */
async function securityTotals(context: ProjectContext, subcontractId: string, today: string) {
  const [row] = await context.em.execute<{ held: string | null; expired: string; expiring: string }[]>(
    `select sum(amount_cents) filter (where released_on is null) as held,
            count(*) filter (where released_on is null and expiry_date < ?::date) as expired,
            count(*) filter (where released_on is null and expiry_date >= ?::date
                               and expiry_date <= ?::date + ?::int) as expiring
       from supplier_security where subcontract_id = ? and project_id = ?`,
    [today, today, today, SECURITY_WARNING_DAYS, subcontractId, context.project.id],
  );
  return {
    heldCents: Number(row?.held ?? 0),
    expired: Number(row?.expired ?? 0),
    expiring: Number(row?.expiring ?? 0),
  };
}

/** The securities page: a page of rows (soonest expiry first), totals and warnings, and who may change them. */
export async function loadSecurityPage(context: ProjectContext, subcontract: ISubcontract, url: URL) {
  const page = pageFromSearch(url.searchParams);
  const today = await siteToday(context);
  const [[records, total], totals] = await Promise.all([
    context.em.findAndCount(
      SupplierSecurity,
      { subcontract: subcontract.id, project: context.project.id },
      {
        orderBy: { expiryDate: "asc nulls last", createdAt: "asc", id: "asc" } as never,
        limit: DEFAULT_PAGE_SIZE,
        offset: (page - 1) * DEFAULT_PAGE_SIZE,
      },
    ),
    securityTotals(context, subcontract.id, today),
  ]);
  return {
    subcontract: {
      id: subcontract.id,
      code: subcontract.code,
      title: subcontract.title,
      status: subcontract.status,
    },
    register: {
      rows: records.map((record) => securityRow(record, today)),
      page,
      pageSize: DEFAULT_PAGE_SIZE,
      total,
      totals,
    },
    today,
    canEdit: context.can(P.editSupplier),
  };
}

/** A security of the subcontract by the URL's id, or a 404. */
export async function securityById(context: ProjectContext, subcontract: ISubcontract, id: unknown) {
  const security = isUuid(id)
    ? await context.em.findOne(SupplierSecurity, {
        id,
        subcontract: subcontract.id,
        project: context.project.id,
      })
    : null;
  if (!security) throw new Response("Not found", { status: 404 });
  return security;
}

/** The edit form's values as the fields show them. */
export const securityFormValues = (security: ISupplierSecurity) => ({
  kind: security.kind,
  reference: security.reference,
  issuer: security.issuer ?? "",
  amount: centsForInput(Number(security.amountCents)),
  issueDate: dayOfDateColumn(security.issueDate) ?? "",
  expiryDate: dayOfDateColumn(security.expiryDate) ?? "",
});

const fieldsOf = (values: ReturnType<typeof securitySchema.parse>) => ({
  kind: values.kind,
  reference: values.reference,
  issuer: values.issuer,
  amountCents: values.amount,
  issueDate: values.issueDate,
  expiryDate: values.expiryDate,
});

const toSecurities = (subcontract: ISubcontract, key: string, reference: string) =>
  redirectWithToast(subcontractPath(subcontract.id, "securities"), {
    type: "success",
    message: `cost-and-commercial:security.toast.${key}`,
    params: { reference },
  });

/** Adds a security from its form (the expiry after the issue day), with its activity entry. */
export async function createSecurity(context: ProjectContext, subcontract: ISubcontract, formData: FormData) {
  const submission = parseWithZod(formData, { schema: securitySchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const fields = fieldsOf(submission.value);
  await context.em.transactional(async (tx) => {
    const security = tx.create(SupplierSecurity, {
      project: context.project.id,
      subcontract: subcontract.id,
      ...fields,
    } as never) as ISupplierSecurity;
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: SECURITY_ENTITY_TYPE,
      entityId: security.id,
      action: "created",
      after: { ...fields, subcontract: subcontract.code },
    });
  });
  return toSecurities(subcontract, "created", fields.reference);
}

/** Saves a security's fields, with an entry of what changed. A released one keeps its release day. */
export async function updateSecurity(
  context: ProjectContext,
  subcontract: ISubcontract,
  security: ISupplierSecurity,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: securitySchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const fields = fieldsOf(submission.value);
  await context.em.transactional(async (tx) => {
    const row = await tx.findOneOrFail(SupplierSecurity, { id: security.id, project: context.project.id });
    const before = {
      kind: row.kind,
      reference: row.reference,
      issuer: row.issuer ?? null,
      amountCents: Number(row.amountCents),
      issueDate: dayOfDateColumn(row.issueDate),
      expiryDate: dayOfDateColumn(row.expiryDate),
    };
    tx.assign(row, fields as never);
    const changes = changedFields(before, fields);
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: SECURITY_ENTITY_TYPE,
      entityId: row.id,
      action: "updated",
      ...changes,
    });
  });
  return toSecurities(subcontract, "updated", fields.reference);
}

/** Records the day a held security was given back; a released one cannot be released again. */
export async function releaseSecurity(
  context: ProjectContext,
  subcontract: ISubcontract,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: securityReleaseSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { id, releasedOn } = submission.value;
  const security = await securityById(context, subcontract, id);
  const released = await context.em.transactional(async (tx) => {
    const row = await tx.findOneOrFail(SupplierSecurity, { id: security.id, project: context.project.id });
    if (row.releasedOn) return false;
    row.releasedOn = releasedOn as never;
    recordActivity(tx, {
      projectId: context.project.id,
      actorId: context.user.id,
      entityType: SECURITY_ENTITY_TYPE,
      entityId: row.id,
      action: "released",
      before: { releasedOn: null },
      after: { releasedOn },
    });
    return true;
  });
  if (!released)
    return data(
      submission.reply({ formErrors: [message("cost-and-commercial:security.errors.alreadyReleased")] }),
      { status: 409 },
    );
  return toSecurities(subcontract, "released", security.reference);
}
