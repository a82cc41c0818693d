import { data } from "@remix-run/node";
import ExcelJS from "exceljs";
import { message, parseMessage } from "~/app/utils/message-key";
import { recordActivity } from "~/server/audit/activity.server";
import { xlsxHeaders } from "~/server/exports/xlsx.server";
import { redirectWithToast } from "~/server/http/toast.server";
import type { ProjectContext } from "~/server/permissions/guard.server";
import { cellText, readWorkbookUpload } from "~/server/uploads/workbook-upload.server";
import { AUDIT_PERMISSIONS, CRITERION_RESULTS, type CriterionResult } from "../domain/audit-workflow";
import { type ISafetyAuditAssessment, SafetyAuditAssessment } from "../entities";
import { addCriteria, assessmentAt, canWriteAssessment, type NewCriterion } from "./audit-assessments.server";
import { ASSESSMENT_ENTITY_TYPE, criteriaDetailsPath, criterionSchema } from "./audit-rules";
import type { LoadedSchedule } from "./audits.server";

/**
 * The criteria template (XLSX): one "Criteria" sheet, a criterion a row (Criterion*, Requirement, Finding*,
 * Comment). Uploaded on a location's assessment it adds its rows as criteria (criteria_template_upload);
 * uploaded on the assessment form it starts the location's assessment with them (assessment_template_upload).
 * Every row is checked and each problem named with its row number; when one row is wrong nothing is imported.
 * The workbook is in English whatever the page's language, like the ITP workbook.
 */

export const CRITERIA_SHEET = "Criteria";
export const MAX_TEMPLATE_BYTES = 10 * 1024 * 1024;
/** More rows than an assessment could sensibly hold is a wrong file, not an assessment. */
export const MAX_TEMPLATE_ROWS = 500;

const COLUMNS = [
  { field: "title", header: "Criterion *", width: 40 },
  { field: "requirement", header: "Requirement", width: 50 },
  { field: "result", header: "Finding *", width: 18 },
  { field: "comment", header: "Comment", width: 50 },
] as const;
type Field = (typeof COLUMNS)[number]["field"];

const RESULT_LABELS: Record<CriterionResult, string> = {
  compliant: "Compliant",
  non_compliant: "Non-compliant",
  not_applicable: "Not applicable",
};

const labelKey = (label: string) => label.toLowerCase().replace(/\*/g, "").replace(/\s+/g, " ").trim();
const columnName = (header: string) => header.replace("*", "").trim();

/** A finding as typed: its label or its code, any case; null when it is neither. */
function resultOf(text: string): CriterionResult | null {
  const key = labelKey(text).replace(/[\s-]+/g, "_");
  return (
    CRITERION_RESULTS.find(
      (result) => result === key || labelKey(RESULT_LABELS[result]).replace(/[\s-]+/g, "_") === key,
    ) ?? null
  );
}

