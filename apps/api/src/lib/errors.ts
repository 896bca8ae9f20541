/**
 * An error the client caused. Services throw these (never reply themselves); the error handler
 * answers with the status, the message and, when set, the field the message is about.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 400: the input is wrong; `field` names it. */
export class BadRequest extends HttpError {
  constructor(message: string, field?: string) {
    super(400, message, field);
    this.name = 'BadRequest';
  }
}

/** 401: no caller, or its credentials are wrong or expired. */
export class Unauthorized extends HttpError {
  constructor(message: string) {
    super(401, message);
    this.name = 'Unauthorized';
  }
}

/** 403: the caller is known but may not do this. */
export class Forbidden extends HttpError {
  constructor(message: string, field?: string) {
    super(403, message, field);
    this.name = 'Forbidden';
  }
}

/** 404: what the request names does not exist (or is not the caller's). */
export class NotFound extends HttpError {
  constructor(message: string, field?: string) {
    super(404, message, field);
    this.name = 'NotFound';
  }
}

/** 409: the request clashes with what is stored (a duplicate, no stock left). */
export class Conflict extends HttpError {
  constructor(message: string, field?: string) {
    super(409, message, field);
    this.name = 'Conflict';
  }
}

/** 429: too many attempts; try again later (`field` names what is paused, when one thing is). */
export class TooManyRequests extends HttpError {
  constructor(message: string, field?: string) {
    super(429, message, field);
    this.name = 'TooManyRequests';
  }
}

/** 503: a service we depend on (email, …) failed; try again in a moment. */
export class Unavailable extends HttpError {
  constructor(message: string) {
    super(503, message);
    this.name = 'Unavailable';
  }
}
