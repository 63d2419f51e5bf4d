// SSE frames of run events, built once per event for all clients. The feed hands the same
// RecordedEvent object to every listener, so the frame (its JSON and its UTF-8 bytes) is cached on
// it: with 1,000 clients on one run an event costs one JSON.stringify and one encoding, and each
// client's write is a Buffer the socket takes as is (a string would be encoded again per client).
import { formatPosition, type RecordedEvent } from '../../adapters/event-store.js';

/** The frame's id: the stream revision (a run's stream) or the global position (an organization's feed). */
export type FrameId = 'revision' | 'position';

interface Frames {
  data: string;
  revision?: Buffer;
  position?: Buffer;
}

const cache = new WeakMap<RecordedEvent, Frames>();

export function sseFrame(e: RecordedEvent, id: FrameId): Buffer {
  let frames = cache.get(e);
  if (!frames) {
    frames = { data: JSON.stringify({ run_id: e.streamName.slice(4), revision: e.revision.toString(), type: e.type, data: e.data, created: e.created.toISOString() }) };
    cache.set(e, frames);
  }
  let frame = frames[id];
  if (!frame) {
    const text = id === 'revision' ? e.revision.toString() : formatPosition(e.position);
    frame = Buffer.from(`id: ${text}\nevent: ${e.type}\ndata: ${frames.data}\n\n`, 'utf8');
    frames[id] = frame;
  }
  return frame;
}
