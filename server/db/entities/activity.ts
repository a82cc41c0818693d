import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { projectOwned } from "../project-scope";
import { createdAtProperty, idProperty } from "./common";
import { Project } from "./project";
import { User } from "./user";

/** Who did what to which record, with the values before and after. */
export const ActivityLog = defineEntity({
  name: "ActivityLog",
  properties: {
    id: idProperty(),
    project: () => p.manyToOne(Project).nullable().deleteRule("cascade"),
    actor: () => p.manyToOne(User).nullable().deleteRule("set null"),
    entityType: p.string().length(64),
    entityId: p.string().length(64),
    action: p.string().length(64),
    before: p.json<Record<string, unknown>>().nullable(),
    after: p.json<Record<string, unknown>>().nullable(),
    createdAt: createdAtProperty(),
  },
  indexes: [
    { properties: ["entityType", "entityId", "createdAt"] },
    { properties: ["project", "createdAt"] },
  ],
});
export type IActivityLog = InferEntity<typeof ActivityLog>;

export const Attachment = projectOwned(
  defineEntity({
    name: "Attachment",
    properties: {
      id: idProperty(),
      project: () => p.manyToOne(Project).deleteRule("cascade"),
      entityType: p.string().length(64),
      entityId: p.string().length(64),
      title: p.string().length(255),
      description: p.text().nullable(),
      fileName: p.string().length(255),
      contentType: p.string().length(255),
      size: p.bigint("number"),
      storageKey: p.string().length(255),
      uploadedBy: () => p.manyToOne(User).nullable().deleteRule("set null"),
      createdAt: createdAtProperty(),
    },
    indexes: [{ properties: ["project", "entityType", "entityId"] }],
  }),
);
export type IAttachment = InferEntity<typeof Attachment>;

export const Notification = defineEntity({
  name: "Notification",
  properties: {
    id: idProperty(),
    project: () => p.manyToOne(Project).nullable().deleteRule("cascade"),
    recipient: () => p.manyToOne(User).deleteRule("cascade"),
    /** The module whose event it is (from the manifests' notification events), for the inbox's module filter. */
    module: p.string().length(64).nullable(),
    event: p.string().length(100),
    title: p.string().length(255),
    body: p.text().nullable(),
    link: p.string().length(500).nullable(),
    readAt: p.datetime().nullable(),
    createdAt: createdAtProperty(),
  },
  indexes: [
    { properties: ["recipient", "readAt", "createdAt"] },
    { properties: ["recipient", "project", "module", "createdAt"] },
  ],
});
export type INotification = InferEntity<typeof Notification>;

/**
 * A user's choice for one notification event: in the product, by e-mail, both or neither. No row means both
 * (the default); notify() reads these before writing a row or a mail.
 */
export const NotificationPreference = defineEntity({
  name: "NotificationPreference",
  properties: {
    id: idProperty(),
    user: () => p.manyToOne(User).deleteRule("cascade"),
    event: p.string().length(100),
    inApp: p.boolean().default(true),
    email: p.boolean().default(true),
  },
  uniques: [{ properties: ["user", "event"] }],
});
export type INotificationPreference = InferEntity<typeof NotificationPreference>;

/** Mail kept in the database when no SMTP server is configured; read at /dev/mailbox. */
export const OutboxMail = defineEntity({
  name: "OutboxMail",
  properties: {
    id: idProperty(),
    to: p.string().length(320).index(),
    subject: p.string().length(255),
    text: p.text(),
    html: p.text().nullable(),
    createdAt: createdAtProperty(),
  },
});
export type IOutboxMail = InferEntity<typeof OutboxMail>;
