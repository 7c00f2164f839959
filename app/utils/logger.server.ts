// Security-relevant events as one JSON line each. Never pass passwords or tokens.
export function logEvent(event: string, fields: Record<string, string | number | boolean | null | undefined> = {}) {
  console.log(JSON.stringify({ time: new Date().toISOString(), event, ...fields }));
}
