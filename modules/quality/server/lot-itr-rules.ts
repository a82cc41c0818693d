/** ITR names and limits the upload form shows as well as the server checks (safe in the browser bundle). */
export const ITR_ENTITY_TYPE = "quality-lot-itr";
export const ITR_LIMITS = { title: 255, description: 2000 } as const;
export const itrPath = (lotId: string, itrId: string) => `/quality/lot/${lotId}/itr/${itrId}`;
