/**
 * SQS + the Lambda event source mapping, in process: messages wait until visible, are handed
 * to the consumer as SQS-shaped events (batchSize at a time, 1 unless set; with a batching
 * window, a batch waits until it is full or its first message has waited the window; up to
 * maxConcurrency invocations at once, 1 unless set), stay
 * invisible for the visibility timeout while they run, come back when the consumer fails them,
 * and go to a dead-letter list once they have been received maxReceiveCount times. Given a
 * folder, it keeps all of that on disk as SQS would (queue-journal.ts): a restart on the same
 * data folder finds every message, its receive count and its visibility where they were.
 */
import { createHash, randomUUID } from "node:crypto";
import type { SQSBatchResponse, SQSEvent, SQSMessageAttributes, SQSRecord } from "aws-lambda";
import { LOCAL_ACCOUNT_ID, LOCAL_REGION } from "./aws";
import { type JournalDeadLetter, type JournalMessage, QueueJournal } from "./queue-journal";

/** The worker: it may answer a batch response (ReportBatchItemFailures) or nothing. */
export type QueueConsumer = (event: SQSEvent) => Promise<unknown>;

export interface QueueOptions {
  name: string;
  consumer: QueueConsumer;
  /** SQS's default is 30 s; production sets it above the worker's timeout. */
  visibilityTimeoutMs?: number;
  /** Deliveries before a message is dead-lettered (the redrive policy's maxReceiveCount). */
  maxReceiveCount?: number;
  /**
   * Milliseconds one second of a message's DelaySeconds lasts here: 1000 as in SQS; tests make
   * a webhook's backoff of minutes pass in moments (drive time, do not wait for it).
   */
  msPerDelaySecond?: number;
  /** Messages per invocation at most (the event source's BatchSize); default 1. */
  batchSize?: number;
  /** How long a batch may wait to fill (MaximumBatchingWindowInSeconds), in ms; default 0. */
  batchWindowMs?: number;
  /** Invocations at once (the event source's MaximumConcurrency); default 1. */
  maxConcurrency?: number;
  /**
   * The folder the queue journals its messages to (one file per queue name); omitted: in
   * memory only. Restored messages wait for resume(), so that nothing is delivered before
   * the consumer's environment is set.
   */
  journalDir?: string;
}

type StoredMessage = JournalMessage;

/** A dead-lettered message; lastError is what the last failed delivery said. */
export type DeadLetter = JournalDeadLetter;

export interface QueueState {
  name: string;
  visibilityTimeoutMs: number;
  maxReceiveCount: number;
  waiting: number;
  inFlight: number;
  delivered: number;
  deadLetters: DeadLetter[];
}

/** How long stop() waits for the consumers still running before it leaves them. */
export const STOP_GRACE_MS = 2_000;

export function md5Hex(text: string) {
  return createHash("md5").update(text, "utf8").digest("hex");
}

export class LocalQueue {
  readonly name: string;
  readonly arn: string;
  private readonly consumer: QueueConsumer;
  private readonly visibilityTimeoutMs: number;
  private readonly maxReceiveCount: number;
  private readonly msPerDelaySecond: number;
  private readonly batchSize: number;
  private readonly batchWindowMs: number;
  private readonly maxConcurrency: number;
  private readonly messages: StoredMessage[] = [];
  private readonly dead: DeadLetter[] = [];
  private readonly journal: QueueJournal | undefined;
  private readonly lastErrors = new Map<string, string>();
  private delivered = 0;
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private idleWaiters: (() => void)[] = [];

  constructor(options: QueueOptions) {
    this.name = options.name;
    this.arn = `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT_ID}:${options.name}`;
    this.consumer = options.consumer;
    this.visibilityTimeoutMs = options.visibilityTimeoutMs ?? 30_000;
    this.maxReceiveCount = options.maxReceiveCount ?? 3;
    this.msPerDelaySecond = options.msPerDelaySecond ?? 1000;
    this.batchSize = options.batchSize ?? 1;
    this.batchWindowMs = options.batchWindowMs ?? 0;
    this.maxConcurrency = options.maxConcurrency ?? 1;
    if (options.journalDir) {
      this.journal = QueueJournal.forQueue(options.journalDir, options.name);
      const restored = this.journal.load();
      this.messages.push(...restored.messages);
      this.dead.push(...restored.dead);
      this.delivered = restored.delivered;
    }
  }

  /** Starts delivering what a previous run left (send() would too). */
  resume() {
    this.pump();
  }

  send(
    body: string,
    options: { delaySeconds?: number; messageAttributes?: SQSMessageAttributes } = {},
  ) {
    if (this.stopped) throw new Error(`Queue ${this.name} is stopped`);
    const now = Date.now();
    const message: StoredMessage = {
      messageId: randomUUID(),
      body,
      md5OfBody: md5Hex(body),
      messageAttributes: options.messageAttributes ?? {},
      sentTimestamp: now,
      receiveCount: 0,
      visibleAt: now + (options.delaySeconds ?? 0) * this.msPerDelaySecond,
    };
    // On disk before SendMessage answers: an acknowledged message survives a crash.
    this.journal?.sent(message);
    this.messages.push(message);
    this.pump();
    return { messageId: message.messageId, md5OfBody: message.md5OfBody };
  }

