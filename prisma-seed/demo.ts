import type { EntityManager } from "@mikro-orm/postgresql";
import { Group, Notification, Role, User } from "~/server/db/entities";
import { registry } from "~/server/registry";
import { addMember, createCompany, createProject, createRole, createUser } from "~/tests/factories";
import { seedCostAndCommercialCalendarDemo } from "./cost-and-commercial-calendar";
import { seedIndirectCostsDemo } from "./cost-and-commercial-changes";
import { seedCostAndCommercialDownstreamDemo } from "./cost-and-commercial-downstream";
import { seedCostAndCommercialUpstreamDemo } from "./cost-and-commercial-upstream";
import { demoRoles } from "./demo-roles";
import { seedDocketsDemo } from "./dockets";
import { seedDocketsIntrayDemo } from "./dockets-intray";
import { seedHelpDemo } from "./help";
import { seedSiteDiaryDemo } from "./operation-diaries";
import { seedInOutDemo } from "./operation-in-out";
import { seedPlantDemo } from "./plant";
import { seedQualityDemo } from "./quality";
import { seedRosteringDemo } from "./rostering";
import { seedSafetyDemo, seedSafetyHoursDemo } from "./safety";
import { seedTalkDemo } from "./safety-talks";

/**
 * The demo data set: one company, two projects (the second Australian), and four sign-ins, all with
 * the password SiteProof#2026. Later modules add their records here. Returns false when the
 * database already has users.
 */
