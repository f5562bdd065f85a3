import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { translate } from '../../../core/i18n/index.js';
import { schemas } from '../../../core/schemas/index.js';
import type { Schema } from '../../../core/validation.js';
import { InForm } from './testing.js';
import { SchemaLabel, FormSchemaContext } from './RequiredLabel.js';
import { fieldValidators, schemaValidator } from './validators.js';

afterEach(cleanup);

const t = (key: string, params?: Record<string, string | number>) => translate('en', key, params);
const es = (key: string, params?: Record<string, string | number>) => translate('es', key, params);

describe('schemaValidator', () => {
  const validate = schemaValidator(schemas.shipments.create, t, schemas.shipments.nested);

  it('reports required fields with the SPEC message', () => {
    const errors = validate({});
    expect(errors.first_name).toBe('This field is required.');
    expect(errors.dropoff_location_id).toBe('This field is required.');
  });

  it('reads a dotted field inside an object and reports it there (the brand colour, #RRGGBB)', () => {
    const brand = schemaValidator({ 'branding.email_theme': schemas.merchantBranding.email_theme }, t);
    expect(brand({ branding: { email_theme: 'orange' } })).toEqual({ branding: { email_theme: t('validation.hex_color') } });
    expect(brand({ branding: { email_theme: '#1565C0' } })).toEqual({});
    expect(brand({})).toEqual({});
  });

  it('reports min length with the bound', () => {
    expect(validate({ first_name: 'A' }).first_name).toBe('Must be at least 2 characters.');
  });

  it('reports a bad email', () => {
    expect(validate({ email: 'not-an-email' }).email).toBe('Must be a valid email address.');
  });

  it('checks the phone against the chosen country (too short for BS)', () => {
    expect(validate({ phone: '242', country: 'BS' }).phone).toBe('The phone number is too short.');
    expect(validate({ phone: '2423234567', country: 'BS' }).phone).toBeUndefined();
  });

  it("names the other field of required_without by its label, not its key", () => {
    const inSpanish = schemaValidator(schemas.shipments.create, es, schemas.shipments.nested, 'shipments')({});
    expect(inSpanish.email).toBe(`Este campo es obligatorio si '${es('resources.shipments.fields.phone')}' está vacío.`);
    expect(inSpanish.email).not.toContain("'phone'");
  });

  it('validates array rows (a package without a size)', () => {
    const errors = validate({ packages: [{ size: 'SMALL' }, { description: 'x' }] });
    expect(errors.packages).toEqual([{}, { size: 'This field is required.' }]);
  });

  it('translates into Spanish with another translator', () => {
    const message = schemaValidator(schemas.shipments.create, es)({}).first_name;
    expect(message).toBe(es('validation.required'));
    expect(message).not.toBe('This field is required.');
  });

  it('returns no errors for a valid record', () => {
    const valid = schemaValidator(schemas.location_groups.create, t)({ name: 'North' });
    expect(valid).toEqual({});
  });
});

describe('fieldValidators', () => {
  it('returns the first failing rule as a translated message', () => {
    const [check] = fieldValidators([{ rule: 'required' }, { rule: 'numeric' }], t);
    expect(check(undefined, {})).toBe('This field is required.');
    expect(check('abc', {})).toBe('Must be numeric.');
    expect(check('12', {})).toBeUndefined();
  });

  it('returns a react-admin message object when no translator is given', () => {
    const [check] = fieldValidators([{ rule: 'max', length: 3 }]);
    expect(check('abcd', {})).toEqual({ message: 'validation.max', args: { length: 3 } });
  });
});

describe('SchemaLabel', () => {
  const schema: Schema = { name: [{ rule: 'required' }], zone: [{ rule: 'max', length: 3 }] };
  const renderLabels = () =>
    render(
      <InForm>
        <FormSchemaContext.Provider value={{ resource: 'locations', schema }}>
          <p data-testid="name"><SchemaLabel source="name" /></p>
          <p data-testid="zone"><SchemaLabel source="zone" /></p>
        </FormSchemaContext.Provider>
      </InForm>,
    );

  it('shows a Required badge only for required fields, a word apart from the label (its accessible name)', async () => {
    renderLabels();
    expect((await screen.findByTestId('name')).textContent).toBe('Name Required');
    expect(screen.getByTestId('zone').textContent).toBe('Zone');
  });
});
