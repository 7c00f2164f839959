

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export default function NotFound() {
  return <NotFoundPage />;
}

export function ErrorBoundary() {
  return <NotFoundPage />;
}

function NotFoundPage() {
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="font-display text-4xl">Page Not Found</h1>
      <p className="mt-4 opacity-80">The page you are looking for has wandered off the path.</p>
      <a href="/" data-discover="true" className="mt-8 inline-block underline">
        Return home
      </a>
    </div>
  );
}
