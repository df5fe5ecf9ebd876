import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { TEXT } from "@shared/vocabulary";
import { ImageFetchError, type ImageRefusal } from "../net/errors";
import { ImageUnreadableError } from "../vibes/errors";

/** An error with an HTTP status and a message meant for the person who sent the request. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The status each refusal of the image guard (net/safe-fetch.ts) is answered with. */
const IMAGE_REFUSAL_STATUS: Record<ImageRefusal, number> = {
  "bad-url": 400,
  "not-allowed": 403,
  "not-found": 404,
  timeout: 408,
  "too-large": 413,
  "not-an-image": 415,
  unreachable: 422,
};

/**
 * The HTTP error of an error meant for the person who asked: an HttpError itself, or the error of
 * a lower layer that knows nothing of HTTP (net's image guard, vibes' image decoder); else null.
 */
export function asHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  if (err instanceof ImageFetchError) return new HttpError(IMAGE_REFUSAL_STATUS[err.reason], err.message);
  if (err instanceof ImageUnreadableError) return new HttpError(422, err.message);
  return null;
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
export const unauthorized = (message: string = TEXT.signInRequired) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string = TEXT.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooMany = (message: string) => new HttpError(429, message);

/**
 * Validates input against a shared zod schema: the parsed value, or a 400 whose message is the
 * first problem (the spec's own wording where it has one) and whose `fields` name every field.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  // No body at all reads as an empty object, so each missing field gets its own message.
  const res = schema.safeParse(input === undefined ? {} : input);
  if (res.success) return res.data;
  const fields: Record<string, string> = {};
  for (const issue of res.error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  const first = res.error.issues[0];
  const message =
    first && first.path.length === 0 && first.code === "invalid_type"
      ? "Request body must be a JSON object"
      : (first?.message ?? "Invalid input");
  throw badRequest(message, fields);
}

// Fastify's own request errors, reworded for people.
const FASTIFY_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, TEXT.bodyTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, TEXT.jsonOnly],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "Request body is empty; send a JSON object or no Content-Type"],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "Request body is not valid JSON"],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "Content-Length does not match the body"],
};

// PostgreSQL unreachable or restarting: the request failed through no fault of its sender.
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08003",
  "08006",
  "53300",
]);
function isUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    (typeof e.code === "string" && UNAVAILABLE_CODES.has(e.code)) ||
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      e.message ?? "",
    )
  );
}

export function errorHandler(err: FastifyError | HttpError | Error, req: FastifyRequest, reply: FastifyReply) {
  const known = asHttpError(err);
  if (known) {
    return reply
      .status(known.statusCode)
      .send(known.fields ? { message: known.message, fields: known.fields } : { message: known.message });
  }
  const code = (err as FastifyError).code;
  if (code && FASTIFY_MESSAGES[code]) {
    const [status, message] = FASTIFY_MESSAGES[code];
    return reply.status(status).send({ message });
  }
  if (err instanceof SyntaxError && (err as FastifyError).statusCode === 400) {
    return reply.status(400).send({ message: "Request body is not valid JSON" });
  }
  const status = (err as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) {
    if (status === 429)
      return reply.status(429).send({ message: err.message || "Too many requests. Please slow down." });
    return reply.status(status).send({ message: err.message || "Bad request" });
  }
  // A value the database refused as data (SQLSTATE class 22: a NUL character in text, a number
  // out of range, malformed text for its type) came from the request: a 400, not our failure.
  const sqlState = (err as { code?: unknown }).code;
  if (typeof sqlState === "string" && /^22[0-9A-Z]{3}$/.test(sqlState)) {
    req.log.warn({ err }, "input refused by the database");
    const message =
      sqlState === "22021"
        ? "Text cannot contain the NUL character"
        : "A value in the request is out of range or malformed";
    return reply.status(400).send({ message });
  }
  if (isUnavailable(err)) {
    req.log.warn({ err }, "database unavailable");
    return reply
      .status(503)
      .header("retry-after", "5")
      .send({ message: "The service is briefly unavailable. Please try again in a moment." });
  }
  req.log.error({ err }, "unhandled error");
  return reply.status(500).send({ message: "Something went wrong on our side. Please try again." });
}
