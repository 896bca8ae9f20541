import fc from 'fast-check';

/** The part of an OpenAPI 3.0 schema object the generators read. */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/**
 * Values for well-known field names whose rule a JSON Schema cannot state (a zod refinement):
 * without them almost no generated email or mobile number would be valid.
 */
const byFieldName: Record<string, () => fc.Arbitrary<unknown>> = {
  email: () => fc.emailAddress({ size: 'small' }),
  mobile: () => fc.stringMatching(/^[6-9]\d{9}$/),
};

/** Strings PostgreSQL, JSON, URLs or careless code have trouble with. */
const hostileStrings: string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0007\b\t\n\r\u001b\u007f',
  '\ud800',
  'x\udfffy',
  '\ud83d\ude00'.repeat(50),
  '\u202e\u200b\ufeff',
  "'; drop table users; --",
  '" OR 1=1 --',
  '%00',
  '%ff',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '__proto__',
  '-1',
  '1e309',
  'NaN',
  'null',
  'x'.repeat(10_000),
  '\u0000'.repeat(300),
];

/** Numbers at and past every integer and float edge. */
const hostileNumbers: number[] = [
  0,
  -0,
  -1,
  0.5,
  -0.000001,
  1e-300,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e300,
  -1e300,
  Number.MAX_VALUE,
];

const deep = (depth: number, leaf: unknown, asArray: boolean): unknown => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
};

/** Any value of the wrong kind: other JSON types, deep nesting, huge arrays and objects. */
const wrongTypes: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], {}, '', 0, [null], { '': '' }),
  fc.constantFrom(...hostileNumbers),
  fc.constantFrom(...hostileStrings),
  fc.integer({ min: 50, max: 2000 }).map((d) => deep(d, 1, true)),
  fc.integer({ min: 50, max: 2000 }).map((d) => deep(d, 'x', false)),
  fc.constant(Array.from({ length: 5000 }, (_, i) => i)),
  fc.constant(Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i]))),
  fc.constant({ __proto__: { admin: true }, constructor: { prototype: { admin: true } } }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Hostile text: fixed nasties, arbitrary code units (lone surrogates, NUL) and long runs. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...hostileStrings),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }).map((s) => s.repeat(500)),
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '\udc00', '\u0008'))
    .map(([s, c]) => `${s}${c}${s}`),
);

const typesOf = (schema: JsonSchema): string[] => {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return schema.nullable ? [...types, 'null'] : types;
};

const bound = (value: number | boolean | undefined) =>
  typeof value === 'number' ? value : undefined;

function stringArbitrary(schema: JsonSchema, field: string | undefined): fc.Arbitrary<string> {
  const named = field ? byFieldName[field] : undefined;
  if (named) return named() as fc.Arbitrary<string>;
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress({ size: 'small' });
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (schema.pattern) {
    const max = schema.maxLength;
    const matching = fc.stringMatching(new RegExp(schema.pattern));
    return max === undefined ? matching : matching.filter((s) => s.length <= max);
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 60, 60));
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
    // Sometimes as long as allowed, where a column may be shorter than the contract.
    {
      weight: 1,
      arbitrary: fc.constant('ह'.repeat(schema.maxLength ?? 300)),
    },
  );
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const integer = typesOf(schema).includes('integer');
  const min =
    bound(schema.minimum) ??
    (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined);
  const max =
    bound(schema.maximum) ??
    (typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : undefined);
  if (integer) {
    const lo = Math.max(min ?? -Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER);
    const hi = Math.min(max ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    const small = fc.integer({ min: lo, max: Math.max(lo, Math.min(hi, lo + 20)) });
    return fc.oneof(small, fc.integer({ min: lo, max: hi }), fc.constantFrom(lo, hi));
  }
  return fc.double({
    min: min ?? -1e12,
    max: max ?? 1e12,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/**
 * Values that follow the schema as far as JSON Schema can say (the route's zod schema is the
 * judge of validity: the fuzzer asks it, not this generator).
 */
export function validArbitrary(schema: JsonSchema, field?: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => validArbitrary(s, field)));
  if (schema.allOf?.length)
    return validArbitrary(Object.assign({}, ...schema.allOf) as JsonSchema, field);
  const types = typesOf(schema);
  const arbitraries = types.map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'string':
        return stringArbitrary(schema, field);
      case 'integer':
      case 'number':
        return numberArbitrary(schema);
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const minLength = schema.minItems ?? 0;
        const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 5, 8));
        const items = validArbitrary(schema.items ?? {});
        return fc.oneof(
          { weight: 5, arbitrary: fc.array(items, { minLength, maxLength }) },
          // As many items as allowed: sums over many lines overflow where few do not.
          {
            weight: 1,
            arbitrary: fc.array(items, {
              minLength: schema.maxItems ?? 50,
              maxLength: schema.maxItems ?? 50,
            }),
          },
        );
      }
      case 'object':
        return objectArbitrary(schema, validArbitrary);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  });
  if (arbitraries.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return arbitraries.length === 1 ? arbitraries[0]! : fc.oneof(...arbitraries);
}

function objectArbitrary(
  schema: JsonSchema,
  values: (s: JsonSchema, field?: string) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, s]) => [key, values(s, key)]),
  );
  return fc.record(model, { requiredKeys: schema.required ?? [] });
}

/**
 * Valid values, values with one hostile part at any depth (a wrong type, control characters,
 * lone surrogates, a long string, an edge number, deep nesting, a missing or an extra key),
 * and values of the wrong kind altogether.
 */
export function hostileArbitrary(schema: JsonSchema, field?: string): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  const valid = validArbitrary(schema, field);
  const mutated: fc.Arbitrary<unknown>[] = [];
  if (types.includes('string')) mutated.push(hostileString);
  if (types.includes('integer') || types.includes('number')) {
    mutated.push(fc.constantFrom(...hostileNumbers).chain((n) => fc.constantFrom(n, -n)));
  }
  if (types.includes('object')) {
    const properties = Object.entries(schema.properties ?? {});
    const validObject = valid as fc.Arbitrary<Record<string, unknown>>;
    for (const [key, propertySchema] of properties) {
      mutated.push(
        fc
          .tuple(validObject, hostileArbitrary(propertySchema, key))
          .map(([o, v]) => ({ ...o, [key]: v })),
      );
    }
    if (properties.length > 0) {
      mutated.push(
        fc.tuple(validObject, fc.constantFrom(...properties.map(([k]) => k))).map(([o, k]) => {
          const out = { ...o };
          delete out[k];
          return out;
        }),
      );
    }
    mutated.push(
      fc
        .tuple(
          validObject,
          fc.dictionary(
            fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor')),
            wrongTypes,
            { minKeys: 1, maxKeys: 3 },
          ),
        )
        .map(([o, extra]) => ({ ...extra, ...o })),
    );
  }
  if (types.includes('array')) {
    const items = schema.items ?? {};
    mutated.push(
      fc
        .tuple(valid as fc.Arbitrary<unknown[]>, hostileArbitrary(items), fc.nat())
        .map(([list, item, at]) => {
          const out = [...list];
          out[list.length === 0 ? 0 : at % list.length] = item;
          return out;
        }),
    );
    mutated.push(
      validArbitrary(items).map((item) =>
        Array.from({ length: (schema.maxItems ?? 100) + 1 }, () => item),
      ),
    );
  }
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    ...(mutated.length > 0 ? [{ weight: 4, arbitrary: fc.oneof(...mutated) }] : []),
    { weight: 1, arbitrary: wrongTypes },
  );
}
