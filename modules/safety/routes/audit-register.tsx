import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRoute } from "~/server/permissions/guard.server";
import { AUDIT_PERMISSIONS } from "../domain/audit-workflow";
import { loadAuditRegister } from "../server/audit-register.server";
import { AuditRegisterView } from "../ui/audit-register-view";

export const handle = { i18n: ["safety", "common"] };

export const meta: MetaFunction = () => [{ title: "SHE audits | SiteProof" }];

/** The audit schedules (README "Audits and inspections"): the shared register of the one machinery. */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireRoute(request);
  return {
    register: await loadAuditRegister(context, "audit", new URL(request.url)),
    canCreate: context.can(AUDIT_PERMISSIONS.auditCreate),
    canSettings: context.can(AUDIT_PERMISSIONS.viewNotificationSettings),
  };
}

export default function AuditRegisterPage() {
  const { register, canCreate, canSettings } = useLoaderData<typeof loader>();
  return <AuditRegisterView register={register} canCreate={canCreate} canSettings={canSettings} />;
}
