import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MemberActivity } from "~/app/admin/member-activity";
import { useMemberErrorText } from "~/app/admin/member-error-text";
import { MemberFacts, MemberSection } from "~/app/admin/member-facts";
import { MemberGlobalRoleForm } from "~/app/admin/member-global-role-form";
import { ConfirmIntentButton, IntentButton } from "~/app/admin/member-intent-buttons";
import { MemberProjects } from "~/app/admin/member-projects";
import { MemberStatusBadge } from "~/app/admin/member-status-badge";
import { DetailPage } from "~/app/ui/detail-page";
import { FormAlert } from "~/app/ui/field";
import { resendInvitationAndReport } from "~/server/admin/invitations.server";
import {
  canResendInvitation,
  deactivationRefusal,
  globalMemberFormSchema,
  globalRoleFormSchema,
  memberStatus,
  NO_CHOICE,
} from "~/server/admin/member-rules";
import {
  activityEntries,
  findUser,
  globalRoleChoices,
  resolveGlobalRole,
  setGlobalRole,
  setUserActive,
  userProjects,
} from "~/server/admin/members.server";
import { readForm } from "~/server/http/form.server";
import { invariantResponse } from "~/server/http/responses";
import { redirectWithToast } from "~/server/http/toast.server";
import { canIntent, requireGlobalRoute, requireIntent } from "~/server/permissions/guard.server";

export const handle = { i18n: ["members"] };
export const meta: MetaFunction = () => [{ title: "Member | SiteProof" }];

const LIST = "/globalSettings/membersGlobal";

const REFUSAL_MESSAGE = {
  self: "members:detail.cannotDeactivateSelf",
  superAdmin: "members:detail.cannotDeactivateSuperAdmin",
} as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireGlobalRoute(request, params);
  const { em, user } = context;
  const target = await findUser(em, params.id ?? "");
  invariantResponse(target, "Not Found", 404);
  const status = memberStatus(target);
  const canEditRole = canIntent(context, "global-role");
  return {
    member: {
      id: target.id,
      name: target.name,
      email: target.email,
      status,
      isSuperAdmin: target.isSuperAdmin,
      globalRole: target.globalRole?.name ?? null,
      globalRoleId: target.globalRole?.id ?? null,
    },
    projects: await userProjects(em, target.id),
    activity: await activityEntries(em, "user", target.id),
    roles: canEditRole ? await globalRoleChoices(em) : null,
    canResend: canIntent(context, "resend") && canResendInvitation(status),
    canToggleActive: canIntent(context, "deactivate"),
    activeRefusal: deactivationRefusal(user, target),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireGlobalRoute(request, params);
  const { em, user, locale } = context;
  const formData = await readForm(request);
  const intent = requireIntent(context, formData);
  const target = await findUser(em, params.id ?? "");
  invariantResponse(target, "Not Found", 404);
  const here = `${LIST}/${target.id}`;
  const submission = parseWithZod(formData, { schema: globalMemberFormSchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const refuse = (error: string) =>
    data({ intent, result: submission.reply({ formErrors: [error] }) }, { status: 400 });
  const value = submission.value;

  if (value.intent === "global-role") {
    const resolved = await resolveGlobalRole(em, value.globalRoleId);
    if ("errors" in resolved)
      return data({ intent, result: submission.reply({ fieldErrors: resolved.errors }) }, { status: 400 });
    const changed = await setGlobalRole(em, { user: target, actorId: user.id, role: resolved.role });
    return redirectWithToast(here, {
      type: changed ? "success" : "info",
      message: changed ? "members:toast.globalRoleUpdated" : "members:toast.nothingChanged",
    });
  }

  if (value.intent === "resend") {
    if (!canResendInvitation(memberStatus(target))) return refuse("members:detail.notInvited");
    return resendInvitationAndReport(em, {
      user: target,
      actor: user,
      locale,
      membership: null,
      backTo: here,
    });
  }

  const refusal = deactivationRefusal(user, target);
  if (refusal) return refuse(REFUSAL_MESSAGE[refusal]);
  const active = value.intent === "reactivate";
  if (target.isActive !== active) await setUserActive(em, { user: target, actorId: user.id, active });
  return redirectWithToast(here, {
    type: "success",
    message: active ? "members:toast.userReactivated" : "members:toast.userDeactivated",
    params: { name: target.name },
  });
}

export default function GlobalMemberPage() {
  const { member, projects, activity, roles, canResend, canToggleActive, activeRefusal } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("members");
  const { formErrors } = useMemberErrorText();
  const otherErrors =
    actionData && actionData.intent !== "global-role" ? actionData.result.error?.[""] : null;
  const deactivated = member.status === "deactivated";
  return (
    <DetailPage
      back={{ to: LIST, label: t("detail.back") }}
      title={member.name}
      meta={
        <>
          <MemberStatusBadge status={member.status} />
          {member.isSuperAdmin ? (
            <span className="text-sm text-amber-700">{t("detail.superAdmin")}</span>
          ) : null}
        </>
      }
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
                { label: t("detail.globalRole"), value: member.globalRole ?? t("detail.none") },
              ]}
            />
          </MemberSection>
          <MemberSection title={t("detail.projects")}>
            <MemberProjects projects={projects} />
          </MemberSection>
        </div>
        <div className="space-y-6">
          {roles ? (
            <MemberSection title={t("detail.globalRoleTitle")}>
              <MemberGlobalRoleForm
                key={member.globalRoleId ?? NO_CHOICE}
                schema={globalRoleFormSchema}
                lastResult={actionData?.intent === "global-role" ? actionData.result : null}
                roles={roles}
                current={member.globalRoleId}
                noChoice={NO_CHOICE}
              />
            </MemberSection>
          ) : null}
          {canResend ? (
            <MemberSection title={t("detail.invitationTitle")}>
              <p className="mb-3 text-sm text-slate-600">
                {t("detail.invitationPending", { name: member.name })}
              </p>
              <IntentButton intent="resend" label={t("detail.resend")} />
            </MemberSection>
          ) : null}
          {canToggleActive ? (
            <MemberSection title={t("detail.accountTitle")}>
              {activeRefusal ? (
                <p className="text-sm text-slate-600">{formErrors([REFUSAL_MESSAGE[activeRefusal]])}</p>
              ) : deactivated ? (
                <>
                  <p className="mb-3 text-sm text-slate-600">{t("detail.reactivateHint")}</p>
                  <IntentButton intent="reactivate" label={t("detail.reactivate")} />
                </>
              ) : (
                <>
                  <p className="mb-3 text-sm text-slate-600">{t("detail.deactivateHint")}</p>
                  <ConfirmIntentButton
                    intent="deactivate"
                    label={t("detail.deactivate")}
                    title={t("detail.deactivateConfirmTitle", { name: member.name })}
                    description={t("detail.deactivateConfirmText", { name: member.name })}
                  />
                </>
              )}
            </MemberSection>
          ) : null}
        </div>
      </div>
    </DetailPage>
  );
}
