/** '1 minute', '60 minutes': a session's length on the banner and the join page. */
export function minutesLabel(minutes: number): string {
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}
