/**
 * Live embedded sessions and their app users, remembered in this process so an authenticated
 * read makes no round trip of its own for them. What may change an answer tells every process:
 * triggers on the app's users and on auth sessions and factors send a notification (payload: the
 * user id, or "*" for a TRUNCATE) on SESSION_CHANNEL, and this process forgets that user's
 * sessions when it arrives.
 *
 * - PGlite delivers a notification while it reads the committing statement's answer, so the
 *   change is forgotten before the writer's own await returns: a sign-out counts at once.
 * - Postgres delivers it on a separate connection a moment after the commit. So a write this
 *   process sends to those tables (seen as Drizzle hands it to the driver) also stops the cache
 *   here for WRITE_HOLD_MS, long enough for its transaction to end and its notification to come
 *   in: a sign-out here counts at once. Another instance behind the same load balancer learns of
 *   it within the notification's trip (milliseconds).
 * - Until this process listens, and whenever a (re)listen starts, nothing is served from memory.
 *   An answer older than ENTRY_TTL_MS is read again, which bounds what a notification lost with
 *   a dropped listening connection could leave behind.
 * - A read that began before a change and ends after it is not kept (the generation check).
 */
import { getDbHandle, type DbHandle } from "./client";
import { getLiveSessionWithUser, type LiveSession } from "./queries/sessions";

export const SESSION_CHANNEL = "lingoreel_auth_changed";
const ENTRY_TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;
const WRITE_HOLD_MS = 2_000;

type Entry = { session: LiveSession; until: number };
type State = {
  entries: Map<string, Entry>;
  /** Bumped by every change: a read keeps its answer only if none came while it ran. */
  generation: number;
  listening: boolean;
  /** Postgres: nothing is served or kept before this time (a write of this process may be in flight). */
  heldUntil: number;
};

const statesKey = Symbol.for("lingoreel.sessionCache");
const currentKey = Symbol.for("lingoreel.sessionCache.current");
type GlobalWithState = typeof globalThis & { [statesKey]?: WeakMap<DbHandle, State>; [currentKey]?: State };
const g = globalThis as GlobalWithState;
// One map per process, whichever bundle of the server loads this module; one state per database handle.
const allStates = (g[statesKey] ??= new WeakMap<DbHandle, State>());

function forget(state: State, userId: string): void {
  state.generation++;
  if (userId === "*") {
    state.entries.clear();
    return;
  }
  for (const [id, entry] of state.entries) if (entry.session.userId === userId) state.entries.delete(id);
}

function stateOf(handle: DbHandle): State {
  let state = allStates.get(handle);
  if (state) return state;
  state = { entries: new Map(), generation: 0, listening: false, heldUntil: 0 };
  allStates.set(handle, state);
  const live = state;
  if (handle.authWrites) {
    handle.authWrites.onWrite = () => {
      live.heldUntil = Date.now() + WRITE_HOLD_MS;
      forget(live, "*");
    };
  }
  const onChange = (payload: string | undefined) => forget(live, payload ?? "*");
  // Whatever was remembered before listening (re)started may have missed a change.
  const onListen = () => {
    forget(live, "*");
    live.listening = true;
  };
  const started = handle.pglite
    ? handle.pglite.listen(SESSION_CHANNEL, onChange).then(onListen)
    : handle.postgres?.listen(SESSION_CHANNEL, onChange, onListen);
  // Not listening (the database is down, or closed): every request asks the database, as before.
  void started?.catch(() => {
    live.listening = false;
  });
  return state;
}

/** The session if it exists and has not passed its not_after at `now`, with its app user. */
export async function cachedLiveSession(sessionId: string, now: Date): Promise<LiveSession | undefined> {
  const handle = await getDbHandle();
  const state = stateOf(handle);
  g[currentKey] = state;
  const usable = () => state.listening && state.heldUntil <= Date.now();
  const hit = usable() ? state.entries.get(sessionId) : undefined;
  if (hit && hit.until > now.getTime()) return { ...hit.session, user: hit.session.user && { ...hit.session.user } };
  const generation = state.generation;
  const session = await getLiveSessionWithUser(handle.db, { sessionId, now });
  if (session && usable() && state.generation === generation) {
    if (state.entries.size >= MAX_ENTRIES) state.entries.clear();
    const notAfter = session.notAfter?.getTime() ?? Infinity;
    state.entries.set(sessionId, { session, until: Math.min(now.getTime() + ENTRY_TTL_MS, notAfter) });
  }
  return session;
}

/**
 * Forgets every remembered session of this process's database: called once a write made here has
 * committed, so the next request reads what it changed whether or not its notification is in yet.
 */
export function forgetCachedSessions(): void {
  const state = g[currentKey];
  if (state) forget(state, "*");
}
