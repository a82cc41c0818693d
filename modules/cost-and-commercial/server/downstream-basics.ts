/**
 * The downstream and indirect pages' paths and tabs, for the browser and the server alike. A subcontract's tabs
 * are routes of their own (Details, Payment claims, Variations, Back charges, Securities), so each loads only
 * what it shows and every one is a link that works without JavaScript.
 */

import { CNC_PATH, DOWNSTREAM_PATH } from "./upstream-basics";

export { DOWNSTREAM_PATH };
export const DOWNSTREAM_CREATE_PATH = `${DOWNSTREAM_PATH}/create`;
export const INDIRECT_PATH = `${CNC_PATH}/indirect`;

export const SUBCONTRACT_TABS = ["details", "claims", "variations", "back-charges", "securities"] as const;
export type SubcontractTab = (typeof SUBCONTRACT_TABS)[number];

export const subcontractPath = (id: string, tab: SubcontractTab = "details") =>
  tab === "details" ? `${DOWNSTREAM_PATH}/${id}` : `${DOWNSTREAM_PATH}/${id}/${tab}`;
export const subcontractEditPath = (id: string) => `${DOWNSTREAM_PATH}/${id}/edit`;
export const subcontractClaimCreatePath = (id: string) => `${DOWNSTREAM_PATH}/${id}/claims/new`;
export const subcontractClaimPath = (id: string, claimId: string) =>
  `${DOWNSTREAM_PATH}/${id}/claims/${claimId}`;

/** The activity log's entity types. */
export const SUBCONTRACT_ENTITY_TYPE = "cnc.subcontract";
export const SUBCONTRACT_CLAIM_ENTITY_TYPE = "cnc.subcontract-claim";
export const VARIATION_ENTITY_TYPE = "cnc.variation";
export const BACK_CHARGE_ENTITY_TYPE = "cnc.back-charge";
export const SECURITY_ENTITY_TYPE = "cnc.security";
export const INDIRECT_COST_ENTITY_TYPE = "cnc.indirect-cost";
