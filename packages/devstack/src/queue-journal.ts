/**
 * A local queue's messages on disk, so that `npm start` killed at any moment loses nothing SQS
 * would have kept (docs/development.md "Restarts"): every change is one line appended to
 * `<data>/queues/<queue>.jsonl` before the change is acknowledged (SendMessage answers, a
 * receive hands records to the consumer), and the file is replayed on start. Appending a line
 * is one write(2): a process killed with SIGKILL has either written it or not; a torn last
 * line (a crash of the machine) is ignored.
 *
 * What survives is what SQS keeps: the bodies and attributes, each message's receive count and
 * the time it becomes visible again (absolute, so a message in flight when the process died
 * comes back once its visibility timeout has passed), and the dead-letter list.
 */
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import type { SQSMessageAttributes } from "aws-lambda";

export interface JournalMessage {
  messageId: string;
  body: string;
  md5OfBody: string;
  messageAttributes: SQSMessageAttributes;
  sentTimestamp: number;
  firstReceiveTimestamp?: number;
  receiveCount: number;
  visibleAt: number;
}

export interface JournalDeadLetter {
  messageId: string;
  body: string;
  receiveCount: number;
  sentAt: string;
  deadLetteredAt: string;
  lastError?: string;
}

export interface QueueContents {
  messages: JournalMessage[];
  dead: JournalDeadLetter[];
  delivered: number;
}

type Entry =
  | ({ op: "snapshot" } & QueueContents)
  | { op: "sent"; message: JournalMessage }
  | {
      op: "received";
      messageId: string;
      receiveCount: number;
      visibleAt: number;
      firstReceiveTimestamp: number;
    }
  | { op: "deleted"; messageId: string }
  | { op: "dead"; letter: JournalDeadLetter };

/** Lines appended before the file is rewritten as one snapshot of what is still there. */
const COMPACT_AFTER_LINES = 5_000;

export class QueueJournal {
  private appended = 0;

  constructor(readonly file: string) {}

  static forQueue(dir: string, queueName: string) {
    if (!/^[\w.-]+$/.test(queueName)) throw new Error(`Unsafe queue name for a file: ${queueName}`);
    mkdirSync(dir, { recursive: true });
    return new QueueJournal(path.join(dir, `${queueName}.jsonl`));
  }

  /** Replays the file (empty contents when there is none) and rewrites it compacted. */
  load(): QueueContents {
    const contents: QueueContents = { messages: [], dead: [], delivered: 0 };
    if (existsSync(this.file)) {
      const byId = new Map<string, JournalMessage>();
      for (const line of readFileSync(this.file, "utf8").split("\n")) {
        if (!line) continue;
        let entry: Entry;
        try {
          entry = JSON.parse(line) as Entry;
        } catch {
          continue; // a torn last line: that change was never acknowledged
        }
        applyEntry(entry, byId, contents);
      }
      contents.messages = [...byId.values()];
    }
    this.snapshot(contents);
    return contents;
  }

  sent(message: JournalMessage) {
    this.append([{ op: "sent", message }]);
  }

  /** A batch handed to the consumer: one write for all of it. */
  received(messages: JournalMessage[]) {
    this.append(
      messages.map((message) => ({
        op: "received" as const,
        messageId: message.messageId,
        receiveCount: message.receiveCount,
        visibleAt: message.visibleAt,
        firstReceiveTimestamp: message.firstReceiveTimestamp ?? message.visibleAt,
      })),
    );
  }

  /** The messages a delivery succeeded for, deleted in one write. */
  deleted(messageIds: string[]) {
    if (messageIds.length === 0) return;
    this.append(messageIds.map((messageId) => ({ op: "deleted" as const, messageId })));
  }

  deadLettered(letter: JournalDeadLetter) {
    this.append([{ op: "dead", letter }]);
  }

  /** After many changes: the contents now, written beside the file and renamed over it. */
  compactIfLong(contents: () => QueueContents) {
    if (this.appended >= COMPACT_AFTER_LINES) this.snapshot(contents());
  }

  private snapshot(contents: QueueContents) {
    const temporary = `${this.file}.tmp`;
    writeFileSync(temporary, `${JSON.stringify({ op: "snapshot", ...contents })}\n`);
    renameSync(temporary, this.file);
    this.appended = 0;
  }

  private append(entries: Entry[]) {
    appendFileSync(this.file, entries.map((entry) => `${JSON.stringify(entry)}\n`).join(""));
    this.appended += entries.length;
  }
}

function applyEntry(entry: Entry, byId: Map<string, JournalMessage>, contents: QueueContents) {
  switch (entry.op) {
    case "snapshot":
      byId.clear();
      for (const message of entry.messages) byId.set(message.messageId, message);
      contents.dead = [...entry.dead];
      contents.delivered = entry.delivered;
      return;
    case "sent":
      byId.set(entry.message.messageId, entry.message);
      return;
    case "received": {
      const message = byId.get(entry.messageId);
      if (!message) return;
      message.receiveCount = entry.receiveCount;
      message.visibleAt = entry.visibleAt;
      message.firstReceiveTimestamp ??= entry.firstReceiveTimestamp;
      contents.delivered += 1;
      return;
    }
    case "deleted":
      byId.delete(entry.messageId);
      return;
    case "dead":
      byId.delete(entry.letter.messageId);
      contents.dead.push(entry.letter);
      return;
  }
}
