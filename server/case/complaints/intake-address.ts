import { createHmac } from 'node:crypto';
import { systemClock } from '../../platform/clock';

/**
 * The rate-limit key of a reporter's address: HMAC(HMAC(key, "intake-address:" + UTC day), workspace + address).
 *
 * `key` is a server secret kept out of the database (`INTAKE_ADDRESS_KEY`, or `DATA_DIR/intake-address.key`; see
 * docs/case.md "Confidential intake"), so a copy of the database, which holds these keys' hashes, cannot be searched
 * for an address (an IPv4 address is one of 2^32: a plain hash, or an HMAC whose secret sits beside it, is reversed
 * by trying them all). The day's secret is derived, not stored, so every process that shares the key computes the
 * same one, and no process writes a secret anywhere. The day changes the key, so one day's counts cannot be linked
 * to another's.
 */
export function intakeAddressKey(key: Uint8Array, ws: string, address: string, now: Date = systemClock.now()): string {
  return addressKey('intake-address', key, ws, address, now);
}

/**
 * The address of a request refused on a case without a member's session (docs/case.md "Attempts refused at the door"),
 * as the case's log keeps it: the same construction under its own label, so it links the day's refusals from one
 * address to each other and never to a report's rate-limit rows (such a caller may be a reporter).
 */
export function refusedAddressKey(key: Uint8Array, ws: string, address: string, now: Date = systemClock.now()): string {
  return addressKey('case-refusal-address', key, ws, address, now).slice(0, 16);
}

function addressKey(label: string, key: Uint8Array, ws: string, address: string, now: Date): string {
  const daily = createHmac('sha256', key)
    .update(`${label}:${now.toISOString().slice(0, 10)}`)
    .digest();
  return createHmac('sha256', daily).update(`${ws}\u0000${address}`).digest('hex');
}
