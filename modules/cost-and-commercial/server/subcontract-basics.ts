/** The subcontract and payment-claim pages' intents and limits, for the browser and the server (schemas: subcontract-forms.ts). */

export const SUBCONTRACT_INTENTS = { transition: "transition" } as const;

export const SUBCONTRACT_LIMITS = {
  code: 50,
  title: 200,
  comment: 2000,
  invoiceNumber: 50,
  search: 100,
} as const;
