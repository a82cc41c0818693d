import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { DetailPage } from "~/app/ui/detail-page";
import { readForm } from "~/server/http/form.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { translateReply } from "~/server/settings/form-errors.server";
import type { ItpAction } from "../domain/itp-workflow";
import { revokeReviewLink, sendAnotherReviewLink, transitionItp } from "../server/itp-review.server";
import { copyItpSchema, ITP_PATH, itpPath, reviewLinkSchema } from "../server/itp-rules";
import { addToLibrary, copyItp, itpById, itpGrants, loadItpDetail } from "../server/itps.server";
import { ItpDetailActions, SendReviewLinkForm } from "../ui/itp-detail-actions";
import { ReviewHistory, ReviewLinks } from "../ui/itp-reviews";
import { ItpDocument, ItpStatusBadge, useItpText } from "../ui/itp-view";

export const handle = { i18n: ["quality", "uploads"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.itp.number ?? "ITP"} | SiteProof` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request, params);
  return loadItpDetail(context, params.id);
}

/** The actions the detail page posts itself; review decisions are taken on the review pages (name and signature). */
const PAGE_TRANSITIONS: readonly ItpAction[] = ["submit_for_review", "revise", "archive", "restore"];

const forbidden = () => new Response("Forbidden", { status: 403 });

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request, params);
  const { em, project, user } = context;
  const formData = await readForm(request);
  // The manifest says what each intent needs; a workflow step's permission comes from the ITP table.
  const intent = requireIntent(context, formData);
  const itp = await itpById(em, params.id);
  const here = itpPath(itp.id);

  if (PAGE_TRANSITIONS.includes(intent as ItpAction)) {
    const action = intent as ItpAction;
    const outcome = await transitionItp(em, project, itp.id, {
      action,
      granted: itpGrants(context),
      actor: { user, name: user.name },
      confirmed: formData.get("confirmed") === "yes",
    });
    if (!outcome.ok) {
      if (outcome.reason === "missing-permission") throw forbidden();
      // A step the table asks confirmation for (archive): the dialog sends it; without JavaScript the page
      // asks inline.
      if (outcome.reason === "unconfirmed") return redirect(`${here}?confirm=${action}`);
      if (outcome.reason === "no-items")
        return redirectWithToast(here, { type: "error", message: "quality:itp.toast.noItems" });
      return redirectWithToast(here, { type: "error", message: "quality:itp.toast.notAllowed" });
    }
    return redirectWithToast(here, {
      type: "success",
      message: `quality:itp.toast.${action}`,
      params: { number: outcome.itp.number, revision: outcome.itp.revision },
    });
  }

  switch (intent) {
    case "add-to-library": {
      const template = await addToLibrary(context, itp);
      return redirectWithToast(
        here,
        template
          ? { type: "success", message: "quality:itp.toast.addedToLibrary", params: { number: itp.number } }
          : { type: "error", message: "quality:itp.toast.notActive" },
      );
    }
    case "use-as-template": {
      const submission = parseWithZod(formData, { schema: copyItpSchema });
      if (submission.status !== "success")
        return data({ copy: await translateReply(context.locale, submission.reply()) }, { status: 400 });
      const copy = await copyItp(context, itp, submission.value.title);
      return redirectWithToast(itpPath(copy.id), {
        type: "success",
        message: "quality:itp.toast.copied",
        params: { number: copy.number, source: itp.number },
      });
    }
    case "revoke-link": {
      if (!(await revokeReviewLink(context, itp, formData.get("linkId"))))
        throw new Response("Not Found", { status: 404 });
      return redirectWithToast(here, { type: "success", message: "quality:itp.toast.linkRevoked" });
    }
    case "send-link": {
      const submission = parseWithZod(formData, { schema: reviewLinkSchema });
      if (submission.status !== "success")
        return data(await translateReply(context.locale, submission.reply()), { status: 400 });
      const link = await sendAnotherReviewLink(em, project, itp, user, {
        name: submission.value.clientName,
        email: submission.value.clientEmail,
      });
      if (!link) return redirectWithToast(here, { type: "error", message: "quality:itp.toast.notAllowed" });
      return redirectWithToast(here, {
        type: "success",
        message: "quality:itp.toast.linkSent",
        params: { email: submission.value.clientEmail },
      });
    }
    default:
      throw new Response("Bad Request", { status: 400 });
  }
}

export default function ItpDetailPage() {
  const detail = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const copyResult = actionData && "copy" in actionData ? actionData.copy : undefined;
  const sendLinkResult = actionData && !("copy" in actionData) ? actionData : undefined;
  const { t } = useItpText();
  const location = useLocation();
  const { itp } = detail;
  const confirmArchive = new URLSearchParams(location.search).get("confirm") === "archive";
  return (
    <DetailPage
      back={{ to: ITP_PATH, label: t("quality:itp.detail.back") }}
      title={`${itp.number} ${itp.title}`}
      meta={
        <>
          <ItpStatusBadge status={itp.status} />
          <span className="text-slate-500">
            {t("quality:itp.detail.revisionShort", { revision: itp.revision })}
          </span>
        </>
      }
      toolbar={<ItpDetailActions detail={detail} confirmArchive={confirmArchive} copyResult={copyResult} />}
    >
      <div className="space-y-8">
        {itp.rejectionComment ? (
          <section
            role="status"
            className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
          >
            <h2 className="font-semibold">{t("quality:itp.detail.rejection")}</h2>
            <p className="mt-1 whitespace-pre-line">{itp.rejectionComment}</p>
          </section>
        ) : null}
        <ItpDocument
          itp={itp}
          attachments={{
            byItem: itp.attachments,
            href: (attachmentId) => `/attachments/${attachmentId}`,
            editable: detail.can.edit ? { itpId: itp.id } : undefined,
          }}
        />
        <section aria-labelledby="itp-reviews" className="space-y-3">
          <h2 id="itp-reviews" className="text-lg font-semibold text-slate-900">
            {t("quality:itp.detail.reviews")}
          </h2>
          <ReviewHistory reviews={detail.reviews} />
        </section>
        {detail.links.length > 0 || detail.can.sendLink ? (
          <section aria-labelledby="itp-links" className="space-y-3">
            <h2 id="itp-links" className="text-lg font-semibold text-slate-900">
              {t("quality:itp.detail.links")}
            </h2>
            <ReviewLinks links={detail.links} canRevoke={detail.can.manageLinks} />
            {detail.can.sendLink && detail.linkScope ? (
              <SendReviewLinkForm
                scope={detail.linkScope}
                lastResult={sendLinkResult ?? undefined}
                linkDays={detail.linkDays}
              />
            ) : null}
          </section>
        ) : null}
      </div>
    </DetailPage>
  );
}
