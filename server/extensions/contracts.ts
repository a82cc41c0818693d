/**
 * The core's extension points: how modules work together without importing each other. A module names
 * the points it contributes to in its manifest (`provides`), each with a lazy import of a provider file;
 * the provider file exports `provider`, made with `provide(point, contribution)`. The core loads the
 * providers of the modules that are on for the project and calls only the contributions the user may see.
 *
 * Types only, plus the list of point names: importable anywhere (manifests, domain code, tests).
 */
import type { EntityManager } from "@mikro-orm/postgresql";
import type { Locale } from "~/server/i18n/locale";
import type { PermissionRef } from "~/server/permissions/keys";

export const extensionPoints = [
  "site-diary.sections",
  "home.widgets",
  "linked-records",
  "hours-worked",
  "in-out.sign-out-rule",
  "enforcement.scans",
  "subcontract.work",
  "attachments.owners",
] as const;
export type ExtensionPoint = (typeof extensionPoints)[number];

export function isExtensionPoint(name: string): name is ExtensionPoint {
  return (extensionPoints as readonly string[]).includes(name);
}

/** Who asks: the request's project, user, language and permissions (a guard context has all of these). */
export type ExtensionRequester = {
  em: EntityManager;
  project: { id: string; name: string; language?: string | null };
  user: { id: string; name: string };
  locale: Locale;
  can(ref: PermissionRef | undefined): boolean;
};

/** What a contribution is called with: the requester, its `em` scoped to the project, and texts. */
export type ExtensionContext = ExtensionRequester & {
  /** Translates a key of the contributing module's texts (or the core's) in the reader's language. */
  t(key: string, params?: Record<string, unknown>): string;
};

// ---------------------------------------------------------------------------------------------------
// home.widgets — cards on the home dashboard (spec: /home-view/home, tabs Overview, Downstream, Supplier)

export const homeTabs = ["overview", "downstream", "supplier"] as const;
export type HomeTab = (typeof homeTabs)[number];

export type HomeWidgetCount = {
  label: string;
  value: number;
  href?: string;
  /** attention: waits for someone; overdue: past its date. */
  tone?: "neutral" | "attention" | "overdue";
};

/** One record that waits for the signed-in user (a review, a sign-off, an overdue action). */
export type HomeWidgetItem = {
  id: string;
  label: string;
  detail?: string;
  href: string;
  /** ISO date the item is due, when it has one. */
  dueOn?: string | null;
  overdue?: boolean;
};

/** A widget's card, with its texts already in the reader's language. */
export type HomeWidgetCard = {
  title: string;
  href?: string;
  counts: HomeWidgetCount[];
  waiting: HomeWidgetItem[];
};

export type HomeWidget = {
  /** Unique within the module. */
  id: string;
  tab: HomeTab;
  /** Shown only to users granted this (any one key of a list). */
  permission: PermissionRef;
  load(context: ExtensionContext): Promise<HomeWidgetCard | null>;
};

export type HomeWidgetsContribution = { widgets: HomeWidget[] };

// ---------------------------------------------------------------------------------------------------
// attachments.owners — which records' attachments a module owns, and who may open them (/attachments/:id)

export type AttachmentOwner = {
  /** The `Attachment.entityType` the module saves its files under, e.g. "plant-document". */
  entityType: string;
  /** Who may open such a file's detail page and file: those who may view the record (any one key of a list). */
  permission: PermissionRef;
  /** The record's page, for a "back" link; null when the record is gone. */
  recordHref?(context: ExtensionContext, entityId: string): Promise<string | null>;
  /**
   * Whether this user sees the record itself, where the permission is not the whole rule (a draft only its
   * raiser, a subcontractor only its own company's): false answers 404, as the record's own page does.
   * Absent: the permission decides.
   */
  mayOpen?(context: ExtensionContext, entityId: string): Promise<boolean>;
};

export type AttachmentOwnersContribution = { owners: AttachmentOwner[] };

