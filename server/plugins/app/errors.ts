/**
 * One place turns failures into HTTP answers:
 * - request validation and store validation → 400 with `errors` keyed by field path, the shape
 *   react-admin shows next to each input (`{ message, errors: { "site.appTitle": "…" } }`);
 * - an item or a quote request refused for what it says → 400 with `errors` by field;
 * - stale versions → 412 (with the current ETag), missing tenants or versions → 404, existing tenant → 409;
 * - a shared engine out of reach mid-request → 503 with Retry-After (lib/engine-errors.ts);
 * - anything 5xx → a generic message; the detail goes to the log only.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { problemsFromAjv } from '../../../schema/ajv-messages';
import { sourceExcerpt, type Issue } from '../../../schema/issue';
import { pointerTokens } from '../../../schema/json-source';
import { ForbiddenChangeError } from '../../auth/write-policy';
import {
  DomainTakenError,
  TenantExistsError,
  TenantInvalidError,
  UnknownTenantError,
  UnknownVersionError,
  ValidationFailedError,
  VersionConflictError,
  VersionUnusableError,
} from '../../stores/tenant-store';
import { AuthFailure } from '../../identity/messages';
import { FieldProblemsError } from '../../stores/field-problems';
import { isEngineUnavailable, RETRY_AFTER_SECONDS } from '../../lib/engine-errors';

/** "/site/colorMap/0/name" under prefix "site" → "site.colorMap.0.name" (react-admin's field paths). */
export function fieldPath(prefix: string, pointer: string): string {
  return [prefix, ...pointerTokens(pointer)].filter(Boolean).join('.') || prefix || '(root)';
}

/** A request may carry a mapping from tenant pointers to its own record's field paths (sub-resources). */
declare module 'fastify' {
  interface FastifyRequest {
    fieldOf?: (issue: Issue) => string;
  }
}

/**
 * A field map without a prototype: a refused key such as "__proto__" or "constructor" is a field
 * like any other (on a plain object, assigning "__proto__" would swallow the message).
 */
export function fieldErrors(): Record<string, string> {
  return Object.create(null) as Record<string, string>;
}

export function issuesToErrors(issues: readonly Issue[], fieldOf: (issue: Issue) => string): Record<string, string> {
  const errors = fieldErrors();
  for (const issue of issues) {
    const field = fieldOf(issue);
    errors[field] = errors[field] ? `${errors[field]}; ${issue.message}` : issue.message;
  }
  return errors;
}

const defaultFieldOf = (issue: Issue) => fieldPath(issue.file, issue.pointer);

function send(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  return reply.status(status).send({ statusCode: status, ...body });
}

