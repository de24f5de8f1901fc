// Generated from the engine's enums by
// `cd engine-wasm && UPDATE_DOCS=1 cargo test -p skyqueue-engine --lib engine_kinds`: do not edit.
// Each list holds every value the engine writes, in the engine's order.

/** What happened to a packet (engine `trace::TraceKind`): every value. */
export const TRACE_KINDS = [
  /** A data packet leaves its sender for the first time (`node`: the sender). */
  'send',
  /** A data packet leaves its sender again (`reason`: what made the sender resend it). */
  'retransmit',
  /**
   * A packet starts its transmission from `node` to `next`, after waiting `waited` behind
   * `queue_ahead` packets.
   */
  'hop',
  /** A packet is lost at `node` (`reason`: why). */
  'drop',
  /** A data packet reaches its receiver (`node`). */
  'deliver',
  /** The receiver sends an acknowledgement (`seq`: the next segment it expects). */
  'ack',
  /** An acknowledgement reaches the sender (`node`). */
  'ack-arrive',
  /** The sender's retransmission timer fires (`seq`: the first segment not acknowledged). */
  'timeout',
  /**
   * The route between the ends changed (`route_hops`: its ISL hops now); packets already
   * sent keep the route they were sent on.
   */
  'route-change',
] as const;
/** One of {@link TRACE_KINDS}. */
export type TraceKind = (typeof TRACE_KINDS)[number];

/** Why a packet was lost or sent again (engine `trace::Reason`): every value. */
export const TRACE_REASONS = [
  /** Its link's buffer was full. */
  'overflow',
  /**
   * No route on to its destination: when it was sent, or at a node on its way (a network's
   * forwarding).
   */
  'no-route',
  /**
   * Resent because the sender judged it lost from the acknowledgements (SACK or three
   * duplicate ACKs).
   */
  'loss-detected',
  /** Resent after the retransmission timer fired. */
  'timer-expired',
  /**
   * The sender's own buffer, ahead of a rate-paced transport, was full: the application made
   * packets faster than the transport's rate let them go (paper 003's losses "between
   * application and transport"; RFC 5348 §4.6 leaves the buffer to the sender).
   */
  'sender-buffer',
  /** A link lost it to errors (an erased frame, bit errors), whatever recovery it had. */
  'link-error',
  /** It arrived after its playout point: too late to be used. */
  'late',
  /**
   * It waited in its queue longer than the scheduler allows (a deadline such as CoDeS's
   * timeout, or CoDel's sojourn target).
   */
  'expired',
  /**
   * Sent again by the link: the receiver could not decode it and asked for more (a HARQ
   * NACK), on a hop rather than a drop.
   */
  'nack',
  /**
   * Lost at a handover: it was queued for a satellite that its ground terminal had left
   * (ns-2's satellite handoff, `network::transfer`).
   */
  'handoff',
] as const;
/** One of {@link TRACE_REASONS}. */
export type TraceReason = (typeof TRACE_REASONS)[number];

/** Kinds of topology events (engine `topology::pair::TopoEventKind`): every value. */
export const TOPO_EVENT_KINDS = [
  /** Access satellite changed within its plane. */
  'intra-orbital',
  /** Access satellite changed to another plane. */
  'inter-orbital',
  /** Access satellite changed to another shell. */
  'shell-change',
  /** The pair became separated by the seam (a seam handover). */
  'seam-enter',
  /** The pair is no longer separated by the seam. */
  'seam-leave',
  /**
   * Route changed with both access satellites unchanged, visibly: other hop count, or a
   * delay step of at least [`ISL_CHANGE_MIN_MS`].
   */
  'isl-change',
  /** An end lost every satellite (below the mask everywhere). */
  'access-lost',
  /** An end found a satellite again. */
  'access-gained',
  /** An ISL went down (see `reason`). */
  'link-down',
  /** An ISL came back up. */
  'link-up',
] as const;
/** One of {@link TOPO_EVENT_KINDS}. */
export type TopoEventKind = (typeof TOPO_EVENT_KINDS)[number];
