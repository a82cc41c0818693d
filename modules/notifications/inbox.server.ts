import type { EntityManager } from "@mikro-orm/postgresql";
import { z } from "zod";
import { Notification } from "~/server/db/entities";
import { readProjectSettings } from "~/server/settings/settings.server";

export type InboxView = "unread" | "all";
export type InboxSettings = { defaultView: InboxView; pageSize: number };

/** A member's notifications in one project: nobody reads another user's, nor another project's. */
const inboxOf = (userId: string, projectId: string) => ({ recipient: userId, project: projectId });

export const inboxSettings = (em: EntityManager, projectId: string) =>
  readProjectSettings<InboxSettings>(em, projectId, "notifications", "general");

export function viewFromSearch(params: URLSearchParams, fallback: InboxView): InboxView {
  const view = params.get("view");
  return view === "unread" || view === "all" ? view : fallback;
}

/** One page of the inbox, newest first, with the counts the tabs show. */
export async function inboxPage(
  em: EntityManager,
  input: { userId: string; projectId: string; view: InboxView; page: number; pageSize: number },
) {
  const inbox = inboxOf(input.userId, input.projectId);
  const where = input.view === "unread" ? { ...inbox, readAt: null } : inbox;
  const [total, unread, all] = await Promise.all([
    em.count(Notification, where),
    em.count(Notification, { ...inbox, readAt: null }),
    em.count(Notification, inbox),
  ]);
  const lastPage = Math.max(1, Math.ceil(total / input.pageSize));
  const page = Math.min(input.page, lastPage);
  const rows = await em.find(Notification, where, {
    orderBy: { createdAt: "desc", id: "desc" },
    limit: input.pageSize,
    offset: (page - 1) * input.pageSize,
  });
  return { rows, total, unread, all, page };
}

export const inboxActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("mark-read"), id: z.uuid({ error: "common:validation.required" }) }),
  z.object({ intent: z.literal("mark-all-read") }),
]);

/** Marks one of the user's notifications read; null when it is not theirs (or does not exist). */
export async function markRead(em: EntityManager, userId: string, projectId: string, id: string) {
  const notification = await em.findOne(Notification, { ...inboxOf(userId, projectId), id });
  if (!notification) return null;
  notification.readAt ??= new Date();
  await em.flush();
  return notification;
}

/** Marks every unread notification of the user in the project read; returns how many. */
export function markAllRead(em: EntityManager, userId: string, projectId: string): Promise<number> {
  return em.nativeUpdate(
    Notification,
    { ...inboxOf(userId, projectId), readAt: null },
    { readAt: new Date() },
  );
}

/** Only links into the product are followed: a notification never sends a user to another site. */
export function safeLink(link: string | null): string | null {
  return link?.startsWith("/") && !link.startsWith("//") && !link.startsWith("/\\") ? link : null;
}
