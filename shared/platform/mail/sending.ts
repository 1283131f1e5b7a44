/** What every mail the service sends keeps through its attempts: its Message-ID, and how long its sent marker lives. */

/** A sent marker outlives every redelivery of its message: the queue keeps one 4 days, its dead-letter queue 14. */
export const SENT_MARKER_SECONDS = 30 * 24 * 3600;

/** The Message-ID a send keeps through every attempt (RFC 5322's `id-left@id-right`, without the angle brackets). */
export function messageIdFor(uniquePart: string, fromAddress: string): string {
  return `${uniquePart}@${fromAddress.slice(fromAddress.lastIndexOf('@') + 1)}`;
}
