/**
 * The schema library (zod, under the contracts) probes once whether it may compile its parsers
 * with `new Function`. Our Content-Security-Policy allows no `eval`, so the probe is refused, and
 * although zod then parses without compiling, Chrome reports the refusal as a CSP issue on every
 * page that loads a schema. `jitless` skips the probe (the console's parses are small; compiling
 * them gains nothing). zod reads this setting when a schema is built, so it is set by the entry,
 * before any chunk that builds one runs; zod itself is not loaded here.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(scope.__zod_globalConfig ??= {}).jitless = true;
