import type { NextFunction, Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { takeTurns } from "../../server/take-turns";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("requests taking turns", () => {
  it("starts at most a turn's worth per event-loop turn, in arrival order", async () => {
    const middleware = takeTurns(8);
    const started: number[] = [];
    for (let n = 0; n < 20; n += 1) {
      middleware({} as Request, {} as Response, (() => started.push(n)) as NextFunction);
    }
    expect(started).toEqual([]);
    await nextTurn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    // One arriving now queues behind those already waiting.
    middleware({} as Request, {} as Response, (() => started.push(20)) as NextFunction);
    await nextTurn();
    expect(started).toHaveLength(16);
    await nextTurn();
    expect(started).toEqual(Array.from({ length: 21 }, (_, n) => n));
  });

  it("keeps going when a request throws as it starts", async () => {
    const middleware = takeTurns(1);
    const started: string[] = [];
    const outcome = new Promise<void>((resolve) => {
      const onError = () => resolve();
      process.once("uncaughtException", onError);
    });
    middleware({} as Request, {} as Response, (() => {
      throw new Error("boom");
    }) as NextFunction);
    middleware({} as Request, {} as Response, (() => started.push("after")) as NextFunction);
    await outcome;
    await nextTurn();
    await nextTurn();
    expect(started).toEqual(["after"]);
  });
});
