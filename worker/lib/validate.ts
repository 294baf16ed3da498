import type { Context } from 'hono';
import * as v from 'valibot';
import { readCapped } from './body';
import { AppError, badRequest } from './errors';

export const MAX_JSON_BYTES = 16 * 1024;

/**
 * Schemas put the error key in each check's message (`v.minLength(3, 'username-length-invalid')`),
 * so the first failing check names the key the client sees.
 */
function keyOf(issues: readonly v.BaseIssue<unknown>[]): string {
  const message = issues[0]?.message ?? '';
  return /^[a-z0-9-]+$/.test(message) ? message : 'input-invalid';
}

export function check<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw badRequest(keyOf(result.issues));
  return result.output;
}

/**
 * Reads a JSON body of at most MAX_JSON_BYTES and validates it; an empty body counts as `{}`. The body's
 * type was checked on the way in (lib/origin.ts `jsonBodies`).
 */
export async function readJson<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const text = new TextDecoder().decode(await readCapped(c.req.raw, MAX_JSON_BYTES, 'body-too-large'));
  let body: unknown = {};
  if (text.trim()) {
    try {
      body = JSON.parse(text);
    } catch {
      throw badRequest('body-invalid');
    }
  }
  // A body is one JSON object: valibot's v.object would take an array (an object to JavaScript) for `{}`,
  // and on a route whose fields are all optional `[1,2,3]` would act (a roll of all dice, a cleared e-mail).
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('body-invalid');
  return check(schema, body);
}

export function readQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return check(schema, c.req.query());
}

/** A positive integer id from the path, 404 when it is not one (no such resource can exist). */
export function pathId(c: Context, name = 'id'): number {
  const raw = c.req.param(name) ?? '';
  const id = Number(raw);
  if (!/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id) || id < 1) throw new AppError(404, 'not-found');
  return id;
}