// ---------------------------------------------------------------------------------------------------
// site-diary.sections — a module lists its records of one day at one location in the site diary

export type SiteDiaryQuery = {
  /** The diary's day, YYYY-MM-DD, in the project's time. */
  date: string;
  /** The diary's location; null for the whole project. Sections include the location's subtree. */
  locationId: string | null;
};

export type SiteDiaryRecord = {
  id: string;
  number?: string | null;
  title: string;
  status?: string | null;
  /** A second line (a plant item's registration and owner, an incident's time). */
  detail?: string | null;
  href: string;
};

/**
 * What the diary copies a section's records into when it pre-fills a day: "plant-rows" makes each record a
 * row of the diary's own Plant Item / Machineries / Deliverables section, for the user to confirm or edit.
 */
export type SiteDiaryFill = "plant-rows";

export type SiteDiarySection = {
  /** Unique within the module. */
  id: string;
  /** A text key ("quality:diary.lotsInspected"); the core shows it in the reader's language. */
  title: string;
  permission: PermissionRef;
  fills?: SiteDiaryFill;
  list(context: ExtensionContext, query: SiteDiaryQuery): Promise<SiteDiaryRecord[]>;
};

export type SiteDiarySectionsContribution = { sections: SiteDiarySection[] };

// ---------------------------------------------------------------------------------------------------
// linked-records — a typed reference (spec 3: lot, itpItem, cncSubContract) resolved to a title and link

export const linkedRecordKinds = ["lot", "itpItem", "cncSubContract"] as const;
export type LinkedRecordKind = (typeof linkedRecordKinds)[number];

export type LinkedRecord = { kind: LinkedRecordKind; id: string; title: string; href: string };

export type LinkedRecordResolver = {
  kind: LinkedRecordKind;
  /** Needed to see records of this kind; a reference the user may not see resolves to nothing. */
  permission: PermissionRef;
  /** The records among these ids that exist in the context's project. */
  resolve(context: ExtensionContext, ids: readonly string[]): Promise<LinkedRecord[]>;
  /** Records to offer in a picker, by number or title. */
  search(context: ExtensionContext, text: string, limit: number): Promise<LinkedRecord[]>;
};

export type LinkedRecordsContribution = { resolvers: LinkedRecordResolver[] };

// ---------------------------------------------------------------------------------------------------
// hours-worked — hours on site per period (In/Out reports them; Safety reads them for LTIFR)

export type HoursWorkedPeriod = { from: string; to: string };

/** A system read of one project's figures (a job, another module's calculation): no user, no permission. */
export type ProjectScope = { em: EntityManager; projectId: string };

/** One month's person-hours: "YYYY-MM" and a decimal text with two decimals ("1234.50"), never a float. */
export type MonthHours = { month: string; hours: string };

export type HoursWorkedContribution = {
  permission: PermissionRef;
  /** Person-hours on site in the project between from and to (YYYY-MM-DD, both included). */
  hours(context: ExtensionContext, period: HoursWorkedPeriod): Promise<number>;
  /**
   * The person-hours of each month of the period that has any (months without records left out), for a
   * calculation that is not the user's to see or not (Safety's LTIFR over the project's hours: decision 040).
   */
  monthly(scope: ProjectScope, period: HoursWorkedPeriod): Promise<MonthHours[]>;
};

// ---------------------------------------------------------------------------------------------------
// in-out.sign-out-rule — when the people still signed in on site are signed out (Safety's incident settings)

/** Whether everyone still on site is signed out at a time of day ("HH:mm", the project's clock). */
export type InOutSignOutRule = { enabled: boolean; time: string };

export type InOutSignOutRuleContribution = {
  rule(scope: ProjectScope): Promise<InOutSignOutRule>;
};

// ---------------------------------------------------------------------------------------------------
// enforcement.scans — the enforcement ("assure") scans of one object (spec 3 "Enforce scan"): Safety records
// them, the object's own module (plant and machinery) shows them on its page

