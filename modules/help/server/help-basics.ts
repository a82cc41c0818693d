import type { HelpSection } from "../domain/help-sections";

/** The help pages' paths, limits and permissions, for the browser too (the zod schemas are in help-rules.ts). */

export const HELP_PATH = "/help-panel/helpPanel";
export const HELP_ADD_PATH = `${HELP_PATH}/add-new`;
export const helpSectionPath = (section: HelpSection) => `${HELP_PATH}/${section}`;
export const helpArticlePath = (section: string, id: string) => `${HELP_PATH}/${section}/${id}`;
export const helpEditPath = (section: string, id: string) => `${helpArticlePath(section, id)}/edit`;
export const helpScreenshotPath = (section: string, id: string, screenshotId: string) =>
  `${helpArticlePath(section, id)}/screenshots/${screenshotId}`;

/** The activity log's entity type of an article (created, updated, deleted; no project). */
export const HELP_ARTICLE_ENTITY_TYPE = "help-article";

export const HELP_PERMISSIONS = {
  create: "help.article.create",
  edit: "help.article.edit",
  delete: "help.article.delete",
} as const;

export const HELP_LIMITS = {
  title: 200,
  body: 20000,
  position: 9999,
  /** A screenshot is an image of a screen: 10 MB is plenty (README). */
  screenshotBytes: 10 * 1024 * 1024,
  screenshotsPerPost: 10,
  /** A search's text, as typed. */
  query: 100,
} as const;

/** Images every browser shows (no HEIC or TIFF: a screenshot must open in the page). */
export const SCREENSHOT_EXTENSIONS = ["png", "jpg", "jpeg", "gif", "webp"] as const;

export const HELP_PAGE_SIZE = 10;
