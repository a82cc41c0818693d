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

/** The `?module=` filter when it names one of the choices; anything else shows every module. */
export function moduleFromSearch(params: URLSearchParams, choices: readonly string[]): string | null {
  const module = params.get("module");
  return module && choices.includes(module) ? module : null;
}

/**
 * One page of the inbox with the counts the tabs show: unread first, then read, each newest first. Two
 * queries (unread, then read) rather than one order on "is read", so each runs on the recipient's index.
 */
export async function inboxPage(
  em: EntityManager,
  input: {
    userId: string;
    projectId: string;
    view: InboxView;
    module?: string | null;
    page: number;
    pageSize: number;
  },
) {
  const inbox = {
    ...inboxOf(input.userId, input.projectId),
    ...(input.module ? { module: input.module } : {}),
  };
  const [unread, all] = await Promise.all([
    em.count(Notification, { ...inbox, readAt: null }),
    em.count(Notification, inbox),
  ]);
  const total = input.view === "unread" ? unread : all;
  const lastPage = Math.max(1, Math.ceil(total / input.pageSize));
  const page = Math.min(Math.max(1, input.page), lastPage);
  const offset = (page - 1) * input.pageSize;
  const newestFirst = { orderBy: { createdAt: "desc", id: "desc" } } as const;
  const rows =
    offset < unread
      ? await em.find(
          Notification,
          { ...inbox, readAt: null },
          { ...newestFirst, limit: input.pageSize, offset },
        )
      : [];
  const room = input.pageSize - rows.length;
  if (input.view === "all" && room > 0)
    rows.push(
      ...(await em.find(
        Notification,
        { ...inbox, readAt: { $ne: null } },
        { ...newestFirst, limit: room, offset: Math.max(0, offset - unread) },
      )),
    );
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

/** Marks every unread notification of the user in the project (of one module, if given) read; returns how many. */
export function markAllRead(
  em: EntityManager,
  userId: string,
  projectId: string,
  module: string | null = null,
): Promise<number> {
  return em.nativeUpdate(
    Notification,
    { ...inboxOf(userId, projectId), ...(module ? { module } : {}), readAt: null },
    { readAt: new Date() },
  );
}

/** Only links into the product are followed: a notification never sends a user to another site. */
export function safeLink(link: string | null): string | null {
  return link?.startsWith("/") && !link.startsWith("//") && !link.startsWith("/\\") ? link : null;
}
