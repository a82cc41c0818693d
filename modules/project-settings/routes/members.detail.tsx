import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MemberActivity } from "~/app/admin/member-activity";
import { useMemberErrorText } from "~/app/admin/member-error-text";
import { MemberDate, MemberFacts, MemberSection } from "~/app/admin/member-facts";
import { ConfirmIntentButton, IntentButton } from "~/app/admin/member-intent-buttons";
import { MemberRolesForm } from "~/app/admin/member-roles-form";
import { MemberStatusBadge } from "~/app/admin/member-status-badge";
import { DetailPage } from "~/app/ui/detail-page";
import { FormAlert } from "~/app/ui/field";
import {
  membershipChangeMail,
  resendInvitationAndReport,
  sendMemberMails,
} from "~/server/admin/invitations.server";
import {
  canResendInvitation,
  memberStatus,
  NO_CHOICE,
  projectMemberEditSchema,
  projectMemberFormSchema,
} from "~/server/admin/member-rules";
import {
  activityEntries,
  findProjectMember,
  membershipSnapshot,
  projectMemberChoices,
  removeProjectMember,
  resolveProjectChoices,
  updateProjectMember,
} from "~/server/admin/members.server";
import { readForm } from "~/server/http/form.server";
import { logError } from "~/server/http/log";
import { invariantResponse } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { canIntent, requireIntent, requireRoute } from "~/server/permissions/guard.server";

export const handle = { i18n: ["members"] };
export const meta: MetaFunction = () => [{ title: "Member | SiteProof" }];

const LIST = "/project-settings/members";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request, params);
  const { em, user, project } = context;
  const member = await findProjectMember(em, project.id, params.id ?? "");
  invariantResponse(member, "Not Found", 404);
  const status = memberStatus(member.user);
  const canEdit = canIntent(context, "edit");
  return {
    member: {
      id: member.id,
      name: member.user.name,
      email: member.user.email,
      status,
      ...membershipSnapshot(member),
      roleId: member.role?.id ?? null,
      accRoleId: member.accRole?.id ?? null,
      companyId: member.company?.id ?? null,
      addedOn: member.createdAt.toISOString(),
    },
    choices: canEdit ? await projectMemberChoices(em, project.id) : null,
    activity: await activityEntries(em, "project-member", member.id),
    canResend: canIntent(context, "resend") && canResendInvitation(status),
    canRemove: canIntent(context, "remove"),
    isSelf: member.user.id === user.id,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request, params);
  const { em, user, project, locale } = context;
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  const member = await findProjectMember(em, project.id, params.id ?? "");
  invariantResponse(member, "Not Found", 404);
  const here = `${LIST}/${member.id}`;
  const submission = parseWithZod(formData, { schema: projectMemberFormSchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const refuse = (error: string, status = 400) =>
    data({ intent, result: submission.reply({ formErrors: [error] }) }, { status });
  const value = submission.value;

  if (value.intent === "edit") {
    const resolved = await resolveProjectChoices(em, project.id, value);
    if ("errors" in resolved)
      return data({ intent, result: submission.reply({ fieldErrors: resolved.errors }) }, { status: 400 });
    const changes = await updateProjectMember(em, { member, actorId: user.id, choices: resolved.choices });
    if (!changes) return redirectWithToast(here, { type: "info", message: "members:toast.nothingChanged" });
    const mail = await membershipChangeMail(em, {
      kind: "rolesChanged",
      user: member.user,
      project,
      actor: user,
      locale,
      snapshot: membershipSnapshot(resolved.choices),
    });
    if (mail) await sendMemberMails(em, [mail]);
    return redirectWithToast(here, { type: "success", message: "members:toast.memberUpdated" });
  }

  if (value.intent === "resend") {
    if (!canResendInvitation(memberStatus(member.user))) return refuse("members:detail.notInvited");
    return resendInvitationAndReport(em, {
      user: member.user,
      actor: user,
      locale,
      membership: member,
      backTo: here,
    });
  }

  if (member.user.id === user.id) return refuse("members:detail.cannotRemoveSelf");
  try {
    await removeProjectMember(em, { member, actorId: user.id });
  } catch (error) {
    logError(error, request);
    return refuse("members:errors.deleteFailed", 500);
  }
  const mail = await membershipChangeMail(em, {
    kind: "removedFromProject",
    user: member.user,
    project,
    actor: user,
    locale,
  });
  if (mail) await sendMemberMails(em, [mail]);
  return redirectWithToast(LIST, {
    type: "success",
    message: "members:toast.memberRemoved",
    params: { name: member.user.name },
  });
}

export default function ProjectMemberPage() {
  const { member, choices, activity, canResend, canRemove, isSelf } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("members");
  const { formErrors } = useMemberErrorText();
  const none = t("detail.none");
  const otherErrors = actionData && actionData.intent !== "edit" ? actionData.result.error?.[""] : null;
  return (
    <DetailPage
      back={{ to: LIST, label: t("detail.back") }}
      title={member.name}
      meta={<MemberStatusBadge status={member.status} />}
      toolbar={<FormAlert errors={formErrors(otherErrors)} />}
      activity={<MemberActivity entries={activity} />}
    >
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-6">
          <MemberSection title={t("detail.details")}>
            <MemberFacts
              facts={[
                { label: t("detail.email"), value: member.email },
                { label: t("detail.status"), value: <MemberStatusBadge status={member.status} /> },
                { label: t("detail.company"), value: member.company ?? none },
                { label: t("detail.role"), value: member.role ?? none },
                { label: t("detail.accRole"), value: member.accRole ?? none },
                { label: t("detail.addedOn"), value: <MemberDate value={member.addedOn} /> },
              ]}
            />
          </MemberSection>
          {choices ? (
            <MemberSection title={t("detail.editTitle")}>
              <MemberRolesForm
                key={`${member.roleId}-${member.accRoleId}-${member.companyId}`}
                schema={projectMemberEditSchema}
                lastResult={actionData?.intent === "edit" ? actionData.result : null}
                choices={choices}
                current={member}
                noChoice={NO_CHOICE}
              />
            </MemberSection>
          ) : null}
        </div>
        <div className="space-y-6">
          {canResend ? (
            <MemberSection title={t("detail.invitationTitle")}>
              <p className="mb-3 text-sm text-slate-600">
                {t("detail.invitationPending", { name: member.name })}
              </p>
              <IntentButton intent="resend" label={t("detail.resend")} />
            </MemberSection>
          ) : null}
          {canRemove ? (
            <MemberSection title={t("detail.removeTitle")}>
              {isSelf ? (
                <p className="text-sm text-slate-600">{t("detail.cannotRemoveSelf")}</p>
              ) : (
                <ConfirmIntentButton
                  intent="remove"
                  label={t("detail.remove")}
                  title={t("detail.removeConfirmTitle", { name: member.name })}
                  description={t("detail.removeConfirmText", { name: member.name })}
                />
              )}
            </MemberSection>
          ) : null}
        </div>
      </div>
    </DetailPage>
  );
}