/** The template to download: the sheet, its headers and one example row. */
export async function buildCriteriaTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(CRITERIA_SHEET);
  sheet.columns = COLUMNS.map((column) => ({
    header: column.header,
    key: column.field,
    width: column.width,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow({
    title: "Edge protection in place",
    requirement: "Guardrails on every open edge over 2 m",
    result: RESULT_LABELS.compliant,
    comment: "",
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function criteriaTemplateResponse(bytes: Buffer) {
  return new Response(new Uint8Array(bytes), { headers: xlsxHeaders("criteria-template.xlsx") });
}

export type CriteriaImport = { ok: true; criteria: NewCriterion[] } | { ok: false; errors: string[] };

/** "Row 3: Criterion is required" */
function rowMessage(row: number, column: string, issueMessage: string) {
  const { key, params } = parseMessage(issueMessage);
  const kind =
    key === "common:validation.required"
      ? "Required"
      : key === "common:validation.maxLength"
        ? "MaxLength"
        : "Invalid";
  return message(`safety:audit.import.row${kind}`, { ...params, row, column });
}

/** Reads the workbook's criteria; every row is checked, and any problem refuses the whole file. */
export async function readCriteriaWorkbook(bytes: Buffer | Uint8Array): Promise<CriteriaImport> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as never);
  } catch {
    return { ok: false, errors: ["safety:audit.import.unreadable"] };
  }
  const sheet = workbook.getWorksheet(CRITERIA_SHEET);
  if (!sheet) return { ok: false, errors: ["safety:audit.import.wrongSheet"] };
  const columnOf = new Map<Field, number>();
  const byLabel = new Map(COLUMNS.map((column) => [labelKey(column.header), column.field]));
  sheet.getRow(1).eachCell((cell, column) => {
    const field = byLabel.get(labelKey(cellText(cell)));
    if (field && !columnOf.has(field)) columnOf.set(field, column);
  });
  if (!columnOf.has("title") || !columnOf.has("result"))
    return { ok: false, errors: ["safety:audit.import.missingColumns"] };
  const errors: string[] = [];
  const criteria: NewCriterion[] = [];
  let rows = 0;
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const raw = Object.fromEntries(
      COLUMNS.map((column) => {
        const index = columnOf.get(column.field);
        return [column.field, index ? cellText(row.getCell(index)) : ""];
      }),
    ) as Record<Field, string>;
    if (Object.values(raw).every((value) => value === "")) return;
    rows += 1;
    if (rows > MAX_TEMPLATE_ROWS) return;
    const result = resultOf(raw.result);
    const rowErrors: string[] = [];
    if (raw.result && !result)
      rowErrors.push(message("safety:audit.import.rowFinding", { row: rowNumber, column: "Finding" }));
    const parsed = criterionSchema.safeParse({
      ...Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== "")),
      result: result ?? (raw.result ? "compliant" : undefined),
    });
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const header = COLUMNS.find((column) => column.field === issue.path[0])?.header ?? "";
        rowErrors.push(rowMessage(rowNumber, columnName(header), issue.message));
      }
    if (rowErrors.length > 0) errors.push(...rowErrors);
    else if (parsed.success)
      criteria.push({
        title: parsed.data.title,
        requirement: parsed.data.requirement || null,
        result: parsed.data.result,
        comment: parsed.data.comment || null,
      });
  });
  if (rows === 0) errors.push("safety:audit.import.noRows");
  if (rows > MAX_TEMPLATE_ROWS)
    errors.push(message("safety:audit.import.tooManyRows", { max: MAX_TEMPLATE_ROWS }));
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, criteria };
}

const refused = (errors: string[]) => data({ importErrors: errors }, { status: 400 });

/**
 * Imports the template's criteria onto a location: into its assessment (the criteria template), or starting
 * the assessment with them (the assessment template). One transaction: all rows or none.
 */
export async function importCriteriaTemplate(
  context: ProjectContext,
  loaded: LoadedSchedule,
  target: { locationId: string; assessment: ISafetyAuditAssessment | null; kind: "criteria" | "assessment" },
  request: Request,
) {
  const permission =
    target.kind === "criteria"
      ? AUDIT_PERMISSIONS.criteriaTemplateUpload
      : AUDIT_PERMISSIONS.assessmentTemplateUpload;
  if (!canWriteAssessment(context, loaded, target.assessment, permission))
    throw new Response("Forbidden", { status: 403 });
  const upload = await readWorkbookUpload(request, {
    maxBytes: MAX_TEMPLATE_BYTES,
    notXlsxMessage: "safety:audit.import.notXlsx",
  });
  if ("error" in upload) return refused([upload.error]);
  if (!upload.workbook) return refused(["safety:audit.import.noFile"]);
  const read = await readCriteriaWorkbook(upload.workbook);
  if (!read.ok) return refused(read.errors);
  const { em, project, user } = context;
  await em.transactional(async (tx) => {
    let assessmentId =
      target.assessment?.id ?? (await assessmentAt(tx, loaded.schedule.id, target.locationId))?.id;
    if (!assessmentId) {
      const created = tx.create(SafetyAuditAssessment, {
        project: project.id,
        schedule: loaded.schedule.id,
        location: target.locationId,
        status: "draft",
        createdBy: user.id,
      } as never) as ISafetyAuditAssessment;
      assessmentId = created.id;
      recordActivity(tx, {
        projectId: project.id,
        actorId: user.id,
        entityType: ASSESSMENT_ENTITY_TYPE,
        entityId: created.id,
        action: "created",
        after: { status: "draft", template: true },
      });
    }
    await addCriteria(tx, { projectId: project.id, actorId: user.id, assessmentId }, read.criteria);
  });
  return redirectWithToast(criteriaDetailsPath(loaded.schedule.id, target.locationId), {
    type: "success",
    message: "safety:audit.toast.imported",
    params: { count: read.criteria.length },
  });
}
