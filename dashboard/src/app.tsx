/**
 * The dashboard shell: login when the daemon wants a token, the one API connection, live state
 * from the subscription, and the views laid out in a responsive grid.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Alert, CameraState, CameraZones, CountState, RuleInfo, WsHello, WsPush } from '../../edge/api/wire.js';
import { getToken, needsLogin, setToken } from './auth.js';
import { AskBox } from './ask.js';
import { CameraGrid } from './cameras.js';
import { applyFleetPush, FleetPage } from './fleet.js';
import type { FleetViewState } from '../../edge/api/fleet-view-wire.js';
import { setTimeZone, timeZone } from './format.js';
import { Login } from './login.js';
import { ObjectsView } from './objects.js';
import { PeopleDirectory } from './people.js';
import { RulesView } from './rules.js';
import { AlertList } from './alerts.js';
import { Timeline, type Cursor } from './timeline.js';
import { WireClient, type LinkState } from './wire-client.js';
import { ZoneEditor } from './zones.js';

/** Most alerts kept in the feed. */
const MAX_ALERTS = 200;

/** Live state held by the app. */
interface Live {
  cameras: CameraState[];
  counts: Record<string, CountState>;
  alerts: Alert[];
  rules: RuleInfo[];
  /** Bumped on object lifecycle pushes so lists can refresh. */
  objectTick: number;
  /** Zones and lines by camera. */
  zones: Record<string, CameraZones>;
}

const EMPTY: Live = { cameras: [], counts: {}, alerts: [], rules: [], objectTick: 0, zones: {} };

/** New zones of a camera: the counts of its zones that are gone go too. */
function withZones(s: Live, z: CameraZones): Live {
  const keep = new Set(z.zones.map((x) => x.id));
  const counts = Object.fromEntries(Object.entries(s.counts).filter(([, c]) => c.camera !== z.camera || c.zone === 'all' || keep.has(c.zone)));
  return { ...s, counts, zones: { ...s.zones, [z.camera]: z } };
}

function applyPush(s: Live, p: WsPush): Live {
  switch (p.channel) {
    case 'cameras': {
      const i = s.cameras.findIndex((c) => c.camera === p.data.camera);
      const cameras = i < 0 ? [...s.cameras, p.data] : s.cameras.map((c, j) => (j === i ? p.data : c));
      return { ...s, cameras };
    }
    case 'counts':
      return { ...s, counts: { ...s.counts, [`${p.data.camera}/${p.data.zone}/${p.data.class}`]: p.data } };
    case 'alerts':
      return { ...s, alerts: [p.data, ...s.alerts].slice(0, MAX_ALERTS), rules: s.rules.map((r) => (r.id === p.data.rule ? { ...r, lastFiredAt: p.data.firedAt } : r)) };
    case 'events':
      return p.data.type === 'update' ? s : { ...s, objectTick: s.objectTick + 1 };
    case 'zones':
      return withZones(s, p.data);
    case 'fleet':
      return s;
  }
}