export async function seedDemoData(em: EntityManager): Promise<boolean> {
  if ((await em.count(User, {})) > 0) return false;
  const company = await createCompany(em, {
    name: "Harbour Civil Constructions",
    trade: "Civil works",
    country: "Australia",
    phone: "+61 2 9000 0000",
    address: "1 Harbour Street, Sydney NSW 2000",
  });
  const bridge = await createProject(em, {
    name: "Northern Bridge Upgrade",
    number: "NBU-2026",
    language: "EN",
    company,
  });
  const rail = await createProject(em, {
    name: "Western Rail Link",
    number: "WRL-AU-01",
    language: "AU",
    company,
  });

  const roles = demoRoles(registry().permissionKeys.keys());
  const fullAccess = await createRole(em, roles["Project Administrator"]);
  const siteEngineer = await createRole(em, roles["Site Engineer"]);
  const viewer = await createRole(em, roles.Viewer);
  const projectEngineer = await createRole(em, roles["Project Engineer"]);
  const qualityManager = await createRole(em, roles["Quality Manager"]);
  const clientRepresentative = await createRole(em, roles["Client Representative"]);
  const hsseManager = await createRole(em, roles["HSSE Manager"]);

  const admin = await createUser(em, {
    email: "admin@siteproof.test",
    name: "Alex Admin",
    isSuperAdmin: true,
  });
  const engineer = await createUser(em, { email: "engineer@siteproof.test", name: "Erin Engineer" });
  const viewerUser = await createUser(em, { email: "viewer@siteproof.test", name: "Vic Viewer" });
  await createUser(em, { email: "nomember@siteproof.test", name: "Noel Nomember" });
  const projectEngineerUser = await createUser(em, {
    email: "projectengineer@siteproof.test",
    name: "Priya Patel",
  });
  const qualityUser = await createUser(em, { email: "qa@siteproof.test", name: "Quinn Nguyen" });
  const clientUser = await createUser(em, { email: "client@siteproof.test", name: "Carla Client" });
  const hsseUser = await createUser(em, { email: "hsse@siteproof.test", name: "Hana Harris" });

  const formwork = await createCompany(em, {
    name: "Apex Formwork Pty Ltd",
    trade: "Formwork and falsework",
    country: "Australia",
    status: "IN_REVIEW",
  });
  const accMember = em.create(Role, {
    name: "ACC Project Member",
    kind: "acc",
    project: bridge,
    fullAccess: false,
    grantedActions: [],
  });

  await addMember(em, { project: bridge, user: admin, role: fullAccess, company });
  await addMember(em, { project: rail, user: admin, role: fullAccess, company });
  const engineerMember = await addMember(em, {
    project: bridge,
    user: engineer,
    role: siteEngineer,
    company,
  });
  engineerMember.accRole = accMember;
  await addMember(em, { project: bridge, user: viewerUser, role: viewer, company: formwork });
  await addMember(em, { project: bridge, user: projectEngineerUser, role: projectEngineer, company });
  await addMember(em, { project: bridge, user: qualityUser, role: qualityManager, company });
  const client = await createCompany(em, {
    name: "Department of Transport and Main Roads",
    trade: "Principal (client)",
    country: "Australia",
    status: "CLOSED",
  });
  await addMember(em, { project: bridge, user: clientUser, role: clientRepresentative, company: client });
  await addMember(em, { project: bridge, user: hsseUser, role: hsseManager, company });

  em.create(Group, {
    project: bridge,
    name: "Deck pour crew",
    description: "Crew for the span 2 deck pour, night shift.",
    members: [engineer, viewerUser],
    workers: ["Sione Taufa", "Maria Lopez", "Dan Whitfield"],
    externalUsers: ["inspector@roads.example.gov.au"],
    createdBy: admin,
  });
  em.create(Notification, {
    project: bridge,
    recipient: engineer,
    event: "welcome",
    title: "Welcome to Northern Bridge Upgrade",
    body: "You have been added to the project as Site Engineer.",
    link: "/",
    readAt: null,
  });
  await em.flush();
  await seedQualityDemo(em, { bridge, rail, admin, engineer, quality: qualityUser, subcontractor: formwork });
  await seedSafetyDemo(em, { bridge, engineer, manager: hsseUser, viewer: viewerUser });
  // Talks of both kinds, on the bridge (non-AU) and on the rail link (AU).
  await seedTalkDemo(em, { bridge, rail, bridgeSupervisor: engineer, railSupervisor: admin });
  await seedSafetyHoursDemo(em, {
    projects: [
      { project: bridge, from: 22, peak: 58 },
      { project: rail, from: 20, peak: 44 },
    ],
    enteredBy: hsseUser,
  });
  // Who was on site over the last two weeks, and who is on site now (Operation's In/Out).
  await seedInOutDemo(em, { projects: [bridge, rail], office: engineer });
  // Plant and machinery: ten items over both projects, owned by the head contractor or the formwork subcontractor.
  await seedPlantDemo(em, {
    bridge,
    rail,
    contractor: company,
    subcontractor: formwork,
    bridgeBy: engineer,
    railBy: admin,
  });
  // Dockets: resource rates and dockets in every state for two subcontractors (the formwork and a plant hire).
  await seedDocketsDemo(em, { bridge, formwork, writer: engineer, approver: projectEngineerUser });
  // Two weeks of site diaries on both projects, in every state (the Project Engineer reviews them).
  await seedSiteDiaryDemo(em, { projects: [bridge, rail], engineer, reviewer: projectEngineerUser });
  // Cost and Commercial upstream: a head contract on each project with claims, documents, revenue and RFAs.
  await seedCostAndCommercialUpstreamDemo(em, { bridge, rail, bridgeBy: engineer, railBy: admin });
  // Cost and Commercial downstream: a subcontract for each docket subcontractor, the formwork's first claim.
  await seedCostAndCommercialDownstreamDemo(em, { bridge, formwork, by: engineer });
  // Cost and Commercial indirect costs, five lines a month on each project (subcontract changes: seedSubcontractChanges).
  await seedIndirectCostsDemo(em, [bridge, rail]);
  // Cost and Commercial calendar: e-mail templates, a monthly and a weekly reminder, four tasks over both sides.
  await seedCostAndCommercialCalendarDemo(em, {
    bridge,
    admin,
    by: engineer,
    colleague: projectEngineerUser,
  });
  // Rostering: 40 people in 5 crews over both projects, a month of rosters with one conflict of each kind, the camp.
  await seedRosteringDemo(em, { bridge, rail, contractor: company, subcontractor: formwork, by: engineer });
  // Dockets: scanned dockets waiting in the bridge's intray.
  await seedDocketsIntrayDemo(em, { project: bridge, by: engineer });
  // The help panel: articles for every section, several also in Vietnamese (the others show the English fallback).
  await seedHelpDemo(em, { by: admin });
  return true;
}
