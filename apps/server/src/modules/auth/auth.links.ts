import type { FastifyRequest } from 'fastify';
import { HOST_PATTERN, type Config } from '../../config/index.js';
import { langOf } from '../../platform/messages.js';
import type { Caller } from './auth.service.js';

/** Where a mailed link may point: the configured address, or a checked request host. */
export type LinkOrigin = { ok: true; origin: string } | { ok: false; host: string };

/** `host[:port]` → the name without the port (`[::1]:3000` → `[::1]`). */
function hostnameOf(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon < 0 ? host : host.slice(0, colon);
}

/** Names that always mean the reader's own machine: a link there cannot reach anybody else. */
export function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(hostname) ||
    hostname === '[::1]'
  );
}

/**
 * The origin of links sent by mail (password reset, e-mail confirmation). `PUBLIC_URL` wins;
 * without it the request's host is used only when it is a loopback name or listed in
 * `ALLOWED_HOSTS` — never an unchecked `Host` header, which anybody can set to their own server
 * to receive somebody else's token.
 */
export function mailLinkOrigin(
  config: Pick<Config, 'publicUrl' | 'allowedHosts'>,
  request: { protocol: string; host: string },
): LinkOrigin {
  if (config.publicUrl) return { ok: true, origin: config.publicUrl };
  const host = request.host.trim().toLowerCase();
  if (!HOST_PATTERN.test(host)) return { ok: false, host: host.slice(0, 100) };
  const hostname = hostnameOf(host);
  const listed = config.allowedHosts.some((h) => h === host || h === hostname);
  if (!listed && !isLoopbackHost(hostname)) return { ok: false, host };
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return { ok: true, origin: `${protocol}://${host}` };
}

/** The start-up warning of a production server that cannot build mail links for its users. */
export function linkConfigWarning(
  config: Pick<Config, 'env' | 'publicUrl' | 'allowedHosts'>,
): string | undefined {
  if (config.env !== 'production' || config.publicUrl || config.allowedHosts.length) return;
  return (
    'PUBLIC_URL is not set (nor ALLOWED_HOSTS): password-reset and e-mail confirmation mails ' +
    'are sent only for requests to localhost. Set PUBLIC_URL to the address users open.'
  );
}

/** Who is calling (address, language) and where links mailed for the request may point. */
export function callerOf(
  request: FastifyRequest,
  config: Pick<Config, 'publicUrl' | 'allowedHosts'>,
): Caller {
  return {
    ip: request.ip,
    lang: langOf(request),
    link: mailLinkOrigin(config, { protocol: request.protocol, host: request.host }),
  };
}
