/** A failure of backup or restore the operator can act on: printed as one line, without a stack trace. */
export class BackupError extends Error {}

export function fail(message: string): never {
  throw new BackupError(message);
}
