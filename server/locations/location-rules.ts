import { z } from "zod";
import { maxLengthMessage, message, requiredMessage } from "~/app/utils/message-key";
import { tidyName } from "~/server/admin/company-rules";

/** Location rules shared by the server and the browser's form validation: no Remix, no MikroORM here. */

export const LOCATION_LIMITS = {
  /** The entity's column size. */
  name: 200,
  /** Levels below a root; deep enough for site › area › structure › element › part, and bounds the path. */
  maxDepth: 10,
} as const;

const locationId = z.uuid({ error: message("locations:errors.notFound") });

/** An optional parent: missing or "" means a root (a select's "no parent" option posts ""). */
const parentId = z.preprocess(
  (value) => (value === "" || value === undefined ? null : value),
  locationId.nullable(),
);

export const locationNameSchema = z
  .string({ error: requiredMessage })
  .transform(tidyName)
  .pipe(z.string().min(1, requiredMessage).max(LOCATION_LIMITS.name, maxLengthMessage(LOCATION_LIMITS.name)));

export const createLocationSchema = z.object({ name: locationNameSchema, parentId });
export const renameLocationSchema = z.object({ id: locationId, name: locationNameSchema });
export const moveLocationSchema = z.object({ id: locationId, parentId });
export const deleteLocationSchema = z.object({ id: locationId });

export type CreateLocationInput = z.input<typeof createLocationSchema>;
export type RenameLocationInput = z.input<typeof renameLocationSchema>;
export type MoveLocationInput = z.input<typeof moveLocationSchema>;
export type DeleteLocationInput = z.input<typeof deleteLocationSchema>;

/** Spec 8's success message, and the others a screen shows after an operation. */
export const LOCATION_TOASTS = {
  created: "locations:toast.created",
  renamed: "locations:toast.renamed",
  moved: "locations:toast.moved",
  deleted: "locations:toast.deleted",
} as const;
