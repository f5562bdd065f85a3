import { describe, expect, it } from 'vitest';
import { isDomainError } from '../errors.js';
import { ROLES } from '../roles.js';
import { batchDefaults, batchItemDefaults, collectProblems, locationDefaults, schemas, shipmentDefaults, validateOrThrow } from './index.js';
import { FEATURES } from '../features.js';
import { hasKey } from '../i18n/index.js';
import { validate } from '../validation.js';
import { RESOURCE_NAMES } from '../permissions.js';

const keysOf = (problems: Record<string, { key: string }>) =>
  Object.fromEntries(Object.entries(problems).map(([f, m]) => [f, m.key]));

const shipment = {
  external_reference_id: 'ORD-1001',
  type: 'standard',
  first_name: 'Ann',
  last_name: 'Rolle',
  email: 'ann@example.com',
  phone: '242 359 1234',
  country: 'BS',
  locale: 'en',
  dropoff_location_id: 3,
  packages: [{ size: 'SMALL', description: 'Shoes' }],
};

describe('shipment schema', () => {
  it('accepts a complete shipment with packages', () => {
    expect(collectProblems(schemas.shipments.create, shipment, { nested: schemas.shipments.nested })).toEqual({});
  });

  it('reports recipient, location and package problems', () => {
    const bad = { ...shipment, first_name: 'A', email: '', phone: '', dropoff_location_id: undefined, type: 'slow',
      packages: [{ size: 'HUGE' }, { size: 'LARGE', barcode: '123' }] };
    expect(keysOf(collectProblems(schemas.shipments.create, bad, { nested: schemas.shipments.nested }))).toEqual({
      first_name: 'validation.min',
      email: 'validation.required_without',
      phone: 'validation.required_without',
      dropoff_location_id: 'validation.required',
      type: 'validation.in',
      'packages.0.size': 'validation.in',
      'packages.1.barcode': 'validation.min',
    });
  });

  it('needs only one of email and phone, and checks the phone against the country', () => {
    expect(validate(schemas.shipments.create, { ...shipment, email: '' })).toEqual({});
    expect(keysOf(validate(schemas.shipments.create, { ...shipment, phone: '242 359' }))).toEqual({ phone: 'validation.phone.too_short' });
  });

  it('rejects a packages value that is not a list', () => {
    expect(keysOf(collectProblems(schemas.shipments.create, { ...shipment, packages: 'x' }, { nested: schemas.shipments.nested }))).toEqual({
      packages: 'validation.in',
    });
  });

  it('does not let an update move a shipment to another merchant', () => {
    expect(schemas.shipments.update.merchant_id).toBeUndefined();
  });
});

describe('package schema', () => {
  it('checks size, description and barcode bounds', () => {
    expect(validate(schemas.packages.create, { shipment_id: 1, size: 'OVERSIZED' })).toEqual({});
    expect(keysOf(validate(schemas.packages.create, { size: 'SMALL', description: 'x'.repeat(501), barcode: 'x'.repeat(41) }))).toEqual({
      shipment_id: 'validation.required',
      description: 'validation.max',
      barcode: 'validation.max',
    });
  });
});

describe('user schema', () => {
  const user = { first_name: 'Ann', last_name: 'Rolle', email: 'ann@example.com', role: ROLES.driver, locale: 'es', country: 'BS', active: true };

  it('requires a merchant for merchant roles only', () => {
    expect(validate(schemas.users.create, user)).toEqual({});
    expect(keysOf(validate(schemas.users.create, { ...user, role: ROLES.merchant_user }))).toEqual({ merchant_id: 'validation.required' });
    expect(keysOf(validate(schemas.users.create, { ...user, role: ROLES.merchant_admin }))).toEqual({ merchant_id: 'validation.required' });
    expect(validate(schemas.users.create, { ...user, role: ROLES.merchant_admin, merchant_id: 2 })).toEqual({});
  });

  it('rejects unknown roles, locales and countries', () => {
    expect(keysOf(validate(schemas.users.create, { ...user, role: 32, locale: 'fr', country: 'XX' }))).toEqual({
      role: 'validation.in',
      locale: 'validation.in',
      country: 'validation.in',
    });
  });

  it('checks an optional password and its confirmation', () => {
    expect(keysOf(validate(schemas.profile, { ...user, password: 'short', password_confirmation: 'short' }))).toEqual({ password: 'validation.min' });
    expect(keysOf(validate(schemas.profile, { ...user, password: 'long-enough-1', password_confirmation: 'other' }))).toEqual({
      password_confirmation: 'validation.confirmed',
    });
  });
});

