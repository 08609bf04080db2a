/** What a job kind is: its message schema (discriminated by `kind`) and the code that runs it. */
import * as z from "@portal/core/contracts/zod";

export interface JobContext {
  /** The SQS message id: the same across retries of one message. */
  messageId: string;
  /** 1 on the first delivery; a runner may use it to log or to give up gracefully. */
  receiveCount: number;
}

export interface JobKind<Kind extends string = string, Message = unknown> {
  kind: Kind;
  /** The whole message schema, `kind` included, so the worker can build its union. */
  schema: z.ZodMiniObject<{ kind: z.ZodMiniLiteral<Kind> } & z.core.$ZodShape>;
  run(message: Message, context: JobContext): Promise<void>;
}

/**
 * Declares a job kind. The producer sends `{ kind, ...payload }`; the worker parses it with
 * this schema and calls `run`. Throwing from `run` fails the message, so SQS retries it and
 * finally moves it to the dead-letter queue.
 */
export function defineJob<const Kind extends string, Shape extends z.core.$ZodShape>(definition: {
  kind: Kind;
  payload: Shape;
  run: (
    message: z.output<z.ZodMiniObject<{ kind: z.ZodMiniLiteral<Kind> } & Shape>>,
    context: JobContext,
  ) => Promise<void>;
}): JobKind<Kind, z.output<z.ZodMiniObject<{ kind: z.ZodMiniLiteral<Kind> } & Shape>>> {
  return {
    kind: definition.kind,
    schema: z.object({ kind: z.literal(definition.kind), ...definition.payload }),
    run: definition.run,
  };
}

/** A job kind of any message type: each kind only ever gets the message its schema parsed. */
// biome-ignore lint/suspicious/noExplicitAny: the message types differ per kind by design
export type AnyJobKind = JobKind<string, any>;