/** The whole dashboard. */
export function App() {
  const [login, setLogin] = useState<'checking' | 'needed' | 'ok'>('checking');
  const [loginError, setLoginError] = useState<string | null>(null);
  const [link, setLink] = useState<LinkState>('connecting');
  const [hello, setHello] = useState<WsHello | null>(null);
  const [live, setLive] = useState<Live>(EMPTY);
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const [page, setPage] = useState<'box' | 'fleet'>(location.hash === '#fleet' ? 'fleet' : 'box');
  const [fleet, setFleet] = useState<FleetViewState<Alert> | null>(null);
  const [fleetError, setFleetError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const timelineRef = useRef<HTMLElement>(null);
  const [, setNamed] = useState(0);
  /** The alerts the list shows (history and live), for the timeline's marks. */
  const [shownAlerts, setShownAlerts] = useState<Alert[]>([]);

  const client = useMemo(
    () =>
      new WireClient({
        link: setLink,
        push: (p) => (p.channel === 'fleet' ? setFleet((s) => applyFleetPush(s, p.data)) : setLive((s) => applyPush(s, p))),
        hello: (h) => {
          setTimeZone(h.timeZone);
          setHello(h);
        },
      }),
    [],
  );
  // a new directory per connection: the zone (and so the days) come with the hello
  const people = useMemo(() => new PeopleDirectory(client, () => setNamed((n) => n + 1)), [client, hello]);

  const check = useCallback(async () => {
    try {
      const need = await needsLogin();
      if (need && getToken()) setLoginError('The daemon refused this token.');
      setLogin(need ? 'needed' : 'ok');
    } catch {
      setLogin('ok'); // the socket reports the daemon being away
    }
  }, []);

  useEffect(() => void check(), [check]);
  useEffect(() => {
    const on = (): void => setPage(location.hash === '#fleet' ? 'fleet' : 'box');
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  useEffect(() => {
    if (login !== 'ok') return;
    client.connect();
    return () => client.close();
  }, [login, client]);

  // (re)subscribe after every hello: a reconnect starts a new session
  useEffect(() => {
    if (!hello) return;
    client
      .request('subscribe', { channels: ['cameras', 'counts', 'events', 'alerts', 'fleet', 'zones'] })
      .then((r) => setLive((s) => ({ ...s, cameras: r.cameras, rules: r.rules, counts: Object.fromEntries(r.counts.map((c) => [`${c.camera}/${c.zone}/${c.class}`, c])) })))
      .then(() => client.request('fleet.state', {}))
      .then((f) => {
        setFleet(f);
        setFleetError(null);
      })
      .catch((e: Error) => setFleetError(`The fleet view is not available: ${e.message}`));
    // the zones and lines outlined on the tiles (pushed again on the zones channel when saved)
    client
      .request('zones.get', {})
      .then((r) => setLive((s) => ({ ...s, zones: Object.fromEntries(r.cameras.map((z) => [z.camera, z])) })))
      .catch(() => setLive((s) => ({ ...s, zones: {} })));
  }, [hello, client]);

  // a closed link may be a revoked token
  useEffect(() => {
    if (link === 'closed' && getToken()) void check();
  }, [link, check]);

  const jumpTo = useCallback((c: Cursor) => {
    setCursor(c);
    timelineRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);

  if (login === 'checking') return <p class="boot">Connecting…</p>;
  if (login === 'needed')
    return (
      <Login
        error={loginError}
        onToken={(t) => {
          setToken(t);
          setLoginError(null);
          setLogin('checking');
          void check();
        }}
      />
    );

  const admin = hello?.scope === 'admin';
  return (
    <>
      <a class="skip" href="#ask">Skip to the question box</a>
      <header class="top">
        <h1>Vigil</h1>
        <span class="node">{hello ? `${hello.node} · v${hello.version} · times in ${timeZone()}` : ''}</span>
        <span class={`link ${link}`} role="status" aria-live="polite">
          {link === 'open' ? 'live' : link === 'connecting' ? 'connecting…' : 'reconnecting…'}
        </span>
        <nav aria-label="Sections">
          <a href="#cameras">Cameras</a> <a href="#timeline">Timeline</a> <a href="#ask">Ask</a> <a href="#objects">Objects</a> <a href="#rules">Alerts</a>{' '}
          <a href="#fleet" aria-current={page === 'fleet' ? 'page' : undefined}>
            Fleet
          </a>
        </nav>
        {getToken() ? (
          <button
            type="button"
            class="ghost"
            onClick={() => {
              setToken(null);
              location.reload();
            }}
          >
            Sign out
          </button>
        ) : null}
      </header>
      {page === 'fleet' ? (
        <FleetPage client={client} ready={hello !== null && link === 'open'} fleet={fleet} error={fleetError} />
      ) : (
      <main class="layout">
        <div class="col">
        <section id="cameras" class="panel cams" aria-labelledby="h-cameras">
          <h2 id="h-cameras">Cameras</h2>
          <CameraGrid cameras={live.cameras} counts={live.counts} client={admin ? client : null} zones={live.zones} onEdit={admin ? setEditing : null} />
          {editing && live.zones[editing] ? <ZoneEditor key={editing} initial={live.zones[editing]} client={client} onClose={() => setEditing(null)} onSaved={(z) => setLive((s) => withZones(s, z))} /> : null}
        </section>
        <section id="timeline" class="panel timeline" aria-labelledby="h-timeline" ref={timelineRef}>
          <h2 id="h-timeline">Last hour</h2>
          <Timeline client={client} ready={hello !== null && link === 'open'} cameras={live.cameras.map((c) => c.camera)} alerts={shownAlerts.length ? shownAlerts : live.alerts} cursor={cursor} onCursor={setCursor} />
        </section>
        <section id="objects" class="panel objects" aria-labelledby="h-objects">
          <h2 id="h-objects">Objects seen</h2>
          <ObjectsView client={client} ready={hello !== null && link === 'open'} tick={live.objectTick} onPick={jumpTo} people={people} />
        </section>
        </div>
        <div class="col">
        <section id="ask" class="panel ask" aria-labelledby="h-ask">
          <h2 id="h-ask">Ask</h2>
          <AskBox client={client} ready={link === 'open'} onEvidence={jumpTo} people={people} />
        </section>
        <section id="rules" class="panel rules" aria-labelledby="h-rules">
          <h2 id="h-rules">Alerts</h2>
          <AlertList client={client} ready={hello !== null && link === 'open'} live={live.alerts} rules={live.rules.map((r) => r.id)} cameras={live.cameras.map((c) => c.camera)} onPick={jumpTo} onShown={setShownAlerts} />
          <RulesView client={client} rules={live.rules} admin={admin} cameras={live.cameras.map((c) => c.camera)} onRules={(rules) => setLive((s) => ({ ...s, rules }))} />
        </section>
        </div>
      </main>
      )}
    </>
  );
}
