import { json } from "@remix-run/node";
import { env } from "~/utils/env.server";

// The framework floor for resource routes; only in bench mode.
export function loader() {
  if (!env.BENCH_MODE) return json({ message: "Not found" }, { status: 404 });
  return json({ message: "floor" });
}