export const enforcementObjectTypes = ["WORKER", "PLANT_AND_MACHINERY", "TEMPORARY_WORKS"] as const;
export type EnforcementObjectType = (typeof enforcementObjectTypes)[number];

export type EnforcementScansQuery = {
  objectType: EnforcementObjectType;
  /** The object's id in its own module (a scan may name it by it). */
  objectId: string;
  /** Other tags the object is known by on site (a plant item's registration or serial). */
  tags: readonly string[];
  /** At most this many, newest first. */
  limit: number;
};

export type EnforcementScanRecord = {
  id: string;
  number: string;
  result: "PASS" | "FAIL";
  /** The tag scanned and the name written at the scan. */
  objectId: string;
  objectName: string;
  activity?: string | null;
  comment?: string | null;
  /** When it was scanned (ISO instant) and by whom. */
  scannedAt: string;
  scannedBy?: string | null;
  href: string;
};

export type EnforcementScansContribution = {
  permission: PermissionRef;
  /** The scans of the object: those naming its id, or one of its tags as the tag or the name scanned. */
  scans(context: ExtensionContext, query: EnforcementScansQuery): Promise<EnforcementScanRecord[]>;
};

// ---------------------------------------------------------------------------------------------------
// subcontract.work — the approved work of a subcontract that its next payment claim takes in: Dockets gives
// its approved (and posted) site dockets, Cost and Commercial's payment claims take them in and total them

export type SubcontractWorkItem = {
  id: string;
  /** The record's number ("DKT-0042") and a line about it (the docket's company and task). */
  number: string;
  title: string;
  /** The day the work was done, YYYY-MM-DD. */
  date: string;
  /** Integer cents: a claim sums these exactly. */
  amountCents: number;
  href: string;
};

export type SubcontractWorkQuery = {
  subcontractId: string;
  /** Work done on or before this day (the claim's billing period end), YYYY-MM-DD. */
  through: string;
};

export type SubcontractWorkContribution = {
  permission: PermissionRef;
  /** Approved work of the subcontract up to `through` that no claim has taken in yet, oldest first. */
  unclaimed(scope: ProjectScope, query: SubcontractWorkQuery): Promise<SubcontractWorkItem[]>;
  /**
   * Takes these items into the claim: all of them, or none when any is gone or already in a claim (then
   * false). Writes through `scope.em`, the caller's transaction: the claim and its work are saved together.
   */
  claim(
    scope: ProjectScope,
    claim: { claimId: string; subcontractId: string; ids: readonly string[] },
  ): Promise<boolean>;
  /** The work a claim took in. */
  ofClaim(scope: ProjectScope, claimId: string): Promise<SubcontractWorkItem[]>;
  /** Gives a claim's work back (the claim was withdrawn or deleted), through the caller's transaction. */
  release(scope: ProjectScope, claimId: string): Promise<void>;
};

// ---------------------------------------------------------------------------------------------------

/** The contract of each point. */
export type ExtensionContracts = {
  "site-diary.sections": SiteDiarySectionsContribution;
  "home.widgets": HomeWidgetsContribution;
  "linked-records": LinkedRecordsContribution;
  "hours-worked": HoursWorkedContribution;
  "in-out.sign-out-rule": InOutSignOutRuleContribution;
  "enforcement.scans": EnforcementScansContribution;
  "subcontract.work": SubcontractWorkContribution;
  "attachments.owners": AttachmentOwnersContribution;
};

/** What a provider file exports as `provider`. */
export type Provider<P extends ExtensionPoint = ExtensionPoint> = {
  point: P;
  contribution: ExtensionContracts[P];
};

/** Declares a provider file's contribution to one point; the type checks it against the point's contract. */
export function provide<P extends ExtensionPoint>(
  point: P,
  contribution: ExtensionContracts[P],
): Provider<P> {
  return { point, contribution };
}

/** The manifest's `provides`: each point a lazy import of the file that exports `provider`. */
export type ProvidesMap = Partial<Record<ExtensionPoint, () => Promise<{ provider: Provider }>>>;
