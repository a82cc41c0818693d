import { z } from "zod";
import { readListSort } from "~/app/ui/list-sort";
import { isIsoDay } from "~/app/utils/iso-day";
import { maxLengthMessage, requiredMessage } from "~/app/utils/message-key";
import { ENFORCEMENT_OBJECT_TYPES, ENFORCEMENT_RESULTS, objectKey } from "../domain/enforcement-scan";
import { ENFORCEMENT_LIMITS, ENFORCEMENT_SORTS } from "./enforcement-basics";

export * from "./enforcement-basics";

/** The scan form and the register's query (shared with the browser: no Remix, no MikroORM). */

const text = (limit: number) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(limit, maxLengthMessage(limit));
const optionalText = (limit: number) => z.string().trim().max(limit, maxLengthMessage(limit)).optional();

export const scanCreateSchema = z.object({
  objectType: z.enum(ENFORCEMENT_OBJECT_TYPES, { error: requiredMessage }),
  objectId: text(ENFORCEMENT_LIMITS.objectId),
  objectName: text(ENFORCEMENT_LIMITS.objectName),
  activity: optionalText(ENFORCEMENT_LIMITS.activity),
  comment: optionalText(ENFORCEMENT_LIMITS.comment),
  ncrRaised: z.preprocess((value) => value === "on" || value === "true", z.boolean()).default(false),
  status: z.enum(ENFORCEMENT_RESULTS, { error: requiredMessage }),
});
export type ScanCreateForm = z.infer<typeof scanCreateSchema>;

const dayOrNull = (value: string | null) => (value && isIsoDay(value) ? value : null);
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

export function readScanQuery(params: URLSearchParams) {
  const type = oneOf(ENFORCEMENT_OBJECT_TYPES, params.get("type"));
  const object = objectKey(params.get("object") ?? "").slice(0, ENFORCEMENT_LIMITS.objectId);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    type,
    /** One object's history: its tag, with its type. */
    object: type && object ? object : null,
    status: oneOf(ENFORCEMENT_RESULTS, params.get("status")),
    from: dayOrNull(params.get("from")),
    to: dayOrNull(params.get("to")),
    ...readListSort(params, ENFORCEMENT_SORTS, { sort: "number", dir: "desc" }),
  };
}
export type ScanQuery = ReturnType<typeof readScanQuery>;
