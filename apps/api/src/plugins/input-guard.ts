import type { FastifyInstance } from 'fastify';
import { BadRequest } from '../lib/errors.ts';

/** PostgreSQL text cannot hold U+0000; every other character is stored as sent. */
const NUL = '\u0000';

export const NUL_MESSAGE = 'Text may not contain the NUL character (U+0000).';

/**
 * The dotted path (as validation errors name fields) of the first string holding a NUL
 * character, '' for the value itself, or null when there is none. Iterative, so a deeply
 * nested body cannot exhaust the stack.
 */
export function findNulCharacter(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return path;
    } else if (v !== null && typeof v === 'object') {
      // Keys too: a body's keys end up in JSON columns and logs.
      for (const [key, item] of Object.entries(v)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return itemPath.replaceAll(NUL, '\\0');
        stack.push({ value: item, path: itemPath });
      }
    }
  }
  return null;
}

/**
 * Refuses, with a 400 naming the field, any path parameter, query value or body string holding
 * a NUL character, before route validation and for every route (present and future): PostgreSQL
 * refuses such text, which would otherwise surface as a 500 wherever it reached a query.
 */
export function refuseUnstorableText(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const parts: [string, unknown][] = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ];
    for (const [part, value] of parts) {
      const field = findNulCharacter(value);
      if (field !== null) {
        done(new BadRequest(NUL_MESSAGE, field || part));
        return;
      }
    }
    done();
  });
}
