/**
 * The device time rules of offline scanning (docs/offline-scanning.md "Device time and server time"): reading a
 * device time, the 7-day window and the clock ahead, and the correction of a wrong device clock by the clock the
 * device sent with its batch (`sent_at`) or, in preference, by the offset the device knew when it made the scan
 * (`clock_offset_ms`).
 */
import { describe, expect, it } from 'vitest';
import {
  SCAN_CLOCK_OFFSET_MAX_MS,
  SCAN_CLOCK_SKEW_MS,
  SCAN_MAX_AGE_DAYS,
  correctedDeviceTime,
  deviceClockOffset,
  deviceTimeVerdict,
  isDeviceClockOffset,
  parseDeviceTime,
  scanClockOffset,
} from './scans.policy.js';

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

describe('scanClockOffset: the offset the device knew when it made the scan', () => {
  /** What the server records for a scan made `realAgo` ms ago while the clock was `behindThen` ms slow, sent by a clock `behindNow` ms slow (`carried`: the offset on the scan, null for none). */
  function recordedWith(realAgo: number, behindThen: number, behindNow: number, carried: number | null = behindThen) {
    const deviceTime = new Date(now.getTime() - realAgo - behindThen);
    const sendOffset = deviceClockOffset(new Date(now.getTime() - behindNow), now);
    return deviceTimeVerdict(correctedDeviceTime(deviceTime, scanClockOffset(carried ?? undefined, sendOffset).offsetMs), now);
  }

  it('a clock 10 days behind while scanning, set right before the send: the scan is accepted at the real time', () => {
    expect(recordedWith(3_600_000, 10 * DAY, 0)).toEqual({ ok: true, at: ago(3_600_000), clamped: false });
    // Without it (an older app): the send-time offset is 0 and the scan is refused.
    expect(recordedWith(3_600_000, 10 * DAY, 0, null)).toEqual({ ok: false, code: 'scan.too_old' });
  });

  it('is preferred to the send-time offset, and falls back to it when the scan carries none', () => {
    expect(scanClockOffset(10 * DAY, 0)).toEqual({ offsetMs: 10 * DAY, from: 'scan' });
    expect(scanClockOffset(-3 * DAY, 10 * DAY)).toEqual({ offsetMs: -3 * DAY, from: 'scan' });
    expect(scanClockOffset(undefined, 10 * DAY)).toEqual({ offsetMs: 10 * DAY, from: 'send' });
    expect(scanClockOffset(undefined, 0)).toEqual({ offsetMs: 0, from: 'send' });
  });

  it('has the same tolerance: within 5 minutes it is 0 (a right clock is not moved), even when the send-time offset is large', () => {
    expect(scanClockOffset(SCAN_CLOCK_SKEW_MS, 0)).toEqual({ offsetMs: 0, from: 'scan' });
    expect(scanClockOffset(-SCAN_CLOCK_SKEW_MS, 10 * DAY)).toEqual({ offsetMs: 0, from: 'scan' });
    expect(scanClockOffset(1_200, 0)).toEqual({ offsetMs: 0, from: 'scan' });
    expect(scanClockOffset(SCAN_CLOCK_SKEW_MS + 1, 0)).toEqual({ offsetMs: SCAN_CLOCK_SKEW_MS + 1, from: 'scan' });
  });

  it('a lying offset is held to the same window: too old is refused, the future is the server time, flagged', () => {
    expect(recordedWith(3_600_000, 0, 0, -30 * DAY)).toEqual({ ok: false, code: 'scan.too_old' });
    expect(recordedWith(3_600_000, 0, 0, 30 * DAY)).toEqual({ ok: true, at: now, clamped: true });
    // The widest offset allowed on the widest dates stays within what a Date holds.
    const last = parseDeviceTime('9999-12-31T23:59:59Z')!;
    const first = parseDeviceTime('0100-01-01T00:00:00Z')!;
    expect(deviceTimeVerdict(correctedDeviceTime(last, SCAN_CLOCK_OFFSET_MAX_MS), now)).toEqual({ ok: true, at: now, clamped: true });
    expect(deviceTimeVerdict(correctedDeviceTime(first, -SCAN_CLOCK_OFFSET_MAX_MS), now)).toEqual({ ok: false, code: 'scan.too_old' });
  });

  it('isDeviceClockOffset takes a whole number of ms within 100 years either way, and nothing else', () => {
    for (const ok of [0, 864_000_000, -864_000_000, SCAN_CLOCK_OFFSET_MAX_MS, -SCAN_CLOCK_OFFSET_MAX_MS]) expect(isDeviceClockOffset(ok)).toBe(true);
    for (const bad of ['864000000', null, true, {}, [], 1.5, Number.NaN, Infinity, SCAN_CLOCK_OFFSET_MAX_MS + 1, -SCAN_CLOCK_OFFSET_MAX_MS - 1, 1e300])
      expect(isDeviceClockOffset(bad)).toBe(false);
  });
});
