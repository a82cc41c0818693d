/** Dockets' forms, for the fuzz suite (tests/fuzz). */
import { flowFuzzTargets } from "./docket-posting-fuzz-targets";

export const targets = { ...flowFuzzTargets };
