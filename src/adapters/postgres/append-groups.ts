// Group commit of one-event appends (docs/architecture.md, "Event store: appends committed in groups").
// An append runs alone, as its own statement, while fewer than `slots` appends are being committed
// and nobody waits: at low load nothing changes. Past that, one-event appends queue, and each freed
// slot commits everything queued (up to the limits) as one statement and one transaction: one round
// trip, one commit and one WAL flush for the group instead of one each. An append that finds the
// slot busy waits for the statement in flight, then goes with everything queued meanwhile.
//
// A group holds one append per stream: two in one statement would read the same predecessor. An
// append the group did not write (its expected revision did not hold) is answered `undefined`, and
// the adapter settles it alone, with the exact answers of a single append. A group that fails (a
// key or id taken meanwhile, or a bad value) fails every member, and each is settled alone too.
// One slot, and a second statement only while at least 8 appends wait (`overlap`): a queue that
// long means the statement in flight, its WAL flush above all, is the wait, and a second group
// overlaps it. A second slot at any queue length cost the commands ~10% (smaller groups, more
// transactions); the overlap does not come into play there, and gave appends alone 1.5× the
// throughput of one slot (docs/architecture.md, "appends committed in groups").

/** One event to append, as the group statement's arguments (pg-sql.ts, APPEND_GROUP_SQL). */
export interface GroupedAppend {
  stream: string;
  /** 'revision' (with `revision`), 'any', 'no_stream' or 'stream_exists'. */
  kind: string;
  revision: string | null;
  id: string;
  type: string;
  data: string;
  metadata: string | null;
  digest: string;
}

export interface AppendGroupLimits {
  /** Appends being committed at once, alone or in groups. */
  slots: number;
  /** Statements at once, up to `slots` in all, while at least `at` appends wait. */
  overlap?: { slots: number; at: number };
  /** Appends in one group. */
  maxAppends: number;
  /** Characters of data and metadata in one group (a group is never empty, whatever its first). */
  maxChars: number;
}

export const DEFAULT_GROUP_LIMITS: AppendGroupLimits = { slots: 1, overlap: { slots: 2, at: 8 }, maxAppends: 64, maxChars: 1_000_000 };

interface Waiting<R> {
  append: GroupedAppend;
  resolve: (row: R | undefined) => void;
  reject: (err: unknown) => void;
}

/** R: what the group statement answers for an append it wrote (the adapter's row). */
export class AppendGroups<R> {
  private readonly waiting: Array<Waiting<R>> = [];
  private busy = 0;

  constructor(
    /** Commits a group; answers the row of each stream it appended to. */
    private readonly commit: (group: GroupedAppend[]) => Promise<Map<string, R>>,
    private readonly limits: AppendGroupLimits = DEFAULT_GROUP_LIMITS,
  ) {}

  /** Takes a slot for an append that runs alone; false when none is free or others wait. */
  takeSlot(): boolean {
    if (this.busy >= this.limits.slots || this.waiting.length > 0) return false;
    this.busy++;
    return true;
  }

  releaseSlot(): void {
    this.busy--;
    this.pump();
  }

  /** Queues a one-event append for the next group: its row, or undefined when the group did not write it. */
  enqueue(append: GroupedAppend): Promise<R | undefined> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ append, resolve, reject });
      this.pump();
    });
  }

  /** Appends queued now (tests read it). */
  get queued(): number {
    return this.waiting.length;
  }

  private pump(): void {
    while (this.waiting.length > 0 && (this.busy < this.limits.slots || this.overlapping())) {
      const group = this.takeGroup();
      this.busy++;
      this.commit(group.map((w) => w.append)).then(
        (rows) => {
          for (const w of group) w.resolve(rows.get(w.append.stream));
        },
        (err: unknown) => {
          for (const w of group) w.reject(err);
        },
      ).finally(() => this.releaseSlot());
    }
  }

  private overlapping(): boolean {
    const overlap = this.limits.overlap;
    return overlap !== undefined && this.busy < overlap.slots && this.waiting.length >= overlap.at;
  }

  /** The next group, in queue order: one append per stream, within the limits; the rest keeps its place. */
  private takeGroup(): Array<Waiting<R>> {
    const group: Array<Waiting<R>> = [];
    const streams = new Set<string>();
    let chars = 0;
    let kept = 0;
    for (let i = 0; i < this.waiting.length; i++) {
      const w = this.waiting[i]!;
      const size = w.append.data.length + (w.append.metadata?.length ?? 0);
      const fits = group.length === 0 || (group.length < this.limits.maxAppends && chars + size <= this.limits.maxChars);
      if (fits && !streams.has(w.append.stream)) {
        group.push(w);
        streams.add(w.append.stream);
        chars += size;
      } else {
        this.waiting[kept++] = w;
      }
    }
    this.waiting.length = kept;
    return group;
  }
}
