/**
 * The help panel's forms, for the fuzz suite (tests/fuzz): the article form (with screenshots, and without),
 * its edit, and the delete.
 */
import { type FuzzWorld, fuzzTargets } from "~/tests/fuzz/targets";
import { HelpArticle, type IHelpArticle } from "../entities";
import { articleFormSchema, deleteArticleSchema } from "../server/help-rules";

/** One article in the safety section, for the pages that work on one. */
async function onArticle(world: FuzzWorld) {
  const article = world.em.create(HelpArticle, {
    section: "safe",
    position: 1,
    titleEn: "Reporting an incident",
    bodyEn: "Report it as soon as it is safe to do so.",
    titleVi: null,
    bodyVi: null,
    titleAu: null,
    bodyAu: null,
  } as never) as IHelpArticle;
  await world.em.flush();
  return { params: { section: "safe", articleId: article.id }, ids: [article.id] };
}

export const targets = fuzzTargets({
  "/help-panel/helpPanel/add-new": {
    forms: [
      { name: "article", schema: articleFormSchema },
      { name: "article with a screenshot", schema: articleFormSchema, files: ["screenshots"] },
    ],
  },
  "/help-panel/helpPanel/:section/:articleId": {
    forms: [{ name: "delete", schema: deleteArticleSchema }],
    arrange: onArticle,
  },
  "/help-panel/helpPanel/:section/:articleId/edit": {
    forms: [
      { name: "edit", schema: articleFormSchema },
      { name: "edit with a screenshot", schema: articleFormSchema, files: ["screenshots"] },
    ],
    arrange: onArticle,
  },
});
