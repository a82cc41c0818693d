/**
 * SWMS reference constants (pure): the 19 categories of high-risk construction work of the model WHS
 * Regulations r291, the risk matrix each written step is rated on, and the kinds of SWMS (decision 037).
 */

/** WHS Regulation r291: construction work that is high-risk construction work (a)–(s), in the regulation's order. */
export const HIGH_RISK_CATEGORIES = [
  "fall_over_2m",
  "telecommunication_tower",
  "demolition_load_bearing",
  "asbestos_disturbance",
  "structural_alterations_temporary_support",
  "confined_space",
  "shaft_trench_over_1_5m_or_tunnel",
  "explosives",
  "pressurised_gas_mains",
  "chemical_fuel_refrigerant_lines",
  "energised_electrical",
  "contaminated_flammable_atmosphere",
  "tilt_up_precast_concrete",
  "road_rail_traffic_corridor",
  "powered_mobile_plant_movement",
  "artificial_extremes_of_temperature",
  "drowning_risk",
  "diving",
  "tunnel",
] as const;
export type HighRiskCategory = (typeof HIGH_RISK_CATEGORIES)[number];

/** The regulation's paragraph letter of each category, shown beside it ("r291(a)"). */
export const highRiskParagraph = (category: HighRiskCategory) =>
  `r291(${String.fromCharCode(97 + HIGH_RISK_CATEGORIES.indexOf(category))})`;

/**
 * How a SWMS was made: **system** — written in SiteProof's form, step by step; **product** — the
 * subcontractor's own document (their product), uploaded as a file. The spec's type "Product or System".
 */
export const SWMS_TYPES = ["system", "product"] as const;
export type SwmsType = (typeof SWMS_TYPES)[number];

/** A 5 × 5 matrix (the Safe Work Australia "How to manage WHS risks" code's shape): 1 is the least. */
export const LIKELIHOODS = ["rare", "unlikely", "possible", "likely", "almost_certain"] as const;
export const CONSEQUENCES = ["insignificant", "minor", "moderate", "major", "catastrophic"] as const;
export type Likelihood = (typeof LIKELIHOODS)[number];
export type Consequence = (typeof CONSEQUENCES)[number];

export const RISK_LEVELS = ["low", "medium", "high", "extreme"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** Score = likelihood (1–5) × consequence (1–5), 1 to 25. */
export function riskScore(likelihood: Likelihood, consequence: Consequence): number {
  return (LIKELIHOODS.indexOf(likelihood) + 1) * (CONSEQUENCES.indexOf(consequence) + 1);
}

/** Bands: 1–4 low, 5–9 medium, 10–14 high, 15–25 extreme. */
export function riskLevel(score: number): RiskLevel {
  if (score >= 15) return "extreme";
  if (score >= 10) return "high";
  if (score >= 5) return "medium";
  return "low";
}

export const riskOf = (likelihood: Likelihood, consequence: Consequence) => {
  const score = riskScore(likelihood, consequence);
  return { score, level: riskLevel(score) };
};

/** The controls must lower the risk or leave it where it was: a step whose residual risk is higher is refused. */
export const residualRiskRaised = (
  before: { likelihood: Likelihood; consequence: Consequence },
  after: { likelihood: Likelihood; consequence: Consequence },
) => riskScore(after.likelihood, after.consequence) > riskScore(before.likelihood, before.consequence);
