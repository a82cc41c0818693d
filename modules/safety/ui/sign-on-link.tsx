import { Form } from "@remix-run/react";
import { Button } from "~/app/ui/button";
import { formatDateTime } from "~/app/utils/format";
import { useTalkText } from "./talk-text";

/** The open QR link as a subject's page shows it (server `signOnLinkView`). */
export type SignOnLinkShown = { linkId: string; path: string; qr: string; expiresAt: string } | null;

/**
 * A subject's QR sign-on on its page (a talk, a SWMS): the code, a link to the page it opens, when it closes,
 * End code, and Show code (a new one). `texts` is the subject's key prefix (`safety:talk.signOn`): title,
 * qrAlt, intro, open, expires, revoke, none, show, renew. `children` go under the title (the SWMS's
 * workers). Without `canManage` only the title and the children show.
 */
export function SignOnLinkPanel({
  id,
  texts,
  link,
  action,
  canManage,
  children,
}: {
  id: string;
  texts: string;
  link: SignOnLinkShown;
  action: string;
  canManage: boolean;
  children?: React.ReactNode;
}) {
  const { t, locale } = useTalkText();
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {t(`${texts}.title`)}
      </h2>
      {canManage && link ? (
        <div className="flex flex-wrap items-start gap-4">
          <img src={link.qr} alt={t(`${texts}.qrAlt`)} className="h-56 w-56 border border-slate-200" />
          <div className="min-w-0 flex-1 space-y-2 text-sm">
            <p className="text-slate-700">{t(`${texts}.intro`)}</p>
            <p>
              <a href={link.path} className="break-all text-brand-700 underline">
                {t(`${texts}.open`)}
              </a>
            </p>
            <p className="text-xs text-slate-500">
              {t(`${texts}.expires`, { time: formatDateTime(link.expiresAt, locale) })}
            </p>
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="sign-on-revoke" />
              <input type="hidden" name="linkId" value={link.linkId} />
              <Button type="submit" size="sm" variant="secondary">
                {t(`${texts}.revoke`)}
              </Button>
            </Form>
          </div>
        </div>
      ) : canManage ? (
        <p className="text-sm text-slate-600">{t(`${texts}.none`)}</p>
      ) : null}
      {canManage ? (
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="sign-on-open" />
          <Button type="submit" size="sm">
            {t(link ? `${texts}.renew` : `${texts}.show`)}
          </Button>
        </Form>
      ) : null}
      {children}
    </section>
  );
}
