import { GeneralErrorBoundary, NotFoundPage } from "~/components/error-boundary";

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
