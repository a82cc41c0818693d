import type { EntityManager } from "@mikro-orm/postgresql";
import nodemailer from "nodemailer";
import { OutboxMail } from "~/server/db/entities";
import { env } from "~/server/env";

export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Where mail goes: an SMTP server when SMTP_URL is set, otherwise the outbox table (read at /dev/mailbox). */
export interface MailTransport {
  readonly kind: "smtp" | "outbox";
  send(em: EntityManager, message: MailMessage): Promise<void>;
}

const outbox: MailTransport = {
  kind: "outbox",
  async send(em, message) {
    em.create(OutboxMail, {
      to: message.to.toLowerCase(),
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
    });
    await em.flush();
  },
};

function smtp(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(_em, message) {
      await transporter.sendMail({ from, ...message });
    },
  };
}

let transport: MailTransport | undefined;

export function mailTransport(): MailTransport {
  const { SMTP_URL, MAIL_FROM } = env();
  transport ??= SMTP_URL ? smtp(SMTP_URL, MAIL_FROM) : outbox;
  return transport;
}

/** Sends a message; never inside a database transaction (SMTP is a network call). */
export function sendMail(em: EntityManager, message: MailMessage) {
  return mailTransport().send(em, message);
}

/**
 * The outbox page (/dev/mailbox) shows one-time sign-in links, so it exists only while mail is kept in the
 * database AND in development, or when MAILBOX_PAGE=true turns it on (the end-to-end server). APP_URL says
 * nothing about who can reach the server: it defaults to localhost while the server listens on every
 * interface. The page then still answers only requests made on this machine (`isLocalRequest`).
 */
export function mailboxPageEnabled() {
  const { SMTP_URL, NODE_ENV, MAILBOX_PAGE } = env();
  if (SMTP_URL) return false;
  return MAILBOX_PAGE ?? NODE_ENV === "development";
}
