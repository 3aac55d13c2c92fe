import {
  USERNAME_PATTERN,
  type FieldErrors,
  type IdentityProof,
  type User,
} from '@fiscus/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/index.js';
import type { Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import { isoNow, nowMs } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import type { Mailer } from '../../lib/mailer.js';
import { composeMail } from './auth.mails.js';
import { authText } from './auth.messages.js';
import { authRepo as repo } from './auth.repository.js';
import {
  EMAIL_CHANGE_TTL,
  EMAIL_PATTERN,
  isUniqueViolation,
  ThrottledError,
} from './auth.common.js';
import type { AuthContext, AuthService, Caller } from './auth.service.js';
import type { UsersTable } from '../../platform/tables.js';

/** E-mail change requests (each mails the new address, the first also the old one) per hour. */
const EMAIL_CHANGES_PER_HOUR = 5;

export interface ProfileInput extends IdentityProof {
  username: string;
  fullName: string;
  email: string;
}

/**
 * The signed-in user's own account: username and name change at once; a new sign-in e-mail
 * needs a proof of identity and takes effect only when the link mailed to the new address is
 * opened by the same user (signed in). The old address is told when the change is asked for and
 * when it is done. Links are single use, expire after `EMAIL_CHANGE_TTL` and are stored as
 * SHA-256; a newer request, a cancel or a new password stops the older link.
 */
export class AccountService {
  constructor(
    private readonly auth: AuthService,
    private readonly db: Db,
    private readonly config: Config,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  private get q() {
    return this.db.kysely;
  }

  private async userAnswer(ctx: AuthContext): Promise<User> {
    return (await this.auth.session(ctx.userId, ctx.domainId)).user;
  }

  async update(ctx: AuthContext, input: ProfileInput, caller: Caller): Promise<User> {
    const { lang } = caller;
    const user = await this.auth.userOf(ctx, lang);
    const username = input.username.trim();
    const email = input.email.trim().toLowerCase();
    const fullName = input.fullName.trim();
    const fields: FieldErrors = {};
    if (!username) fields.username = [authText(lang, 'auth.username_required')];
    else if (!USERNAME_PATTERN.test(username))
      fields.username = [authText(lang, 'auth.username_rule')];
    if (!email) fields.email = [authText(lang, 'auth.email_required')];
    else if (email.length > 254 || !EMAIL_PATTERN.test(email))
      fields.email = [authText(lang, 'auth.email_invalid')];
    if (fullName.length > 120)
      fields.fullName = [authText(lang, 'field.too_big_string', { max: 120 })];
    if (!fields.username && (await repo.usernameTaken(this.q, username, ctx.userId)))
      fields.username = [authText(lang, 'auth.username_taken')];
    const newEmail = !fields.email && email !== user.email;
    if (newEmail && (await repo.emailTaken(this.q, email, ctx.userId)))
      fields.email = [authText(lang, 'auth.email_taken')];
    if (newEmail && !fields.email) {
      // A code is used up when checked: not while the request is refused anyway.
      const spareCode = Object.keys(fields).length > 0 && !input.password && !!input.code;
      if (!spareCode)
        Object.assign(
          fields,
          await this.auth.proveIdentity(
            user,
            { password: input.password, code: input.code },
            caller,
            'email_change',
          ),
        );
    }
    if (Object.keys(fields).length)
      throw new AppError('validation_failed', authText(lang, 'error.validation_failed'), fields);

    if (newEmail) await this.requestChange(user, email, caller, true);
    if (username !== user.username || fullName !== user.full_name) {
      try {
        await repo.updateUser(this.q, ctx.userId, {
          username,
          full_name: fullName,
          updated_at: isoNow(),
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        throw new AppError('validation_failed', authText(lang, 'error.validation_failed'), {
          username: [authText(lang, 'auth.username_taken')],
        });
      }
      await this.auth.event(ctx.userId, 'profile_update', caller, null);
    }
    return this.userAnswer(ctx);
  }

  /** Mails a new link for the pending change; the earlier link stops working. */
  async resend(ctx: AuthContext, caller: Caller): Promise<User> {
    const user = await this.auth.userOf(ctx, caller.lang);
    const pending = await repo.pendingEmailChange(this.q, ctx.userId, isoNow());
    if (!pending) throw new AppError('conflict', authText(caller.lang, 'auth.no_email_change'));
    await this.requestChange(user, pending.new_email, caller, false);
    return this.userAnswer(ctx);
  }

  async cancel(ctx: AuthContext, caller: Caller): Promise<User> {
    const res = await repo.cancelEmailChanges(this.q, ctx.userId, isoNow());
    if (res.some((r) => Number(r.numUpdatedRows) > 0))
      await this.auth.event(ctx.userId, 'email_change_cancelled', caller, null);
    return this.userAnswer(ctx);
  }

  /** Opens the mailed link: the new address becomes the sign-in e-mail. */
  async confirm(ctx: AuthContext, token: string, caller: Caller): Promise<User> {
    const { lang } = caller;
    const tokenHash = sha256Hex(token);
    const row = await repo.findEmailChange(this.q, tokenHash);
    const invalid = () =>
      new AppError('confirmation_invalid', authText(lang, 'auth.confirmation_invalid'));
    if (!row) throw invalid();
    // Nothing about another account's link is told, not even its state.
    if (row.user_id !== ctx.userId)
      throw new AppError('forbidden', authText(lang, 'auth.confirmation_other_account'));
    const used = () => new AppError('confirmation_used', authText(lang, 'auth.confirmation_used'));
    if (row.used_at) throw used();
    if (row.cancelled_at) throw invalid();
    if (row.expires_at <= isoNow())
      throw new AppError('confirmation_expired', authText(lang, 'auth.confirmation_expired'));
    const user = await this.auth.userOf(ctx, lang);
    const taken = () => new AppError('conflict', authText(lang, 'auth.email_taken_now'));
    if (await repo.emailTaken(this.q, row.new_email, ctx.userId)) {
      await repo.cancelEmailChanges(this.q, ctx.userId, isoNow());
      throw taken();
    }
    try {
      await this.q.transaction().execute(async (trx) => {
        const now = isoNow();
        if (!(await repo.claimEmailChange(trx, tokenHash, now))) throw used();
        await repo.updateUser(trx, ctx.userId, { email: row.new_email, updated_at: now });
        // Reset links went to the old address: they stop with it.
        await repo.voidResetTokensOf(trx, ctx.userId, now);
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      await repo.cancelEmailChanges(this.q, ctx.userId, isoNow());
      throw taken();
    }
    await this.auth.event(ctx.userId, 'email_changed', caller, {
      from: user.email,
      to: row.new_email,
    });
    await this.mailer
      .send(
        composeMail(lang, 'email_changed', user.email, {
          ...this.mailParams(user),
          email: row.new_email,
          oldEmail: user.email,
        }),
      )
      .catch((err: unknown) =>
        this.log.error({ err, userId: user.id }, 'could not tell the old address of the change'),
      );
    return this.userAnswer(ctx);
  }

  private mailParams(user: UsersTable) {
    return {
      name: user.full_name || user.username,
      username: user.username,
      app: this.config.appName,
    };
  }

  /**
   * Records a pending change to `email` (ending any earlier one) and mails its link to the new
   * address — and, for a new request, a notice to the current one. Nothing is kept when the
   * link cannot be mailed.
   */
  private async requestChange(
    user: UsersTable,
    email: string,
    caller: Caller,
    notifyOld: boolean,
  ): Promise<void> {
    const { lang } = caller;
    const origin = caller.link;
    if (!origin?.ok) {
      this.log.warn(
        { userId: user.id, host: origin?.host },
        'e-mail confirmation not sent: the request came to a host that is neither PUBLIC_URL nor in ALLOWED_HOSTS',
      );
      throw this.config.allowedHosts.length
        ? new AppError(
            'bad_request',
            authText(lang, 'auth.links_host_refused', { host: origin?.host ?? '' }),
          )
        : new AppError('service_unavailable', authText(lang, 'auth.links_unconfigured'));
    }
    const hour = 3600_000;
    const recent = await repo.countEmailChangesSince(this.q, user.id, isoNow(-hour));
    if (recent.count >= EMAIL_CHANGES_PER_HOUR && recent.first) {
      const wait = Math.max(1, Math.ceil((Date.parse(recent.first) + hour - nowMs()) / 1000));
      throw new ThrottledError(
        authText(lang, 'auth.email_changes_throttled', { minutes: Math.ceil(wait / 60) }),
        wait,
      );
    }
    const token = randomToken(32);
    const tokenHash = sha256Hex(token);
    const now = isoNow();
    await this.q.transaction().execute(async (trx) => {
      await repo.cancelEmailChanges(trx, user.id, now);
      await repo.insertEmailChange(trx, {
        token_hash: tokenHash,
        user_id: user.id,
        new_email: email,
        old_email: user.email,
        expires_at: isoNow(EMAIL_CHANGE_TTL * 1000),
        created_at: now,
      });
    });
    const params = { ...this.mailParams(user), email, oldEmail: user.email };
    const link = `${origin.origin}/confirm-email?token=${encodeURIComponent(token)}`;
    try {
      await this.mailer.send(
        composeMail(
          lang,
          'email_confirm',
          email,
          { ...params, hours: EMAIL_CHANGE_TTL / 3600 },
          link,
        ),
      );
    } catch (err) {
      this.log.error({ err, userId: user.id }, 'could not send the e-mail confirmation');
      await repo.cancelEmailChanges(this.q, user.id, isoNow());
      throw new AppError('service_unavailable', authText(lang, 'auth.mail_failed'));
    }
    await this.auth.event(user.id, 'email_change_requested', caller, { to: email });
    if (!notifyOld) return;
    await this.mailer
      .send(composeMail(lang, 'email_change_notice', user.email, params))
      .catch((err: unknown) =>
        this.log.error({ err, userId: user.id }, 'could not tell the old address of the request'),
      );
  }
}
