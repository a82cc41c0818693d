import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MemberInviteForm } from "~/app/admin/member-invite-form";
import { inviteToProduct, sendMemberMails } from "~/server/admin/invitations.server";
import {
  checkAddressList,
  globalInvitationSchema,
  isInvitationEmail,
  MAX_INVITATION_EMAILS,
  NO_CHOICE,
} from "~/server/admin/member-rules";
import { globalRoleChoices, resolveGlobalRole } from "~/server/admin/members.server";
import { readForm } from "~/server/http/form.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { requireGlobalRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["members"] };
export const meta: MetaFunction = () => [{ title: "Invite members | SiteProof" }];

const LIST = "/globalSettings/membersGlobal";

export async function loader({ request }: LoaderFunctionArgs) {
  const { em } = await requireGlobalRoute(request);
  return { roles: await globalRoleChoices(em) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { em, user, canGlobal, locale } = await requireGlobalRoute(request);
  if (!canGlobal("global-settings.members.create-global")) throw new Response("Forbidden", { status: 403 });
  const submission = parseWithZod(await readForm(request), { schema: globalInvitationSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const resolved = await resolveGlobalRole(em, submission.value.globalRoleId);
  if ("errors" in resolved) return data(submission.reply({ fieldErrors: resolved.errors }), { status: 400 });

  const outcome = await inviteToProduct(em, {
    actor: user,
    locale,
    emails: checkAddressList(submission.value.emails).unique,
    globalRole: resolved.role,
  });
  const count = outcome.invited.length;
  if (count === 0) {
    const error = `members:invite.alreadyRegistered|${outcome.alreadyRegistered.join(", ")}`;
    return data(submission.reply({ formErrors: [error] }), { status: 400 });
  }
  const failed = await sendMemberMails(em, outcome.mails);
  if (failed > 0)
    return redirectWithToast(LIST, {
      type: "error",
      message: "members:toast.mailFailed",
      params: { failed },
    });
  const skipped = outcome.alreadyRegistered;
  return redirectWithToast(LIST, {
    type: "success",
    message: skipped.length ? "members:toast.invitationsSentSkipped" : "members:toast.invitationsSent",
    params: { count, skipped: skipped.join(", ") },
  });
}

export default function InviteGlobalMembersPage() {
  const { roles } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("members");
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Link to={LIST} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("detail.back")}
      </Link>
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{t("invite.globalTitle")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("invite.globalIntro")}</p>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-5">
        <MemberInviteForm
          schema={globalInvitationSchema}
          lastResult={lastResult}
          cancelHref={LIST}
          maxEmails={MAX_INVITATION_EMAILS}
          isEmail={isInvitationEmail}
          selects={[
            {
              name: "globalRoleId",
              label: t("invite.globalRole"),
              options: roles,
              noneOption: { value: NO_CHOICE, label: t("invite.noGlobalRole") },
            },
          ]}
        />
      </div>
    </div>
  );
}
