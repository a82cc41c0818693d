import { randomUUID } from "node:crypto";
import { p } from "@mikro-orm/core";

/** Properties every table has: a random id and creation/update times (UTC). */
export const idProperty = () =>
  p
    .uuid()
    .primary()
    .onCreate(() => randomUUID());
export const createdAtProperty = () => p.datetime().onCreate(() => new Date());
export const updatedAtProperty = () =>
  p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date());
