/** The core's routes with an action, for the fuzz suite. */
import { z } from "zod";
import { fuzzTargets } from "./targets";

export const targets = fuzzTargets({
  // The design showcase echoes whatever its demo form posts.
  "/storybook": {
    forms: [
      {
        name: "showcase",
        schema: z.object({
          intent: z.enum(["confirm-demo", "echo"]).optional(),
          name: z.string(),
          when: z.iso.date(),
        }),
        files: ["attachment"],
      },
    ],
  },
});