  state(): QueueState {
    const now = Date.now();
    return {
      name: this.name,
      visibilityTimeoutMs: this.visibilityTimeoutMs,
      maxReceiveCount: this.maxReceiveCount,
      waiting: this.messages.filter((m) => m.visibleAt <= now).length,
      inFlight: this.messages.filter((m) => m.visibleAt > now).length,
      delivered: this.delivered,
      deadLetters: [...this.dead],
    };
  }

  deadLetters(): DeadLetter[] {
    return [...this.dead];
  }

  /** Resolves once no message is waiting or in flight (delivered, deleted or dead-lettered). */
  idle(): Promise<void> {
    if (this.messages.length === 0 && this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Stops delivering and waits for the consumers still running, at most `graceMs`: a job that
   * runs on (a Lighthouse run can take minutes) is left as Lambda leaves a function it shuts
   * down, so stopping the stack (Ctrl-C, a test suite's teardown) cannot hang on it.
   */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([Promise.all(this.running), grace]);
    clearTimeout(timer);
  }

  /**
   * Starts deliveries while they can run now and a consumer is free, else sleeps until the next
   * message is visible.
   */
  private pump() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    const now = Date.now();
    this.deadLetterExhausted(now);
    const visible = this.messages
      .filter((m) => m.visibleAt <= now)
      .sort((a, b) => a.visibleAt - b.visibleAt);
    const first = visible[0];
    // A batch goes when it is full or its oldest message has waited the window.
    const windowEnds = first ? first.visibleAt + this.batchWindowMs : Number.POSITIVE_INFINITY;
    if (this.running.size >= this.maxConcurrency) return;
    if (first && (visible.length >= this.batchSize || windowEnds <= now)) {
      // deliver() hides the batch at once, so the next pump picks other messages.
      const run: Promise<void> = this.deliver(visible.slice(0, this.batchSize)).finally(() => {
        this.running.delete(run);
        this.pump();
      });
      this.running.add(run);
      this.pump();
      return;
    }
    if (this.messages.length === 0) {
      for (const resolve of this.idleWaiters.splice(0)) resolve();
      return;
    }
    const hidden = this.messages.filter((m) => m.visibleAt > now).map((m) => m.visibleAt);
    const wakeAt = Math.min(windowEnds, ...hidden);
    this.timer = setTimeout(() => this.pump(), Math.max(0, wakeAt - now));
    // A waiting retry alone must not keep a finished process (a test run) alive.
    this.timer.unref();
  }

  /** SQS moves a message to the DLQ when a receive would exceed maxReceiveCount. */
  private deadLetterExhausted(now: number) {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const message = this.messages[i];
      if (!message || message.visibleAt > now || message.receiveCount < this.maxReceiveCount) {
        continue;
      }
      this.messages.splice(i, 1);
      const letter: DeadLetter = {
        messageId: message.messageId,
        body: message.body,
        receiveCount: message.receiveCount,
        sentAt: new Date(message.sentTimestamp).toISOString(),
        deadLetteredAt: new Date(now).toISOString(),
        lastError: this.lastErrors.get(message.messageId),
      };
      this.journal?.deadLettered(letter);
      this.dead.push(letter);
      this.lastErrors.delete(message.messageId);
      process.stdout.write(
        `${JSON.stringify({ level: "warn", msg: "message dead-lettered", queue: this.name, messageId: message.messageId, receiveCount: message.receiveCount })}\n`,
      );
    }
  }

  private async deliver(batch: StoredMessage[]) {
    const now = Date.now();
    const records = batch.map((message): SQSRecord => {
      message.receiveCount += 1;
      message.firstReceiveTimestamp ??= now;
      message.visibleAt = now + this.visibilityTimeoutMs;
      this.delivered += 1;
      return {
        messageId: message.messageId,
        receiptHandle: `${message.messageId}#${message.receiveCount}`,
        body: message.body,
        attributes: {
          ApproximateReceiveCount: String(message.receiveCount),
          SentTimestamp: String(message.sentTimestamp),
          SenderId: LOCAL_ACCOUNT_ID,
          ApproximateFirstReceiveTimestamp: String(message.firstReceiveTimestamp),
        },
        messageAttributes: message.messageAttributes,
        md5OfBody: message.md5OfBody,
        eventSource: "aws:sqs",
        eventSourceARN: this.arn,
        awsRegion: LOCAL_REGION,
      };
    });
    // Counted on disk before the consumer runs: a message that kills the process is still
    // dead-lettered after maxReceiveCount receives, restarts or not.
    this.journal?.received(batch);
    let failed: Set<string>;
    try {
      const result = (await this.consumer({ Records: records })) as SQSBatchResponse | undefined;
      failed = new Set(result?.batchItemFailures?.map((f) => f.itemIdentifier) ?? []);
      for (const id of failed) this.lastErrors.set(id, "reported in batchItemFailures");
    } catch (error) {
      // A thrown error fails the whole batch, as with Lambda.
      failed = new Set(batch.map((m) => m.messageId));
      const text = error instanceof Error ? error.message : String(error);
      for (const id of failed) this.lastErrors.set(id, text);
    }
    const deleted: string[] = [];
    for (const message of batch) {
      if (failed.has(message.messageId)) continue;
      const index = this.messages.indexOf(message);
      if (index >= 0) this.messages.splice(index, 1);
      this.lastErrors.delete(message.messageId);
      deleted.push(message.messageId);
    }
    this.journal?.deleted(deleted);
    this.journal?.compactIfLong(() => ({
      messages: this.messages,
      dead: this.dead,
      delivered: this.delivered,
    }));
    // A failed message stays invisible until its visibility timeout ends, then comes back.
  }
}
