/**
 * An SQS endpoint speaking the AWS JSON 1.0 protocol that @aws-sdk/client-sqs v3 uses
 * (POST with `X-Amz-Target: AmazonSQS.<Operation>`), so application code sends jobs with the
 * real SDK and AWS_ENDPOINT_URL_SQS pointing here. It only enqueues: delivery to the worker
 * is the in-process queue's job, as the event source mapping is Lambda's in AWS.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { SQSMessageAttributes } from "aws-lambda";
import { LOCAL_ACCOUNT_ID } from "./aws";
import { readBody } from "./http-io";
import { close, hostForUrl, listen } from "./net";
import type { LocalQueue } from "./queue";

export interface LocalSqsEndpoint {
  endpoint: string;
  queueUrl(queueName: string): string;
  stop(): Promise<void>;
}

class SqsError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly queryError: string,
  ) {
    super(message);
  }
}

interface WireMessageAttribute {
  DataType: string;
  StringValue?: string;
  BinaryValue?: string;
}

/** SendMessage's attribute shape → the shape a Lambda SQS record carries. */
function toRecordAttributes(attributes: Record<string, WireMessageAttribute> | undefined) {
  const result: SQSMessageAttributes = {};
  for (const [name, value] of Object.entries(attributes ?? {})) {
    result[name] = {
      dataType: value.DataType,
      stringValue: value.StringValue,
      binaryValue: value.BinaryValue,
      stringListValues: [],
      binaryListValues: [],
    };
  }
  return result;
}

export async function startSqsEndpoint(options: {
  host: string;
  queues: LocalQueue[];
}): Promise<LocalSqsEndpoint> {
  const byName = new Map(options.queues.map((q) => [q.name, q]));
  let origin = "";
  const queueUrl = (name: string) => `${origin}/${LOCAL_ACCOUNT_ID}/${name}`;

  function queueFor(url: unknown): LocalQueue {
    const name = typeof url === "string" ? url.split("/").pop() : undefined;
    const queue = name ? byName.get(name) : undefined;
    if (!queue) {
      throw new SqsError(
        "QueueDoesNotExist",
        "The specified queue does not exist.",
        "AWS.SimpleQueueService.NonExistentQueue;Sender",
      );
    }
    return queue;
  }

  const operations: Record<string, (input: Record<string, unknown>) => unknown> = {
    SendMessage(input) {
      const queue = queueFor(input.QueueUrl);
      const sent = queue.send(String(input.MessageBody ?? ""), {
        delaySeconds: Number(input.DelaySeconds ?? 0),
        messageAttributes: toRecordAttributes(
          input.MessageAttributes as Record<string, WireMessageAttribute>,
        ),
      });
      return { MessageId: sent.messageId, MD5OfMessageBody: sent.md5OfBody };
    },
    SendMessageBatch(input) {
      const queue = queueFor(input.QueueUrl);
      const entries = (input.Entries ?? []) as {
        Id: string;
        MessageBody: string;
        DelaySeconds?: number;
        MessageAttributes?: Record<string, WireMessageAttribute>;
      }[];
      return {
        Successful: entries.map((entry) => {
          const sent = queue.send(entry.MessageBody, {
            delaySeconds: entry.DelaySeconds ?? 0,
            messageAttributes: toRecordAttributes(entry.MessageAttributes),
          });
          return { Id: entry.Id, MessageId: sent.messageId, MD5OfMessageBody: sent.md5OfBody };
        }),
        Failed: [],
      };
    },
    GetQueueUrl(input) {
      return { QueueUrl: queueUrl(queueFor(`/${input.QueueName}`).name) };
    },
    GetQueueAttributes(input) {
      const state = queueFor(input.QueueUrl).state();
      return {
        Attributes: {
          QueueArn: queueFor(input.QueueUrl).arn,
          ApproximateNumberOfMessages: String(state.waiting),
          ApproximateNumberOfMessagesNotVisible: String(state.inFlight),
          VisibilityTimeout: String(Math.round(state.visibilityTimeoutMs / 1000)),
        },
      };
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/x-amz-json-1.0", ...headers });
      res.end(JSON.stringify(body));
    };
    try {
      const target = String(req.headers["x-amz-target"] ?? "");
      const operation = target.startsWith("AmazonSQS.") ? operations[target.slice(10)] : undefined;
      if (req.method !== "POST" || !operation) {
        throw new SqsError(
          "UnsupportedOperation",
          `The local SQS endpoint does not support ${target || `${req.method} ${req.url}`}.`,
          "AWS.SimpleQueueService.UnsupportedOperation;Sender",
        );
      }
      const text = (await readBody(req)).toString("utf8");
      send(200, operation(text ? JSON.parse(text) : {}));
    } catch (error) {
      const sqsError =
        error instanceof SqsError
          ? error
          : new SqsError("InvalidParameterValue", String(error), "InvalidParameterValue;Sender");
      send(
        400,
        { __type: `com.amazonaws.sqs#${sqsError.type}`, message: sqsError.message },
        // The SDK's awsQueryCompatible mode reads the legacy error code from this header.
        { "x-amzn-query-error": sqsError.queryError },
      );
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  const port = await listen(server, 0, options.host);
  origin = `http://${hostForUrl(options.host)}:${port}`;
  return { endpoint: origin, queueUrl, stop: () => close(server) };
}
