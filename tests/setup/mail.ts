/**
 * Reading the mail a test made the application send: while no SMTP server is configured (always, in
 * tests) it lands in the outbox table, as the dev mailbox page shows it.
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import { type IOutboxMail, OutboxMail } from "~/server/db/entities";

/**
 * The newest mail to `address`. Two mails sent in the same millisecond have no newest, and the test
 * would pass or fail by luck: this refuses them, and `backdateMailTo` gives the earlier one its own time.
 */
export async function newestMailTo(em: EntityManager, address: string): Promise<IOutboxMail> {
  const [newest, previous] = await em.find(
    OutboxMail,
    { to: address.toLowerCase() },
    { orderBy: { createdAt: "desc" }, limit: 2 },
  );
  if (!newest) throw new Error(`No mail to ${address} in the outbox`);
  if (previous && previous.createdAt.getTime() === newest.createdAt.getTime())
    throw new Error(`Two mails to ${address} have the same time: backdateMailTo the earlier one`);
  return newest;
}

/** Dates every mail sent to `address` so far a minute back, so the next one is the newest. */
export async function backdateMailTo(em: EntityManager, address: string): Promise<void> {
  await em.nativeUpdate(
    OutboxMail,
    { to: address.toLowerCase() },
    { createdAt: new Date(Date.now() - 60_000) },
  );
}

/** The link a mail asks its reader to follow: the first http(s) address in its text. */
export function linkIn(mail: IOutboxMail): string {
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`No link in the mail "${mail.subject}" to ${mail.to}`);
  return link;
}

/** A link's path and query: what a route is called with. */
export function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
