// The signed-in session: the token lives in memory only (never in storage, never in a URL) and is
// renewed before it expires — by the refresh token at the identity provider, or in development by
// asking for a new development token.

export interface Grant {
  accessToken: string;
  /** Lifetime in seconds, as the issuer said. */
  expiresIn: number;
  /** Obtains the next grant; absent when the grant cannot be renewed. */
  renew?: () => Promise<Grant>;
  /** Who is signed in, for the header. */
  label: string;
}

/** When to renew a token that lives `expiresIn` seconds: a minute early, or at 80% of a short life. */
export function renewDelayMs(expiresInSeconds: number): number {
  const seconds = Math.max(1, expiresInSeconds);
  return Math.max(1_000, (seconds >= 300 ? seconds - 60 : seconds * 0.8) * 1_000);
}

export class Session {
  private grant: Grant;
  private expiresAt: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private renewing: Promise<void> | undefined;
  private stopped = false;

  constructor(
    grant: Grant,
    private readonly onEnded: (reason: string) => void,
    private readonly now: () => number = Date.now,
  ) {
    this.grant = grant;
    this.expiresAt = now() + grant.expiresIn * 1_000;
    this.schedule();
  }

  get label(): string {
    return this.grant.label;
  }

  /** A token valid now, renewing first when the current one is about to expire. */
  async token(): Promise<string | undefined> {
    if (this.stopped) return undefined;
    if (this.now() > this.expiresAt - 5_000) await this.renew();
    return this.stopped ? undefined : this.grant.accessToken;
  }

  end(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    if (!this.grant.renew) return;
    const delay = renewDelayMs((this.expiresAt - this.now()) / 1_000);
    this.timer = setTimeout(() => void this.renew(), delay);
  }

  private renew(): Promise<void> {
    const renew = this.grant.renew;
    if (!renew) {
      if (this.now() >= this.expiresAt) {
        this.end();
        this.onEnded('Your session expired; sign in again.');
      }
      return Promise.resolve();
    }
    this.renewing ??= renew()
      .then((next) => {
        this.grant = next;
        this.expiresAt = this.now() + next.expiresIn * 1_000;
        this.schedule();
      })
      .catch((err: unknown) => {
        this.end();
        this.onEnded(`Your session could not be renewed (${err instanceof Error ? err.message : String(err)}); sign in again.`);
      })
      .finally(() => {
        this.renewing = undefined;
      });
    return this.renewing;
  }
}
