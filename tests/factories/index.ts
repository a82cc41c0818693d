import type { EntityManager } from "@mikro-orm/postgresql";
import { hashPassword } from "~/server/auth/password.server";
import {
  Company,
  type ICompany,
  type IProject,
  type IRole,
  type IUser,
  Project,
  ProjectMember,
  Role,
  User,
} from "~/server/db/entities";

/** Builders of valid records with overrides; the demo data set uses them too. Each one flushes. */

let sequence = 0;
const next = () => ++sequence;

export const DEMO_PASSWORD = "SiteProof#2026";

let demoHash: Promise<string> | undefined;
/** Hashing is deliberately slow; records that share the demo password share one hash. */
function passwordHash(password: string) {
  if (password !== DEMO_PASSWORD) return hashPassword(password);
  demoHash ??= hashPassword(DEMO_PASSWORD);
  return demoHash;
}

export async function createUser(
  em: EntityManager,
  overrides: Partial<Pick<IUser, "email" | "name" | "isSuperAdmin" | "isActive" | "locale">> & {
    password?: string | null;
  } = {},
): Promise<IUser> {
  const n = next();
  const { password = DEMO_PASSWORD, ...rest } = overrides;
  const user = em.create(User, {
    email: `user${n}@siteproof.test`,
    name: `User ${n}`,
    isSuperAdmin: false,
    isActive: true,
    locale: null,
    microsoftSubject: null,
    ...rest,
    passwordHash: password === null ? null : await passwordHash(password),
  });
  await em.flush();
  return user;
}

export async function createCompany(em: EntityManager, overrides: Partial<ICompany> = {}): Promise<ICompany> {
  const n = next();
  const company = em.create(Company, { name: `Company ${n}`, ...overrides } as any);
  await em.flush();
  return company;
}

export async function createProject(
  em: EntityManager,
  overrides: Partial<Pick<IProject, "name" | "number" | "language">> & { company?: ICompany | null } = {},
): Promise<IProject> {
  const n = next();
  const project = em.create(Project, {
    name: `Project ${n}`,
    number: `P-${1000 + n}`,
    language: "EN",
    ...overrides,
  } as any);
  await em.flush();
  return project;
}

export async function createRole(
  em: EntityManager,
  overrides: Partial<Pick<IRole, "name" | "fullAccess" | "grantedActions" | "kind">> = {},
): Promise<IRole> {
  const n = next();
  const role = em.create(Role, {
    name: `Role ${n}`,
    fullAccess: false,
    grantedActions: [],
    ...overrides,
  } as any);
  await em.flush();
  return role;
}

export async function addMember(
  em: EntityManager,
  input: { project: IProject; user: IUser; role?: IRole | null; company?: ICompany | null },
) {
  const member = em.create(ProjectMember, {
    project: input.project,
    user: input.user,
    role: input.role ?? null,
    accRole: null,
    company: input.company ?? null,
  });
  await em.flush();
  return member;
}
