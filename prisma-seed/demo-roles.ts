/**
 * The product roles of the demo data set, as permission sets built from the registry's keys. The demo
 * seed gives them to the demo accounts; the end-to-end fixtures give the same roles to the people each
 * test creates, so a test's "Site Engineer" can do exactly what the demo one can.
 */
export type DemoRole = { name: DemoRoleName; fullAccess: boolean; grantedActions: string[] };

export const DEMO_ROLE_NAMES = [
  "Project Administrator",
  "Site Engineer",
  "Viewer",
  "Project Engineer",
  "Quality Manager",
  "Client Representative",
  "HSSE Manager",
] as const;
export type DemoRoleName = (typeof DEMO_ROLE_NAMES)[number];

/**
 * The lot and ITP workflows pass between people: the site team records, the Project Engineer reviews,
 * QA confirms, the client accepts. Review steps are kept out of the site team's role.
 */
const REVIEW_STEPS = [
  "quality.lot.internal-review",
  "quality.lot.qa-review",
  "quality.lot.external-review",
  "quality.lot.close",
  "quality.lot.lot-dti-sign",
  "quality.itp.internal-review",
  "quality.itp.external-review",
  "quality.itp.edit-global-template",
  // Site diaries: the site team keeps them and submits them; closing, returning and re-opening is a review.
  "operation.siteDaries.close",
  // Dockets: posting to ACC is the Project Engineer's (the site team uploads, writes up and gets dockets signed).
  "dockets.docket.post",
];

/**
 * Safety actions: the site team raises actions, works those assigned to it and closes those it raised; the
 * HSSE manager manages every action (re-assigns, closes anyone's, deletes) and the notification settings.
 * Observations alike: re-assigning and settling disputes is the HSSE manager's (decision 031).
 */
const SAFETY_MANAGER_STEPS = [
  "safety.actions.reassign",
  "safety.observations.reassign",
  // Incidents: the site team reports and follows its incidents; the HSSE manager re-assigns, closes, locks.
  "safety.incidents.reassign-incident",
  "safety.incidents.close",
  "safety.incidents.lock-unlock",
  "safety.incidents.unlock-incident",
  // Audits and inspections: the site team schedules, assesses and leads its own; the HSSE manager is the audit
  // manager (reviews and cancels any schedule).
  "safety.audits.audit_edit_all",
  // SWMS: the site team writes and submits; reviews, sign-off and the notification settings are the HSSE manager's.
  "safety.swms.manage-review-and-signoff",
  "safety.swms.edit-notification",
];

/**
 * Dockets: the site team writes dockets up, submits them and sends them for approval; approving (or rejecting),
 * posting to ACC and the resource rates are the Project Engineer's (decision 043).
 */
const DOCKET_APPROVER_STEPS = [
  "dockets.docket.approve",
  "dockets.docket.post",
  "dockets.resource.create-resources",
  "dockets.resource.edit-resources",
];

/** Each demo role's permissions, given every permission key the registry declares. */
export function demoRoles(permissionKeys: Iterable<string>): Record<DemoRoleName, DemoRole> {
  const allKeys = [...permissionKeys];
  const viewKeys = allKeys.filter((key) => /\.view$|-view$/.test(key));
  const qualityViews = viewKeys.filter((key) => key.startsWith("quality."));
  const role = (name: DemoRoleName, grantedActions: string[], fullAccess = false): DemoRole => ({
    name,
    fullAccess,
    grantedActions,
  });
  return {
    "Project Administrator": role("Project Administrator", [], true),
    "Site Engineer": role(
      "Site Engineer",
      allKeys.filter(
        (key) =>
          !/delete|archive|settings|invite/.test(key) &&
          !REVIEW_STEPS.includes(key) &&
          !SAFETY_MANAGER_STEPS.includes(key) &&
          !DOCKET_APPROVER_STEPS.includes(key),
      ),
    ),
    Viewer: role("Viewer", viewKeys),
    "Project Engineer": role("Project Engineer", [
      ...qualityViews,
      "quality.lot.internal-review",
      "quality.lot.download",
      "quality.itp.download",
      // The site diaries' reviewer (decision 039).
      "operation.siteDaries.view",
      "operation.siteDaries.close",
      "operation.siteDaries.download",
      // The head contract's claims and documents are read by the engineer who reports on progress (decision 044);
      // the Site Engineer (all but delete) runs upstream, the Viewer sees it.
      "cost-and-commercial.upstream.view",
      "cost-and-commercial.upstream.download",
      "dockets.docket.view",
      "dockets.docket.post",
      "dockets.intray.view",
      "dockets.settings.view-settings",
      // The dockets' approver.
      "dockets.docket.view",
      "dockets.docket.download",
      "dockets.resource.project_resource_rate_view",
      ...DOCKET_APPROVER_STEPS,
    ]),
    "Quality Manager": role(
      "Quality Manager",
      [
        ...allKeys.filter((key) => key.startsWith("quality.") && key !== "quality.lot.external-review"),
        ...viewKeys,
      ].filter((key) => key !== "quality.itp.external-review"),
    ),
    "Client Representative": role("Client Representative", [
      ...qualityViews,
      "quality.lot.external-review",
      "quality.itp.external-review",
      "quality.lot.download",
      "quality.itp.download",
    ]),
    "HSSE Manager": role("HSSE Manager", [
      ...allKeys.filter((key) => key.startsWith("safety.")),
      ...viewKeys.filter((key) => !key.startsWith("safety.")),
    ]),
  };
}
