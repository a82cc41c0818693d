import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MemberInviteForm } from "~/app/admin/member-invite-form";
import { inviteToProject, sendMemberMails } from "~/server/admin/invitations.server";
import {
  checkAddressList,
  isInvitationEmail,
  MAX_INVITATION_EMAILS,
  NO_CHOICE,
  projectInvitationSchema,
} from "~/server/admin/member-rules";
import { projectMemberChoices, resolveProjectChoices } from "~/server/admin/members.server";
import { readForm } from "~/server/http/form.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { requireRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["members"] };
export const meta: MetaFunction = () => [{ title: "Invite members | SiteProof" }];

const LIST = "/project-settings/members";

export async function loader({ request }: LoaderFunctionArgs) {
  const { em, project } = await requireRoute(request);
  return { project: project.name, choices: await projectMemberChoices(em, project.id) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { em, user, project, can, locale } = await requireRoute(request);
  if (!can("project-settings.members.invite")) throw new Response("Forbidden", { status: 403 });
  const submission = parseWithZod(await readForm(request), { schema: projectInvitationSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { emails, roleId, accRoleId, companyId } = submission.value;
  const resolved = await resolveProjectChoices(em, project.id, { roleId, accRoleId, companyId });
  if ("errors" in resolved) return data(submission.reply({ fieldErrors: resolved.errors }), { status: 400 });

  const outcome = await inviteToProject(em, {
    project,
    actor: user,
    locale,
    emails: checkAddressList(emails).unique,
    choices: resolved.choices,
  });
  const count = outcome.invited.length + outcome.added.length;
  const skippedErrors = [
    outcome.alreadyMembers.length
      ? `members:invite.alreadyMembers|${outcome.alreadyMembers.join(", ")}`
      : null,
    outcome.deactivated.length
      ? `members:invite.deactivatedAccounts|${outcome.deactivated.join(", ")}`
      : null,
  ].filter((error): error is string => Boolean(error));
  // Nobody was added: stay on the form and say why, rather than toasting "0 invitations sent".
  if (count === 0) return data(submission.reply({ formErrors: skippedErrors }), { status: 400 });

  const failed = await sendMemberMails(em, outcome.mails);
  if (failed > 0)
    return redirectWithToast(LIST, {
      type: "error",
      message: "members:toast.mailFailed",
      params: { failed },
    });
  const skipped = [...outcome.alreadyMembers, ...outcome.deactivated];
  return redirectWithToast(LIST, {
    type: "success",
    message: skipped.length ? "members:toast.invitationsSentSkipped" : "members:toast.invitationsSent",
    params: { count, skipped: skipped.join(", ") },
  });
}

export default function InviteProjectMembersPage() {
  const { project, choices } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("members");
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <Link to={LIST} className="text-sm font-medium text-brand-700 hover:underline">
        ← {t("detail.back")}
      </Link>
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{t("invite.projectTitle")}</h1>
        <p className="mt-1 text-sm text-slate-600">{t("invite.projectIntro", { project })}</p>
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-5">
        <MemberInviteForm
          schema={projectInvitationSchema}
          lastResult={lastResult}
          cancelHref={LIST}
          maxEmails={MAX_INVITATION_EMAILS}
          isEmail={isInvitationEmail}
          selects={[
            { name: "roleId", label: t("invite.role"), options: choices.roles, required: true },
            {
              name: "accRoleId",
              label: t("invite.accRole"),
              options: choices.accRoles,
              noneOption: { value: NO_CHOICE, label: t("invite.noAccRole") },
            },
            {
              name: "companyId",
              label: t("invite.company"),
              options: choices.companies,
              noneOption: { value: NO_CHOICE, label: t("invite.noCompany") },
            },
          ]}
        />
      </div>
    </div>
  );
}
