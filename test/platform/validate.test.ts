import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/platform/http/errors.ts';
import { parseInput } from '../../shared/platform/http/validate.ts';

const Schema = v.strictObject({
  name: v.string(),
  lines: v.array(v.strictObject({ amount: v.number() })),
});

function problems(input: unknown) {
  try {
    parseInput(Schema, input, 'body');
  } catch (error) {
    if (error instanceof ApiError) return { description: error.description, details: error.details, status: error.status, code: error.code };
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('parseInput', () => {
  it('names nested fields as lines[0].amount', () => {
    const result = problems({ name: 'x', lines: [{ amount: 'ten' }] });
    expect(result.status).toBe(400);
    expect(result.code).toBe('validation_error');
    expect(result.details).toEqual([{ field: 'lines[0].amount', message: expect.any(String) }]);
    expect(result.description).toBe(`lines[0].amount: ${result.details[0]?.message}`);
  });

  it('reports unknown fields and missing ones together', () => {
    const result = problems({ lines: [], extra: true });
    expect(result.details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'is required' },
        { field: 'extra', message: 'is not a known field' },
      ]),
    );
  });

  it('names the root when the body is not an object', () => {
    expect(problems([1, 2]).details[0]?.field).toBe('body');
  });
});
