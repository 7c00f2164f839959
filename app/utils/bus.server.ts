import cluster from "node:cluster";
import { EventEmitter } from "node:events";
import { afterCommit } from "./transaction-scope.server";

/**
 * What every academy process must hear (issue 41): live-room events, member
 * access changes, "the public pages changed". A channel's `publish` delivers
 * to this process at once and to every other process of the server. With
 * several workers (node:cluster) a message goes to the primary over IPC,
 * which hands it to every other worker (server/cluster.ts); with one process
 * it stays here. On PostgreSQL (several machines, issue 44) a transport
 * (db/postgres/bus.ts, LISTEN/NOTIFY) carries it to every process of every
 * instance instead, and the IPC relay is not used. Payloads are plain data and
 * Dates: the cluster's IPC uses "advanced" serialisation, the PostgreSQL
 * transport tags Dates in its JSON.
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

/** Carries messages to the other processes when IPC cannot (several machines). */
export interface BusTransport {
  send(channel: string, payload: unknown): void;
}

const local = new EventEmitter().setMaxListeners(100);
let transport: BusTransport | null = null;
const RESYNC = Symbol("bus resync");

/** From now on messages leave this process through `chosen`, not IPC. */
export function setBusTransport(chosen: BusTransport): void {
  transport = chosen;
}

/** A message another process published (the transport's delivery). */
export function deliverFromElsewhere(name: string, payload: unknown): void {
  local.emit(name, payload);
}

/** The transport was cut off for a while: messages may have been missed. */
export function announceResync(): void {
  local.emit(RESYNC);
}

/** Runs `listener` whenever messages may have been missed; returns the function that stops it. */
export function onBusResync(listener: () => void): () => void {
  local.on(RESYNC, listener);
  return () => local.off(RESYNC, listener);
}
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
      const chosen = transport;
      if (chosen) return afterCommit(() => chosen.send(name, payload));
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
