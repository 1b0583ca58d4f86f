package service

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"sync"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/ccs"
)

// The event feed of a contest is an append-only log in the store (one row
// per event, its id the token), written by SyncFeed: it builds the
// contest's API objects (ccs.CCSObjects), compares each with the last
// version logged for its audience, and appends those that changed, in one
// transaction. A verdict, a rejudge (a new judgement, the old one no longer
// current), a clarification, the clock passing the start, the freeze or
// the end, an unfreeze: each becomes an event at the next sync. The feed
// syncs before it reads, and while it streams, so that every change
// reaches it within two seconds whoever made it (another process on
// PostgreSQL too).

// ccsEventBatch bounds the events read from the log at once.
const ccsEventBatch = 500

// ccsMinSync is the least time between two syncs of one contest that the
// open feeds ask for, by their polls and on the contests' events: a sync of
// a contest of 20,000 submissions costs about 300 ms of CPU
// (BenchmarkCCSFeedSync), so at most one a second, shared by every open
// feed, and a change reaches the feeds within two seconds.
const ccsMinSync = time.Second

// FeedPollSince is the since of SyncFeed for a feed that polls, or that
// heard of a change, at now.
func FeedPollSince(now time.Time) time.Time { return now.Add(-ccsMinSync) }

// ccsMoved marks, in a contest log's memory, an object version that no
// longer exists because the object moved to another audience (a judgement
// revealed at the unfreeze): no deletion is sent for it.
const ccsMoved = "\x00moved"

// ccsLogs holds each contest's log state in this process.
type ccsLogs struct {
	mu    sync.Mutex
	logs  map[int64]*ccsLog
	wakeC chan struct{} // closed at every append, then replaced
}

// ccsLog is what this process knows of one contest's log: the last data
// logged under each object key, up to token last.
type ccsLog struct {
	mu       sync.Mutex
	last     int64
	data     map[string]string
	syncedAt time.Time
	// cache keeps the objects of the contest's submissions between
	// builds, the feed's and the endpoints'.
	cache ccs.CCSCache
}

func (l *ccsLogs) log(id int64) *ccsLog {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.logs == nil {
		l.logs = map[int64]*ccsLog{}
	}
	g, ok := l.logs[id]
	if !ok {
		g = &ccsLog{data: map[string]string{}}
		l.logs[id] = g
	}
	return g
}

// wake returns a channel closed at the next append to any contest's log in
// this process.
func (l *ccsLogs) wake() <-chan struct{} {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.wakeC == nil {
		l.wakeC = make(chan struct{})
	}
	return l.wakeC
}

func (l *ccsLogs) appended() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.wakeC != nil {
		close(l.wakeC)
	}
	l.wakeC = make(chan struct{})
}

func eventKey(e judge.FeedEvent) string {
	return ccs.CCSObject{Type: e.Type, ID: e.ID, Audience: e.Audience, TeamID: e.TeamID}.Key()
}

// catchUp reads the events logged after g.last, by any process.
func (s *Service) catchUp(ctx context.Context, contestID int64, g *ccsLog) error {
	for {
		events, err := s.store.FeedEvents(ctx, contestID, g.last, ccsEventBatch)
		if err != nil {
			return err
		}
		for _, e := range events {
			g.data[eventKey(e)] = string(e.Data)
			g.last = e.Token
		}
		if len(events) < ccsEventBatch {
			return nil
		}
	}
}

