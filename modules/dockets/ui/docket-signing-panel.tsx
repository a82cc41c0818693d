import { Form } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { formatDateTime } from "~/app/utils/format";
import type { DocketSigningData } from "../server/docket-signing.server";
import { useIntrayText } from "./intray-text";

/**
 * The details page's signing panel: who signed and when; on a docket sent for approval, the open link with its
 * QR code (for the supervisor's phone), a new link, or revoking it. Plain forms: it works without JavaScript.
 */
export function DocketSigningPanel({ signing }: { signing: DocketSigningData }) {
  const { t, locale } = useIntrayText();
  const action = `/dockets/${signing.docketId}/signing-link`;
  return (
    <section
      aria-labelledby="docket-signing"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="docket-signing" className="font-semibold text-slate-900">
        {t("dockets:signing.title")}
      </h2>
      <p className="text-sm text-slate-700" data-testid="docket-signed">
        {signing.signed
          ? t("dockets:signing.signedBy", {
              name: signing.signed.name,
              when: formatDateTime(signing.signed.at, locale),
            })
          : t("dockets:signing.notSigned")}
      </p>
      {signing.link ? (
        <div className="space-y-2">
          <img src={signing.link.qr} alt={t("dockets:signing.qr")} className="size-40" />
          <p className="text-sm break-all">
            <a href={signing.link.url} className="record-link" data-testid="signing-link">
              {signing.link.url}
            </a>
          </p>
          <p className="text-xs text-slate-600">
            {t("dockets:signing.expires", { when: formatDateTime(signing.link.expiresAt, locale) })}
          </p>
        </div>
      ) : null}
      {signing.canManage ? (
        <div className="flex flex-wrap gap-2">
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="create" />
            <button type="submit" className={buttonClass(signing.link ? "secondary" : "primary", "sm")}>
              {t(signing.link ? "dockets:signing.newLink" : "dockets:signing.makeLink")}
            </button>
          </Form>
          {signing.link ? (
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="revoke" />
              <input type="hidden" name="linkId" value={signing.link.id} />
              <button type="submit" className={buttonClass("secondary", "sm")}>
                {t("dockets:signing.revoke")}
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
