// Tamper evidence against the real PostgreSQL store: rows of es.events edited, deleted and reordered
// with plain SQL, and `sprintguard audit verify` (a real process) naming each break with exit code 2;
// an untouched store verifies clean; events from before the chain are an unsealed prefix; events
// sealed before the hashes had columns of their own (in the metadata) still verify and are linked
// to; and an anchor taken before a consistent rewrite (every hash recomputed) still proves it.
import { randomUUID } from 'node:crypto';
import { compactVerify, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealEvents } from '../../src/adapters/audit-chain.js';
import type { EventToAppend } from '../../src/adapters/event-store.js';
import { AUDIT_EVENTS_PROJECTION } from '../../src/projections/audit-events.projection.js';
import type { AnchorPayload } from '../../src/queries/audit-anchor.js';
import { cleanEnv, runCommand } from '../support/service-process.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let env: NodeJS.ProcessEnv;
const ORG = 'org_tamper';
const streams = { modified: 'run-t-mod', deleted: 'run-t-del', reordered: 'run-t-reo', clean: 'run-t-ok', rewritten: 'run-t-rew', legacy: 'run-t-old', inMetadata: 'run-t-meta' };

const batch = (n: number, org = ORG): EventToAppend[] =>
  Array.from({ length: n }, (_, i) => ({
    type: `Step${i}`,
    data: { i, note: `step ${i}` },
    metadata: { org_id: org, user_id: 'ada', correlation_id: randomUUID(), causation_id: randomUUID() },
  }));

const sql = (text: string, values: unknown[] = []) => t.infra.db.pool.query(text, values);
const verify = (...args: string[]) => runCommand(['audit', 'verify', ...args], env);

beforeAll(async () => {
  t = await createTestApp({ label: 'audit_verify' });
  env = cleanEnv({ DATABASE_URL: t.config.DATABASE_URL!, DATA_DIR: t.config.dataDir, NODE_ENV: 'test' });
  for (const s of Object.values(streams)) await t.infra.store.append(s, batch(4), { expectedRevision: 'no_stream' });
  await t.infra.store.append('run-t-other', batch(2, 'org_elsewhere'), { expectedRevision: 'no_stream' });
}, 60_000);
afterAll(async () => t?.close());