// SyncFeed appends to contest id's event log the objects of its API that
// changed since they were last logged, so that the log holds every change
// made before since: when a sync that started at or after since is done
// (another feed's, while this one waited), there is nothing to do. A feed
// that opens asks for now; one that polls for a little earlier
// (FeedPollSince), so that the polls of many open feeds share one sync.
func (s *Service) SyncFeed(ctx context.Context, id int64, since time.Time) error {
	g := s.ccs.log(id)
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.syncedAt.Before(since) {
		return nil
	}
	now := time.Now()
	if err := s.catchUp(ctx, id, g); err != nil {
		return err
	}
	c, err := s.store.Contest(ctx, id)
	if err != nil {
		return err
	}
	in, err := s.ccsInput(ctx, c)
	if err != nil {
		return err
	}
	objs := ccs.CCSObjects(in)
	present := make(map[string]bool, len(objs))
	// copies are the objects built, by type and id: an object may have a
	// copy for each of several audiences.
	copies := make(map[string][]ccs.CCSObject, len(objs))
	for _, o := range objs {
		present[o.Key()] = true
		copies[o.Type+"\x00"+o.ID] = append(copies[o.Type+"\x00"+o.ID], o)
	}
	// An object version logged that is no longer built: gone for every
	// audience, a deletion, sent to the audience that read it; moved to
	// another audience that reads it still (a judgement revealed at the
	// unfreeze), nothing; moved away from some of its readers (a team
	// put in a hidden group: the public no longer reads it), a deletion
	// for the audience that read it, before the object's current copies,
	// logged again for those who still read it (the jury reads the
	// deletion too).
	var retracted []judge.FeedEvent
	relog := map[string]bool{}
	var events []judge.FeedEvent
	for k, d := range g.data {
		if present[k] || d == "" || d == ccsMoved {
			continue
		}
		e := keyEvent(k)
		e.ContestID = id
		cur, exists := copies[e.Type+"\x00"+e.ID]
		switch {
		case !exists:
			events = append(events, e)
		case covers(cur, e):
			g.data[k] = ccsMoved
		default:
			retracted = append(retracted, e)
			relog[e.Type+"\x00"+e.ID] = true
		}
	}
	slices.SortFunc(retracted, deletionOrder)
	slices.SortFunc(events, deletionOrder)
	deletions := events
	events = retracted
	for _, o := range objs {
		if in.Frozen.Frozen && o.Type == ccs.CCSAwards && o.Audience == judge.AudienceJury {
			// The jury's live awards are not logged under the freeze: an
			// event of theirs, unseen by the others, still takes a token,
			// and a gap in the tokens the public reads after an accepted
			// hidden try, wider than after a wrong one, told which. The
			// jury reads them live at /awards; the feed brings them at the
			// unfreeze.
			continue
		}
		if o.Embargoed {
			// Nor the runs of a hidden try: an accepted program runs on
			// every board, a rejected one may stop at the first it fails,
			// and the gap in the public's tokens would count them. Its
			// team and the jury read them at /runs; the feed brings them
			// at the unfreeze.
			continue
		}
		if g.data[o.Key()] != string(o.Data) || relog[o.Type+"\x00"+o.ID] {
			events = append(events, judge.FeedEvent{ContestID: id, Type: o.Type, ID: o.ID, Data: o.Data, Audience: o.Audience, TeamID: o.TeamID})
		}
	}
	events = append(events, deletions...)
	g.syncedAt = now // the start of this sync: what it read was there then
	if len(events) == 0 {
		return nil
	}
	logged, err := s.store.AppendFeedEvents(ctx, events)
	if err != nil {
		return err
	}
	for _, e := range logged {
		g.data[eventKey(e)] = string(e.Data)
		g.last = max(g.last, e.Token)
	}
	s.ccs.appended()
	return nil
}

// deletionOrder orders deletions as the feed sends them: the live data
// before the configuration (a submission before its team, which it
// refers to), and by id.
func deletionOrder(a, b judge.FeedEvent) int {
	return cmp.Or(-cmp.Compare(slices.Index(ccs.CCSTypes, a.Type), slices.Index(ccs.CCSTypes, b.Type)), cmp.Compare(eventKey(a), eventKey(b)))
}

// covers reports whether the copies of an object still reach every
// reader of the version e logged: the jury, when e was theirs, through a
// copy of theirs; the others through a copy for everyone, or, when e was
// one team's, for that team.
func covers(copies []ccs.CCSObject, e judge.FeedEvent) bool {
	jury, others := e.Audience == judge.AudienceOthers, e.Audience == judge.AudienceJury
	for _, o := range copies {
		jury = jury || o.Audience != judge.AudienceOthers
		others = others || o.Audience != judge.AudienceJury && (o.TeamID == 0 || o.TeamID == e.TeamID)
	}
	return jury && others
}

// keyEvent is the event of a deletion of the object with key k.
func keyEvent(k string) judge.FeedEvent {
	var parts [4]string
	for i := 0; i < 3; i++ {
		j := 0
		for j < len(k) && k[j] != 0 {
			j++
		}
		parts[i], k = k[:j], k[min(j+1, len(k)):]
	}
	parts[3] = k
	aud, _ := strconv.Atoi(parts[2])
	team, _ := strconv.ParseInt(parts[3], 10, 64)
	return judge.FeedEvent{Type: parts[0], ID: parts[1], Audience: judge.Audience(aud), TeamID: team}
}

// ParseSinceToken checks a since_token of contest id's feed: a token of
// one of its events. EINVALID otherwise, which the API answers 400, as the
// specification asks for a token it cannot resume from.
func (s *Service) ParseSinceToken(ctx context.Context, id int64, token string) (int64, error) {
	t, err := strconv.ParseInt(token, 10, 64)
	if err != nil || t <= 0 || strconv.FormatInt(t, 10) != token {
		return 0, judge.Errorf(judge.EINVALID, "since_token %q: not a token of this feed", token)
	}
	e, err := s.store.FeedEvent(ctx, t)
	if judge.ErrorCode(err) == judge.ENOTFOUND || (err == nil && e.ContestID != id) {
		return 0, judge.Errorf(judge.EINVALID, "since_token %q: not a token of this feed", token)
	}
	if err != nil {
		return 0, err
	}
	return t, nil
}

// FeedEvents returns up to limit events of contest id after token after
// that view reads, and the last token it looked at (to go on from, even
// when it read none of them).
func (s *Service) FeedEvents(ctx context.Context, view ccs.CCSView, id, after int64, limit int) ([]judge.FeedEvent, int64, error) {
	events, err := s.store.FeedEvents(ctx, id, after, limit)
	if err != nil {
		return nil, after, err
	}
	var out []judge.FeedEvent
	for _, e := range events {
		after = e.Token
		if view.Sees(e) {
			out = append(out, e)
		}
	}
	return out, after, nil
}

// FeedWake returns a channel closed at the next event logged by
// this process.
func (s *Service) FeedWake() <-chan struct{} { return s.ccs.wake() }