describe('location schema', () => {
  const location = { name: 'Cable Beach Locker', type: 'dropoff', class: 'locker', locker_service: 'smartbox-v4', latitude: 25.07, longitude: -77.39 };

  it('requires a locker service for lockers and valid coordinates', () => {
    expect(validate(schemas.locations.create, location)).toEqual({});
    expect(keysOf(validate(schemas.locations.create, { ...location, locker_service: '', latitude: 95, longitude: 'west' }))).toEqual({
      locker_service: 'validation.required',
      latitude: 'validation.latitude',
      longitude: 'validation.longitude',
    });
    expect(validate(schemas.locations.create, { ...location, class: 'pudo', locker_service: null })).toEqual({});
  });

  it('defaults by role', () => {
    expect(locationDefaults(ROLES.superadmin)).toMatchObject({ type: 'dropoff', active: true, address_country: 'BS' });
    expect(locationDefaults(ROLES.merchant_admin).type).toBe('pickup');
  });
});

describe('batch schemas', () => {
  it('apply the DESIGN.md bounds', () => {
    const batch = { ...batchDefaults(FEATURES.batches) };
    expect(validate(schemas.batches.create, batch)).toEqual({});
    expect(keysOf(validate(schemas.batches.create, { ...batch, offset: 91, reminder_count: 11, reminder_interval: 0, channels: 4 }))).toEqual({
      offset: 'validation.between',
      reminder_count: 'validation.between',
      reminder_interval: 'validation.between',
      channels: 'validation.between',
    });
    expect(batchDefaults(0)).toMatchObject({ reminder_count: 0, channels: 0 });
  });

  it('require names and an email unless there is a phone', () => {
    const item = { batch_id: 1, first_name: 'Ann', last_name: 'Rolle', phone: '242 359 1234', country: 'BS' };
    expect(validate(schemas.batch_items.create, item)).toEqual({});
    expect(keysOf(validate(schemas.batch_items.create, { batch_id: 1, country: 'BS' }))).toEqual({
      first_name: 'validation.required',
      last_name: 'validation.required',
      email: 'validation.required_without',
      phone: 'validation.required_without',
    });
  });

  it("accept the customer's language en/es only, defaulting to the user's language, else en", () => {
    const item = { batch_id: 1, first_name: 'Ann', last_name: 'Rolle', phone: '242 359 1234', country: 'BS' };
    expect(validate(schemas.batch_items.create, { ...item, locale: 'es' })).toEqual({});
    expect(keysOf(validate(schemas.batch_items.update, { ...item, locale: 'fr' }))).toEqual({ locale: 'validation.in' });
    expect(batchItemDefaults('US', 'es')).toEqual({ country: 'US', locale: 'es' });
    expect(batchItemDefaults(null, 'fr')).toEqual({ country: 'BS', locale: 'en' });
  });
});

describe('other schemas', () => {
  it('manifests, merchants, groups and auth', () => {
    expect(keysOf(validate(schemas.manifests.create, { name: 'M', mode: 'sea' }))).toEqual({ name: 'validation.min', mode: 'validation.in' });
    expect(keysOf(validate(schemas.merchants.create, { name: 'Acme', features: 128 }))).toEqual({ features: 'validation.between' });
    expect(keysOf(validate(schemas.location_groups.create, {}))).toEqual({ name: 'validation.required' });
    expect(keysOf(validate(schemas.auth.login, { email: 'nope' }))).toEqual({ email: 'validation.email', password: 'validation.required' });
    expect(keysOf(validate(schemas.auth.reset, { token: 't', email: 'a@b.co', password: 'long-enough-1', password_confirmation: 'x' }))).toEqual({
      password_confirmation: 'validation.confirmed',
    });
    expect(shipmentDefaults()).toMatchObject({ type: 'standard', country: 'BS', locale: 'en' });
  });

  it('label every field of every resource schema in both catalogues', () => {
    for (const resource of RESOURCE_NAMES) {
      const { create, update } = schemas[resource];
      for (const field of Object.keys({ ...create, ...update })) {
        expect(hasKey('en', `resources.${resource}.fields.${field}`), `${resource}.${field}`).toBe(true);
        expect(hasKey('es', `resources.${resource}.fields.${field}`), `${resource}.${field}`).toBe(true);
      }
    }
  });
});

describe('validateOrThrow', () => {
  it('throws validation.failed with untranslated problems', () => {
    try {
      validateOrThrow(schemas.manifests.create, { name: 'X' });
      expect.unreachable();
    } catch (e) {
      expect(isDomainError(e) && e.code).toBe('validation.failed');
      if (!isDomainError(e)) return;
      expect(e.status).toBe(422);
      expect(e.fields).toEqual({ name: 'validation.min', mode: 'validation.required' });
      expect(e.problems?.name).toEqual({ key: 'validation.min', params: { length: 2 } });
    }
  });

  it('checks only present fields on partial updates', () => {
    expect(() => validateOrThrow(schemas.users.update, { first_name: 'Ann' }, { partial: true })).not.toThrow();
    expect(() => validateOrThrow(schemas.users.update, { first_name: '' }, { partial: true })).toThrow();
    expect(() => validateOrThrow(schemas.users.update, { first_name: 'Ann' })).toThrow();
  });
});
