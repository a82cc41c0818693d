import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { buttonClass } from "~/app/ui/button";
import { DetailFields } from "~/app/ui/detail-fields";
import { DetailPage } from "~/app/ui/detail-page";
import { LinkTabs, selectedLinkTab } from "~/app/ui/link-tabs";
import { StatusBadge } from "~/app/ui/status-badge";
import { formatDate, formatDateTime } from "~/app/utils/format";
import { readForm } from "~/server/http/form.server";
import { projectMemberChoices } from "~/server/members/project-members.server";
import { requireIntent, requireRoute } from "~/server/permissions/guard.server";
import { actionEvidence, canAddEvidence, deleteEvidence } from "../server/action-evidence.server";
import { ACTION_INTENTS, ACTION_PATH, actionPath } from "../server/action-rules";
import { commentOnAction, reassignAction, transitionAction } from "../server/action-steps.server";
import { actionById, canEditAction, canReassignAction, loadActionDetail } from "../server/actions.server";
import {
  ActionActivity,
  ActionComments,
  ActionEvidenceSection,
  ActionReassignForm,
  ActionStatusBadge,
  ActionSteps,
  RiskBadge,
  useActionText,
} from "../ui/action-view";

export const handle = { i18n: ["safety", "common", "uploads"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.action.number ?? "Action"} | SiteProof` },
];

const TABS = [
  { value: "details", label: "details" },
  { value: "activity", label: "activity" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  const action = await actionById(context, params.id);
  const tab = selectedLinkTab(new URL(request.url).searchParams, TABS);
  const mayReassign = canReassignAction(context, action);
  const [detail, evidence, members] = await Promise.all([
    loadActionDetail(context, action),
    tab === "details" ? actionEvidence(context, action) : Promise.resolve([]),
    mayReassign ? projectMemberChoices(context.em, context.project.id) : Promise.resolve([]),
  ]);
  return {
    action: detail,
    evidence,
    members,
    canEdit: canEditAction(context, action),
    canReassign: mayReassign,
    canAddEvidence: canAddEvidence(context, action),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireRoute(request);
  const formData = await readForm(request);
  // Each intent's permission is declared in the manifest (the step's from the action table); who the user
  // is to the action is checked by the step, the removal or the form itself.
  const intent = requireIntent(context, formData);
  const safetyAction = await actionById(context, params.id);
  if (intent === ACTION_INTENTS.transition) return transitionAction(context, safetyAction.id, formData);
  if (intent === ACTION_INTENTS.comment) return commentOnAction(context, safetyAction, formData);
  if (intent === ACTION_INTENTS.reassign) return reassignAction(context, safetyAction.id, formData);
  if (intent === ACTION_INTENTS.evidenceDelete) return deleteEvidence(context, safetyAction, formData);
  throw new Response("Unknown intent", { status: 400 });
}

export default function ActionDetailPage() {
  const {
    action,
    evidence,
    members,
    canEdit,
    canReassign,
    canAddEvidence: mayAdd,
  } = useLoaderData<typeof loader>();
  const { t, locale } = useActionText();
  const tab = selectedLinkTab(useLocation().search, TABS);
  const none = t("safety:action.detail.notSet");
  const rows: { label: string; value: React.ReactNode }[] = [
    { label: t("safety:action.fields.riskRanking"), value: <RiskBadge risk={action.riskRanking} /> },
    { label: t("safety:action.fields.label"), value: action.label ?? none },
    { label: t("safety:action.fields.assignee"), value: action.assignee?.name ?? none },
    {
      label: t("safety:action.fields.dueDate"),
      value: action.dueDate ? (
        <span>
          {formatDate(action.dueDate, locale)}
          {action.overdue ? (
            <StatusBadge tone="danger" className="ml-1">
              {t("safety:action.register.overdue")}
            </StatusBadge>
          ) : null}
        </span>
      ) : (
        none
      ),
    },
    { label: t("safety:action.fields.createdBy"), value: action.createdBy ?? none },
    { label: t("safety:action.fields.createdAt"), value: formatDateTime(action.createdAt, locale) },
    {
      label: t("safety:action.fields.watchers"),
      value: action.watchers.length ? action.watchers.map((watcher) => watcher.name).join(", ") : none,
    },
    ...(action.source
      ? [
          {
            label: t("safety:action.fields.raisedFrom"),
            value:
              action.source.href && action.source.label ? (
                <Link to={action.source.href} className="record-link">
                  {action.source.label}
                </Link>
              ) : (
                t(`safety:action.source.${action.source.type}`, { defaultValue: action.source.type })
              ),
          },
        ]
      : []),
    ...(action.closedAt
      ? [{ label: t("safety:action.fields.closedAt"), value: formatDateTime(action.closedAt, locale) }]
      : []),
  ];
  return (
    <DetailPage
      back={{ to: `${ACTION_PATH}?tab=all_actions`, label: t("safety:action.detail.back") }}
      title={`${action.number} ${action.title}`}
      meta={<ActionStatusBadge status={action.status} />}
      actions={
        canEdit ? (
          <Link to={`${actionPath(action.id)}/edit`} className={buttonClass("secondary")}>
            {t("safety:action.detail.edit")}
          </Link>
        ) : null
      }
      toolbar={<ActionSteps action={action} />}
    >
      <LinkTabs
        label={t("safety:action.detail.tabsLabel")}
        tabs={[
          { value: "details", label: t("safety:action.detail.tabs.details") },
          { value: "activity", label: t("safety:action.detail.tabs.activity") },
        ]}
      >
        {tab === "activity" ? (
          <ActionActivity activity={action.activity} />
        ) : (
          <div className="space-y-4">
            <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
              {action.description ? (
                <p className="whitespace-pre-line text-sm text-slate-800">{action.description}</p>
              ) : null}
              <DetailFields rows={rows} />
              {canReassign ? <ActionReassignForm action={action} members={members} /> : null}
            </div>
            <ActionEvidenceSection actionId={action.id} evidence={evidence} canAdd={mayAdd} />
            <ActionComments action={action} />
          </div>
        )}
      </LinkTabs>
    </DetailPage>
  );
}
