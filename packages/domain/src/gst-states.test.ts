import { describe, expect, it } from 'vitest';
import { GST_STATES, gstStateByCode, gstStateByName, gstStateOfGstin } from './gst-states.ts';

describe('GST_STATES', () => {
  it('has 37 states and territories with unique 2-digit codes and names', () => {
    expect(GST_STATES).toHaveLength(37);
    expect(new Set(GST_STATES.map((s) => s.code)).size).toBe(37);
    expect(new Set(GST_STATES.map((s) => s.name)).size).toBe(37);
    for (const s of GST_STATES) expect(s.code).toMatch(/^\d{2}$/);
  });
});

describe('gstStateByCode', () => {
  it('finds a state by its code, written as text or number', () => {
    expect(gstStateByCode('27')).toEqual({ code: '27', name: 'Maharashtra' });
    expect(gstStateByCode(7)).toEqual({ code: '07', name: 'Delhi' });
    expect(gstStateByCode(' 29 ')).toEqual({ code: '29', name: 'Karnataka' });
  });

  it('knows no retired or unknown code', () => {
    expect(gstStateByCode('25')).toBeNull();
    expect(gstStateByCode('28')).toBeNull();
    expect(gstStateByCode('99')).toBeNull();
    expect(gstStateByCode('')).toBeNull();
  });
});

describe('gstStateByName', () => {
  it.each([
    ['Maharashtra', '27'],
    ['  maharashtra ', '27'],
    ['TAMIL NADU', '33'],
    ['Andaman & Nicobar Islands', '35'],
    ['Jammu & Kashmir', '01'],
    ['Chattisgarh', '22'],
    ['Chhattisgarh', '22'],
    ['Orissa', '21'],
    ['Pondicherry', '34'],
    ['Puducherry', '34'],
    ['Uttaranchal', '05'],
    ['New Delhi', '07'],
    ['Dadra and Nagar Haveli and Daman and Diu', '26'],
    ['Daman & Diu', '26'],
    ['Ladakh', '38'],
    ['Telangana', '36'],
    ['Andhra Pradesh', '37'],
  ])('%s is state %s', (name, code) => {
    expect(gstStateByName(name)?.code).toBe(code);
  });

  it('answers the GST spelling of the name', () => {
    expect(gstStateByName('Pondicherry')?.name).toBe('Puducherry');
    expect(gstStateByName('Andaman & Nicobar Islands')?.name).toBe('Andaman and Nicobar Islands');
  });

  it('knows no foreign or empty name', () => {
    expect(gstStateByName('Nepal')).toBeNull();
    expect(gstStateByName('')).toBeNull();
  });
});

describe('gstStateOfGstin', () => {
  it('reads the state from the first 2 digits', () => {
    expect(gstStateOfGstin('27AAPFU0939F1ZV')?.name).toBe('Maharashtra');
    expect(gstStateOfGstin('29ABCDE1234F1Z5')?.code).toBe('29');
    expect(gstStateOfGstin('99ABCDE1234F1Z5')).toBeNull();
    expect(gstStateOfGstin('AB')).toBeNull();
  });
});
