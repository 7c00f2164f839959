import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { env } from "~/utils/env.server";

// The framework floor for `npm run bench`: a trivial page through the same
// server and root layout. It exists only in bench mode.
export function loader() {
  if (!env.BENCH_MODE) throw new Response("Not Found", { status: 404 });
  return json({ message: "floor" });
}

export default function BenchFloorPage() {
  const { message } = useLoaderData<typeof loader>();
  return <p>{message}</p>;
}
