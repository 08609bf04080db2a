import * as z from "../zod";

/** A path's one {id}, as the handlers whose id is any string name it. */
export const idParams = z.object({ id: z.string() });
