import { AccCostConnection } from "./acc-cost";
import { ActivityLog, Attachment, Notification, NotificationPreference, OutboxMail } from "./activity";
import { GlobalSetting, Group, ProjectSetting, Resource } from "./admin";
import { Company } from "./company";
import { DocumentSend, DocumentServiceSetting } from "./document-service";
import { JobRun } from "./job-run";
import { Location } from "./location";
import { Project, ProjectCounter, ProjectModule } from "./project";
import { ProjectMember } from "./project-member";
import { RateLimit } from "./rate-limit";
import { Role } from "./role";
import { SecurityEvent } from "./security-event";
import { AuthToken, Session } from "./session";
import { User } from "./user";

export * from "./acc-cost";
export * from "./activity";
export * from "./admin";
export * from "./company";
export * from "./document-service";
export * from "./job-run";
export * from "./location";
export * from "./project";
export * from "./project-member";
export * from "./rate-limit";
export * from "./role";
export * from "./security-event";
export * from "./session";
export * from "./user";

/** The core's entities; modules add theirs through their manifests. */
export const coreEntities = [
  User,
  Company,
  Project,
  ProjectModule,
  ProjectCounter,
  Role,
  ProjectMember,
  Session,
  AuthToken,
  RateLimit,
  SecurityEvent,
  ActivityLog,
  Attachment,
  Notification,
  NotificationPreference,
  OutboxMail,
  Group,
  ProjectSetting,
  GlobalSetting,
  Resource,
  JobRun,
  Location,
  DocumentServiceSetting,
  DocumentSend,
  AccCostConnection,
];
