import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { mailboxPageEnabled } from "~/plugins/mail/mail.server";
import { database } from "~/server/db/database";
import { OutboxMail } from "~/server/db/entities";
import { isLocalRequest } from "~/server/http/loopback";
import { requireFreeAccess } from "~/server/permissions/guard.server";

export const meta: MetaFunction = () => [{ title: "Mailbox | SiteProof" }];

/**
 * Mail kept while no SMTP server is configured, so a developer and the end-to-end tests can follow the links.
 * Anyone who reads it can set any password it links to: it exists only when switched on, and answers only
 * requests made on this machine.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireFreeAccess(request);
  if (!mailboxPageEnabled() || !isLocalRequest(request, context.clientAddress))
    throw new Response("Not Found", { status: 404 });
  const to = new URL(request.url).searchParams.get("to")?.toLowerCase().trim();
  const em = (await database()).orm.em.fork();
  const mails = await em.find(OutboxMail, to ? { to } : {}, { orderBy: { createdAt: "desc" }, limit: 50 });
  return {
    to: to ?? "",
    mails: mails.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/** Links in plain-text mail become clickable. */
function Linkified({ text }: { text: string }) {
  const pieces: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/\S+/g)) {
    const start = match.index ?? 0;
    if (start > last) pieces.push(text.slice(last, start));
    pieces.push(
      <a key={start} href={match[0]} className="break-all text-brand-700 underline">
        {match[0]}
      </a>,
    );
    last = start + match[0].length;
  }
  pieces.push(text.slice(last));
  return <>{pieces}</>;
}

export default function MailboxPage() {
  const { to, mails } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-semibold">{t("mailbox.title")}</h1>
      <p className="mt-1 text-slate-600">{t("mailbox.intro")}</p>
      <form method="get" className="mt-4 flex gap-2">
        <label className="sr-only" htmlFor="mailbox-to">
          {t("mailbox.to")}
        </label>
        <input
          id="mailbox-to"
          name="to"
          type="email"
          defaultValue={to}
          className="h-9 flex-1 rounded-md border px-3 text-sm"
        />
      </form>
      {mails.length === 0 ? (
        <p className="mt-8 text-slate-600">{t("mailbox.empty")}</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {mails.map((mail) => (
            <li key={mail.id}>
              <article className="rounded-lg bg-white p-4 ring-1 ring-slate-200">
                <h2 className="font-medium">{mail.subject}</h2>
                <p className="text-sm text-slate-500">
                  {t("mailbox.to")}: {mail.to} · {t("mailbox.sent")}: {new Date(mail.createdAt).toISOString()}
                </p>
                <pre className="mt-3 whitespace-pre-wrap font-sans text-sm">
                  <Linkified text={mail.text} />
                </pre>
              </article>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
