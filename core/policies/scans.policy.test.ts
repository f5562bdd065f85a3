/**
 * The device time rules of offline scanning (docs/offline-scanning.md "Device time and server time"): reading a
 * device time, the 7-day window and the clock ahead, and the correction of a wrong device clock by the clock the
 * device sent with its batch (`sent_at`).
 */
import { describe, expect, it } from 'vitest';
import { SCAN_CLOCK_SKEW_MS, SCAN_MAX_AGE_DAYS, correctedDeviceTime, deviceClockOffset, deviceTimeVerdict, parseDeviceTime } from './scans.policy.js';

const DAY = 86_400_000;
const now = new Date('2026-11-29T15:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

/** What the server records for a scan made `realAgo` ms ago on a device whose clock is `behind` ms slow, sent now. */
function recorded(realAgo: number, behind: number, sentAt: Date | null = new Date(now.getTime() - behind)) {
  const deviceTime = new Date(now.getTime() - realAgo - behind);
  return deviceTimeVerdict(correctedDeviceTime(deviceTime, deviceClockOffset(sentAt, now)), now);
}

describe('parseDeviceTime', () => {
  it('reads ISO 8601 with an offset, and nothing else', () => {
    expect(parseDeviceTime('2026-11-25T09:30:00-05:00')?.toISOString()).toBe('2026-11-25T14:30:00.000Z');
    expect(parseDeviceTime('2026-11-25T14:30:00.123Z')?.toISOString()).toBe('2026-11-25T14:30:00.123Z');
    for (const bad of ['2026-02-30T10:00:00Z', '2026-11-25T25:00:00Z', '2026-11-25T10:00:00', '2026-11-25', 'yesterday', '', 1764000000000, null, {}, ['2026-11-25T10:00:00Z'], '2026-11-25T10:00:00+24:00']) {
      expect(parseDeviceTime(bad), JSON.stringify(bad)).toBeNull();
    }
  });
});

describe('deviceClockOffset', () => {
  it('is server now minus the device clock: positive when the device is behind, negative when ahead', () => {
    expect(deviceClockOffset(ago(10 * DAY), now)).toBe(10 * DAY);
    expect(deviceClockOffset(new Date(now.getTime() + 3 * DAY), now)).toBe(-3 * DAY);
  });

  it('is 0 without a clock (the behaviour before sent_at), and for a clock within the skew (network time, drift)', () => {
    expect(deviceClockOffset(null, now)).toBe(0);
    expect(deviceClockOffset(ago(800), now)).toBe(0);
    expect(deviceClockOffset(ago(SCAN_CLOCK_SKEW_MS), now)).toBe(0);
    expect(deviceClockOffset(new Date(now.getTime() + SCAN_CLOCK_SKEW_MS), now)).toBe(0);
    expect(deviceClockOffset(ago(SCAN_CLOCK_SKEW_MS + 1), now)).toBe(SCAN_CLOCK_SKEW_MS + 1);
  });
});

describe('correctedDeviceTime with deviceTimeVerdict', () => {
  it('a device 10 days behind: its scan of an hour ago is accepted at the real time (refused without the clock)', () => {
    expect(recorded(3_600_000, 10 * DAY)).toEqual({ ok: true, at: ago(3_600_000), clamped: false });
    expect(recorded(3_600_000, 10 * DAY, null)).toEqual({ ok: false, code: 'scan.too_old' });
  });

  it('a device 10 days ahead: its scans keep their real times and order instead of all becoming the server time', () => {
    const [a, b] = [recorded(2 * 3_600_000, -10 * DAY), recorded(3_600_000, -10 * DAY)];
    expect(a).toEqual({ ok: true, at: ago(2 * 3_600_000), clamped: false });
    expect(b).toEqual({ ok: true, at: ago(3_600_000), clamped: false });
    expect(recorded(3_600_000, -10 * DAY, null)).toEqual({ ok: true, at: now, clamped: true });
  });

  it('keeps the same window on the corrected time: a scan really older than the limit is still refused', () => {
    expect(recorded((SCAN_MAX_AGE_DAYS + 1) * DAY, 10 * DAY)).toEqual({ ok: false, code: 'scan.too_old' });
    expect(recorded((SCAN_MAX_AGE_DAYS + 1) * DAY, -10 * DAY)).toEqual({ ok: false, code: 'scan.too_old' });
  });

  it('a lying clock gains nothing: a corrected time in the future is the server time, flagged, like a device time there', () => {
    // occurred_at after the sent_at it came with (impossible for an honest device): ahead of now once corrected.
    const sentAt = ago(10 * DAY);
    const future = correctedDeviceTime(new Date(sentAt.getTime() + DAY), deviceClockOffset(sentAt, now));
    expect(deviceTimeVerdict(future, now)).toEqual({ ok: true, at: now, clamped: true });
  });

  it('the widest offsets real dates allow stay within what a Date holds, and end in the same outcomes', () => {
    const [first, last] = [parseDeviceTime('0100-01-01T00:00:00Z')!, parseDeviceTime('9999-12-31T23:59:59Z')!];
    expect(parseDeviceTime('0099-12-31T23:59:59Z')).toBeNull();
    expect(deviceTimeVerdict(correctedDeviceTime(last, deviceClockOffset(first, now)), now)).toEqual({ ok: true, at: now, clamped: true });
    expect(deviceTimeVerdict(correctedDeviceTime(first, deviceClockOffset(last, now)), now)).toEqual({ ok: false, code: 'scan.too_old' });
  });

  it('a right clock is not moved, whatever the time the request took', () => {
    const scanned = ago(60_000);
    expect(correctedDeviceTime(scanned, deviceClockOffset(ago(4_000), now))).toEqual(scanned);
  });
});
