/**
 * Wire types of fleet discovery and the fleet view: the retained manifest each box publishes on
 * `vigil/<node>/manifest`, the state of every box as a box follows them (`fleet.state`), and the
 * pushes of the `fleet` channel. Types and constants only, so the browser bundle can import it.
 */
import type { ParamsOf } from './requests.js';

/*
 * wire.ts imports this module, so nothing here imports wire.ts (the import graph counts type
 * cycles): the alert type is a parameter (wire.ts passes its `Alert`), and the camera states are
 * those of wire.ts's `CameraStateName` (checked in edge/fleet/view.ts).
 */

/** A camera state as a box publishes it, or `unknown` before its status arrived. */
export type FleetCameraStateName = 'connecting' | 'streaming' | 'backoff' | 'stopped' | 'disabled' | 'unknown';

/** One camera as a box announces it in its manifest. */
export interface FleetManifestCamera {
  id: string;
  name?: string;
  /** Whether ingest is enabled now. */
  enabled?: boolean;
  zones: string[];
  lines: string[];
  /** Classes the camera's detector reports (its `classes`, or the model's vocabulary). */
  classes: string[];
  /** Detector model, e.g. `centernet`. */
  model: string;
}

/**
 * The retained payload of `vigil/<node>/manifest` (QoS 1): what a box holds, so a fleet view needs
 * no registry. Republished on connect, on camera or rule changes and every 60 s (coverage).
 */
export interface FleetManifest {
  v: 1;
  node: string;
  /** Vigil version of the box. */
  version: string;
  /** Base URL of the box's HTTP port for its peers (config `fleet.publicUrl`), or null. */
  publicUrl: string | null;
  cameras: FleetManifestCamera[];
  /** ISO times of the box's memory coverage (null when empty). */
  coverage: { from: string | null; to: string | null };
  /** Rule ids of the box (its alerts go to `vigil/<node>/alerts/<rule>`). */
  rules?: string[];
  /**
   * The fleet whose questions the box answers (`fleet.prefix`), or null when it answers none.
   * Askers wait only for the online boxes whose manifest names their prefix; a box of an older
   * version, without the field, is not waited for (its parts still count).
   */
  fleet?: FleetMembership | null;
  /** ISO time of this publication. */
  updatedAt: string;
}

/** A box's membership of a fleet, as its manifest states it. */
export interface FleetMembership {
  /** The fleet's topic prefix: the box answers asks on `<prefix>/ask`. */
  prefix: string;
}

/** One count of a fleet camera (zone `all` = whole frame; class `all` = every class in a zone). */
export interface FleetViewCount {
  zone: string;
  class: string;
  count: number;
}

/** One camera of a box as the fleet view knows it (from its manifest, status and count topics). */
export interface FleetViewCamera {
  id: string;
  /** From the retained camera status; `unknown` before one arrived. */
  state: FleetCameraStateName;
  fps: number;
  /** ISO time of the camera's last frame, from its status. */
  lastFrameAt: string | null;
  error: string | null;
  counts: FleetViewCount[];
}

/** One box of the fleet. */
export interface FleetViewBox {
  node: string;
  /** From the retained `vigil/<node>/status` (`offline` is the box's Last Will). */
  online: boolean;
  /** The box's last manifest, or null before one arrived (a box of an older version publishes none). */
  manifest: FleetManifest | null;
  cameras: FleetViewCamera[];
  /** Epoch ms of the last live (not retained) message from the box; 0 when only retained ones were read. */
  lastSeen: number;
  /** Whether this is the box serving the view. */
  self: boolean;
  /**
   * Whether this box can show the box's snapshots: its own, or a peer whose URL is pinned in
   * `fleet.peers` (a manifest's URL is never used); the proxy path is {@link fleetSnapshotPath}.
   */
  snapshots: boolean;
}

/** Result of `fleet.state`. */
export interface FleetViewState<A> {
  /** Whether this box follows the fleet (`fleet.enabled` and MQTT on). */
  enabled: boolean;
  /** This box's node id. */
  node: string;
  boxes: FleetViewBox[];
  /** The last fleet alerts, newest first (at most {@link FLEET_MAX_ALERTS}). */
  alerts: A[];
}

/** Data of a `fleet` channel push: a box changed, or an alert of any box. */
export type FleetPushData<A> = { kind: 'box'; box: FleetViewBox } | { kind: 'alert'; alert: A };

/** Most fleet alerts kept by the view. */
export const FLEET_MAX_ALERTS = 100;

/** Path of a peer camera's snapshot through this box's proxy (the peer's token stays on the box). */
export function fleetSnapshotPath(node: string, camera: string): string {
  return `/api/fleet/${encodeURIComponent(node)}/cameras/${encodeURIComponent(camera)}/snapshot.jpg`;
}

/** Topic of a box's retained manifest. */
export function manifestTopic(node: string): string {
  return `vigil/${node}/manifest`;
}

/**
 * The fleet view's WebSocket requests (merged into `WsRequestMap` of wire.ts); `subscribe` with
 * channel `fleet` pushes {@link FleetPushData}.
 */
export interface FleetViewRequestMap<A> {
  /** Every box this box follows, with its cameras, and the last fleet alerts. */
  'fleet.state': { params: ParamsOf<'fleet.state'>; result: FleetViewState<A>; scope: 'read' };
}
