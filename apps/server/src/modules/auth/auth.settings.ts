import { z } from 'zod';
import type { Config } from '../../config/index.js';

const num = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

const envSchema = z.object({
  LOGIN_MAX_FAILURES: num(5),
  LOGIN_MAX_FAILURES_PER_IP: num(20),
  LOGIN_FAILURE_WINDOW: num(15 * 60),
  LOGIN_BASE_DELAY: num(30),
  LOGIN_MAX_DELAY: num(15 * 60),
  REFRESH_GRACE: num(10),
});

/** Everything sign-in needs to know; times in seconds. */
export interface AuthSettings {
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /** A refresh token reused within this many seconds of its rotation still gets a pair. */
  refreshGrace: number;
  /** Failed sign-ins per account (per login name) inside the window before a delay applies. */
  maxFailures: number;
  /** Failed sign-ins per client address inside the window before a delay applies. */
  maxFailuresPerIp: number;
  failureWindow: number;
  /** First delay once the limit is reached; doubles with each further failure. */
  baseDelay: number;
  maxDelay: number;
  /** A reset link is valid this long. */
  resetTokenTtl: number;
  /** The second-factor step of a sign-in must finish within this. */
  challengeTtl: number;
  /** Requests per minute and client address on the sign-in routes (0 = unlimited). */
  routeLimit: number;
  /** The same, for registration and password-reset mails. */
  strictRouteLimit: number;
}

export function authSettings(config: Config, env: NodeJS.ProcessEnv = process.env): AuthSettings {
  const e = envSchema.parse(env);
  const testing = config.env === 'test';
  return {
    accessTokenTtl: config.accessTokenTtl,
    refreshTokenTtl: config.refreshTokenTtl,
    refreshGrace: e.REFRESH_GRACE,
    maxFailures: e.LOGIN_MAX_FAILURES,
    maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
    failureWindow: e.LOGIN_FAILURE_WINDOW,
    baseDelay: e.LOGIN_BASE_DELAY,
    maxDelay: e.LOGIN_MAX_DELAY,
    resetTokenTtl: 20 * 60,
    challengeTtl: 5 * 60,
    // Test suites register many users from one address; the per-account throttle still applies.
    routeLimit: testing ? 0 : 60,
    strictRouteLimit: testing ? 0 : 10,
  };
}