describe('sprintguard audit verify', () => {
  it('verifies an untouched store clean (exit 0), all of it or one organization', async () => {
    const all = await verify();
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).not.toContain('BROKEN');
    expect(all.stdout).toMatch(/0 broken/);
    const org = await verify('--org', ORG);
    expect(org.code, org.stderr).toBe(0);
    expect(org.stdout).toMatch(/^7 streams, 28 events, 0 unsealed, 0 broken$/m);
  }, 150_000);

  it('names the first broken link of each edited, deleted or reordered stream, and a signed anchor proves a consistent rewrite', async () => {
    // The anchor an auditor took (and kept) before anything was touched.
    const head = await t.infra.store.settledHeadPosition();
    expect(await t.projector.waitFor(head!, { projections: [AUDIT_EVENTS_PROJECTION], timeoutMs: 15_000 })).toBe(true);
    const admin = await t.auth({ orgId: ORG, admin: true });
    const anchor = (await t.app.inject({ url: '/api/audit/anchor', headers: admin })).json<{ jws: string; payload: AnchorPayload }>();
    const { keys } = (await t.app.inject({ url: '/api/audit/anchor-key', headers: admin })).json<{ keys: JWK[] }>();
    expect(anchor.payload.streams.map((s) => s.stream).sort()).toEqual(Object.values(streams).sort());

    // Events from before the chain existed: strip the chain fields of a stream, then append to it.
    await sql(`UPDATE es.events SET prev_hash = NULL, hash = NULL WHERE stream_name = $1`, [streams.legacy]);
    await t.infra.store.append(streams.legacy, batch(2), { expectedRevision: 3n });
    // Events sealed before the hashes had columns: the hashes in the metadata, as migration 006 found
    // them. Reads show them, and new events link to them.
    await sql(
      `UPDATE es.events SET metadata = metadata || jsonb_build_object('prev_hash', encode(prev_hash, 'hex'), 'hash', encode(hash, 'hex')),
              prev_hash = NULL, hash = NULL WHERE stream_name = $1`,
      [streams.inMetadata],
    );
    await t.infra.store.append(streams.inMetadata, batch(1), { expectedRevision: 3n });
    await t.infra.store.append(streams.inMetadata, batch(2), { expectedRevision: 4n });
    const linked: Record<string, unknown>[] = [];
    for await (const e of t.infra.store.readStream(streams.inMetadata)) linked.push(e.metadata);
    expect(linked).toHaveLength(7);
    for (let k = 1; k < 7; k++) expect(linked[k]!.prev_hash, `revision ${k}`).toBe(linked[k - 1]!.hash);
    expect(linked[3]!.hash).toMatch(/^[0-9a-f]{64}$/);

    await sql(`UPDATE es.events SET data = jsonb_set(data, '{note}', '"edited"') WHERE stream_name = $1 AND revision = 1`, [streams.modified]);
    await sql(`DELETE FROM es.events WHERE stream_name = $1 AND revision = 2`, [streams.deleted]);
    // Swap revisions 1 and 2 (through a free revision: the primary key is checked per row).
    await sql(
      `UPDATE es.events SET revision = CASE revision WHEN 1 THEN -1 WHEN 2 THEN 1 END WHERE stream_name = $1 AND revision IN (1, 2);
       `.trim(),
      [streams.reordered],
    );
    await sql(`UPDATE es.events SET revision = 2 WHERE stream_name = $1 AND revision = -1`, [streams.reordered]);

    // A consistent rewrite: revision 1 changed and every hash from there recomputed. The chain alone
    // cannot see it; the anchor can.
    const rows = (
      await sql(`SELECT revision, event_type, data, metadata, encode(hash, 'hex') AS hash FROM es.events WHERE stream_name = $1 ORDER BY revision`, [
        streams.rewritten,
      ])
    ).rows as { revision: string; event_type: string; data: Record<string, unknown>; metadata: Record<string, unknown>; hash: string }[];
    rows[1]!.data = { ...rows[1]!.data, note: 'it never happened' };
    const resealed = sealEvents(streams.rewritten, 1n, rows[0]!.hash, rows.slice(1).map((r) => ({ type: r.event_type, data: r.data, metadata: r.metadata })));
    for (const [k, e] of resealed.entries()) {
      await sql(`UPDATE es.events SET data = $2, prev_hash = decode($3, 'hex'), hash = decode($4, 'hex') WHERE stream_name = $1 AND revision = $5`, [
        streams.rewritten,
        e.data,
        e.metadata.prev_hash,
        e.metadata.hash,
        k + 1,
      ]);
    }

    const res = await verify('--org', ORG);
    expect(res.code, res.stderr).toBe(2);
    expect(res.stdout).toMatch(new RegExp(`^BROKEN ${streams.modified} at revision 1: modified`, 'm'));
    expect(res.stdout).toMatch(new RegExp(`^BROKEN ${streams.deleted} at revision 3: missing`, 'm'));
    expect(res.stdout).toMatch(new RegExp(`^BROKEN ${streams.reordered} at revision 1: `, 'm'));
    expect(res.stdout).toMatch(new RegExp(`^ok +${streams.legacy}: 6 events, unsealed prefix of 4`, 'm'));
    expect(res.stdout).not.toContain(`BROKEN ${streams.inMetadata}`);
    expect(res.stdout).not.toContain(`BROKEN ${streams.clean}`);
    expect(res.stdout).not.toContain(`BROKEN ${streams.rewritten}`);
    expect(res.stdout).toMatch(/3 broken$/m);

    // The kept anchor: its signature verifies with the published key, and the rewritten stream's head
    // at the anchored revision is no longer the one the service signed.
    const verified = await compactVerify(anchor.jws, await importJWK(keys[0]!, 'EdDSA'));
    const signed = JSON.parse(new TextDecoder().decode(verified.payload)) as AnchorPayload;
    const anchored = signed.streams.find((s) => s.stream === streams.rewritten)!;
    const now = (await sql(`SELECT encode(hash, 'hex') AS hash FROM es.events WHERE stream_name = $1 AND revision = $2`, [streams.rewritten, anchored.revision])).rows[0] as { hash: string };
    expect(now.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(now.hash).not.toBe(anchored.hash);
    const untouched = signed.streams.find((s) => s.stream === streams.clean)!;
    const cleanNow = (await sql(`SELECT encode(hash, 'hex') AS hash FROM es.events WHERE stream_name = $1 AND revision = $2`, [streams.clean, untouched.revision])).rows[0] as { hash: string };
    expect(cleanNow.hash).toBe(untouched.hash);

    const one = await verify('--stream', streams.modified);
    expect(one.code).toBe(2);
    expect(one.stdout).toMatch(/^BROKEN run-t-mod at revision 1: modified/m);
    expect(one.stdout).toMatch(/^1 streams, .*, 1 broken$/m);
  }, 150_000);
});
