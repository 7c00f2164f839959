import cluster from "node:cluster";
import { EventEmitter } from "node:events";
import { afterCommit } from "./transaction-scope.server";

/**
 * What every academy process must hear (issue 41): live-room events, member
 * access changes, "the public pages changed". A channel's `publish` delivers
 * to this process at once and to every other process of the server. With
 * several workers (node:cluster) a message goes to the primary over IPC,
 * which hands it to every other worker (server/cluster.ts); with one process
 * it stays here. A later implementation for several machines (PostgreSQL
 * LISTEN/NOTIFY) keeps this interface. Payloads must survive structured
 * cloning (plain data and Dates): the cluster's IPC uses "advanced" serialisation.
 */
export interface Channel<T> {
  publish(payload: T): void;
  /** Returns the function that stops listening. */
  subscribe(listener: (payload: T) => void): () => void;
}

/** The IPC message that carries a bus message between processes. */
export interface BusEnvelope {
  academyBus: { channel: string; payload: unknown };
}

export function isBusEnvelope(message: unknown): message is BusEnvelope {
  return typeof message === "object" && message !== null && "academyBus" in message;
}

const local = new EventEmitter().setMaxListeners(100);
if (cluster.isWorker) {
  process.on("message", (message: unknown) => {
    if (isBusEnvelope(message)) local.emit(message.academyBus.channel, message.academyBus.payload);
  });
}

/** A named channel; every process names its channels alike, so a message finds its listeners anywhere. */
export function channel<T>(name: string): Channel<T> {
  return {
    publish(payload) {
      local.emit(name, payload);
      if (!cluster.isWorker) return;
      const envelope: BusEnvelope = { academyBus: { channel: name, payload } };
      // After the publishing transaction has committed: another process that reads
      // the database on this message must see the change.
      afterCommit(() => {
        if (process.connected && process.send) process.send(envelope);
      });
    },
    subscribe(listener) {
      local.on(name, listener);
      return () => local.off(name, listener);
    },
  };
}
