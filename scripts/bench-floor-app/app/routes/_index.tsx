import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

export function loader() {
  return json({ message: "floor" });
}

export default function Index() {
  const { message } = useLoaderData<typeof loader>();
  return <p>{message}</p>;
}