export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      if (error instanceof ForbiddenChangeError) {
        return send(reply, 403, {
          error: 'Forbidden',
          message: error.message,
          errors: issuesToErrors(error.issues, request.fieldOf ?? defaultFieldOf),
        });
      }
      if (error instanceof ValidationFailedError) {
        // Only platform staff learn which tenant holds a domain; tenant admins may not know it exists.
        const issues =
          error instanceof DomainTakenError && request.account?.role === 'platform-staff'
            ? error.issues.map((issue) => ({
                ...issue,
                message: `${issue.message} (by tenant ${JSON.stringify(error.owner)})`,
              }))
            : error.issues;
        const errors = issuesToErrors(issues, request.fieldOf ?? defaultFieldOf);
        return send(reply, 400, {
          error: 'Bad Request',
          message: `Not saved: ${issues.length} problem${issues.length === 1 ? '' : 's'} to fix`,
          errors,
          issues,
        });
      }
      if (error instanceof FieldProblemsError) {
        const errors = fieldErrors();
        for (const problem of error.problems) {
          // A record route (the vendor's, say) names its own fields: a tenant pointer's first token is the file.
          const [, file = '', ...rest] = problem.pointer.split('/');
          const field = request.fieldOf
            ? request.fieldOf({ file, pointer: rest.length ? `/${rest.join('/')}` : '' } as Issue)
            : fieldPath('', problem.pointer);
          errors[field] = errors[field] ? `${errors[field]}; ${problem.message}` : problem.message;
        }
        // A refusal of what was sent says how many fields to fix (its own message is for logs); a conflict with what is stored says why.
        const message =
          error.statusCode === 400
            ? `Not saved: ${error.problems.length} problem${error.problems.length === 1 ? '' : 's'} to fix`
            : error.message;
        return send(reply, error.statusCode, { error: STATUS_CODES[error.statusCode], message, errors });
      }
      const currentVersion = (error as { currentVersion?: unknown }).currentVersion;
      if (error.statusCode === 412 && typeof currentVersion === 'string' && !(error instanceof VersionConflictError)) {
        void reply.header('etag', `"${currentVersion}"`);
        return send(reply, 412, { error: 'Precondition Failed', message: error.message, currentVersion });
      }
      if (error instanceof VersionConflictError) {
        void reply.header('etag', `"${error.currentVersion}"`);
        return send(reply, 412, {
          error: 'Precondition Failed',
          message: 'Someone else saved a change since you loaded this. Reload to see it, then make your change again.',
          currentVersion: error.currentVersion,
        });
      }
      if (error instanceof UnknownTenantError || error instanceof UnknownVersionError)
        return send(reply, 404, { error: 'Not Found', message: error.message });
      if (error instanceof TenantExistsError) return send(reply, 409, { error: 'Conflict', message: error.message });
      if (error instanceof VersionUnusableError)
        return send(reply, 409, { error: 'Conflict', message: error.message, issues: error.issues });
      if (error instanceof TenantInvalidError) {
        // With the stored version (a restore's If-Match) and each problem's lines, so the console can show where and repair.
        const issues = error.issues.map((issue) => {
          const text = error.texts?.[issue.file];
          return text === undefined ? issue : { ...issue, excerpt: sourceExcerpt(text, issue.line) };
        });
        return send(reply, 422, {
          error: 'Unprocessable Entity',
          message: `The stored tenant ${error.tenantId} is invalid; fix its files or restore a valid version.`,
          version: error.version,
          issues,
        });
      }
      if (error instanceof AuthFailure) {
        // `reason` lets the storefront drive its auth status (a temporary or permanent failure) without reading words.
        return send(reply, error.statusCode, {
          error: STATUS_CODES[error.statusCode],
          message: error.message,
          reason: error.reason,
          errors: error.field ? { [error.field]: error.message } : {},
        });
      }
      if (error.validation) {
        const where = error.validationContext ?? 'body';
        const problems = problemsFromAjv(error.validation as never);
        const errors = fieldErrors();
        for (const problem of problems)
          errors[fieldPath(where === 'body' ? '' : where, problem.pointer)] = problem.message;
        const summary = problems.map((p) => `${where}${p.pointer} ${p.message}`).join('; ');
        return send(reply, 400, { error: 'Bad Request', message: summary || error.message, errors });
      }
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      const field = (error as { field?: unknown }).field;
      if (status < 500 && typeof field === 'string')
        return send(reply, status, {
          error: STATUS_CODES[status] ?? 'Error',
          message: error.message,
          errors: Object.assign(fieldErrors(), { [field]: error.message }),
        });
      if (status >= 500 && isEngineUnavailable(error)) {
        // A shared engine went away mid-request: say so, and when to try again, rather than "something went wrong".
        request.log.error({ err: error }, 'request failed: a shared engine is out of reach');
        void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return send(reply, 503, {
          error: 'Service Unavailable',
          message:
            'The shared database cannot be reached just now. Try again in a few seconds; if you were saving, reload first to see whether it was saved.',
        });
      }
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return send(reply, status, {
          error: 'Internal Server Error',
          message: 'Something went wrong on our side. It has been logged.',
        });
      }
      return send(reply, status, { error: STATUS_CODES[status] ?? 'Error', message: error.message });
    });
    app.setNotFoundHandler((request, reply) =>
      send(reply, 404, { error: 'Not Found', message: `No route for ${request.method} ${request.url.split('?')[0]}` }),
    );
  },
  { name: 'errors' },
);
