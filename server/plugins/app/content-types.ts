/**
 * The API speaks JSON in UTF-8 only, nested at most MAX_JSON_DEPTH deep (deeper: 400 naming
 * where). Anything else is refused with 415 before it is parsed:
 * a text/plain body used to reach validation (and answer a confusing 400), and a body declared
 * as UTF-16 was parsed as UTF-8.
 */
import fp from 'fastify-plugin';
import { pointerBeyondDepth, tooDeepMessage } from '../../../schema/json-source';
import { fieldPath } from './errors';

const NOT_JSON = 'Send the body as JSON: Content-Type: application/json (UTF-8).';

class UnsupportedMediaTypeError extends Error {
  readonly statusCode = 415;
}

/** A body nested beyond MAX_JSON_DEPTH; `field` names where, as react-admin's field paths do. */
class TooDeepError extends Error {
  readonly statusCode = 400;
  readonly field: string;
  constructor(pointer: string) {
    super(`${pointer || '(root)'}: ${tooDeepMessage()}`);
    this.field = fieldPath('', pointer);
  }
}

/** The charset parameter of a Content-Type, lowercased, if any. */
function charsetOf(contentType: string | undefined): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1]?.toLowerCase();
}

export default fp(
  async (app) => {
    app.removeAllContentTypeParsers();
    // ra-data-simple-rest sends its DELETEs with Content-Type: text/plain and no body: an empty
    // body of any type is no body at all. A non-empty one that is not JSON is refused.
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
      if (body === '') return done(null, undefined);
      done(new UnsupportedMediaTypeError(NOT_JSON), undefined);
    });
    const parseJson = app.getDefaultJsonParser('ignore', 'ignore');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const charset = charsetOf(request.headers['content-type']);
      if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
        done(
          new UnsupportedMediaTypeError(
            `Send JSON encoded as UTF-8 (Content-Type: application/json; charset=utf-8), not ${charset}.`,
          ),
          undefined,
        );
        return;
      }
      void parseJson(request, body as string, (error, value) => {
        if (error) return done(error, undefined);
        // Checked here, once for every route, before anything recursive (validation, canonical
        // formatting, hashing) walks the value.
        const pointer = pointerBeyondDepth(value);
        if (pointer !== undefined) return done(new TooDeepError(pointer), undefined);
        done(null, value);
      });
    });
  },
  { name: 'content-types' },
);
