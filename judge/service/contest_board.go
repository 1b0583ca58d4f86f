package service

import (
	"bytes"
	"context"
	"slices"
	"sync"
	"time"

	"puzzlejudge/judge"
)

// The boards of contests are kept in memory, one per contest, and updated
// on each submission and verdict (rejudges included) rather than computed
// from the submissions per request: a request reads a snapshot, made again
// only after a change. A board is read from the store once, on its first
// use or at Start for the contests running then; a change of the contest
// itself reads it again. Boards are this process's: with several processes
// on one database (Config.ClaimTimeout set) other processes' submissions
// and verdicts do not pass through this one, so a board read more than
// boardCatchUp after its last look asks the store for the submissions made
// or judged since then (less clockSkew) and applies them as its own
// (catchUp), and one older than boardReload is read again whole, which
// also sees what a catch-up cannot: a contest changed by another process,
// a deleted submission.

// With several processes: how often a board read looks for other
// processes' changes, how often it is read whole again, and how far the
// clocks of the processes may differ (the look-back of a catch-up).
const (
	boardCatchUp = time.Second
	boardReload  = time.Minute
	clockSkew    = 10 * time.Second
)

// listenerBuffer is how many events a slow listener may lag behind.
const listenerBuffer = 1024

// cellKey is a cell of a board: a row (a team) and a problem.
type cellKey struct {
	row     judge.BoardKey
	problem int64
}

// subRef is where a known submission is: its contest, and its cell when
// it counts there (counted false: made outside the contest's time, or to a
// problem no longer in it).
type subRef struct {
	contest int64
	cell    cellKey
	counted bool
}

// liveBoard is one contest's board.
type liveBoard struct {
	contest  judge.Contest
	loadedAt time.Time
	// lookedAt is when the board last read the store (its load or its
	// last catch-up), by the wall clock, and since the same instant by the
	// service's clock, the one submissions are stamped with.
	lookedAt, since time.Time
	version         int64
	cells           map[cellKey][]judge.ContestSubmission // in time order, then id
	// teams places submissions in rows; names are the usernames of the
	// rows of users in no team.
	teams judge.BoardRows
	names map[judge.BoardKey]string
	// rows holds each team's row as the jury sees it (live) and as the
	// frozen board shows it, with the times of their solves.
	rows map[judge.BoardKey]*contestantRows
	// snaps are the last snapshots, the jury's and everyone else's, of
	// version.
	snaps [2]*judge.Scoreboard
}

type contestantRows struct {
	live, frozen judge.Row
	// solved and solvedFz are the times of the solves the live and the
	// frozen board show, by problem position (zero: none).
	solved, solvedFz []time.Time
}

// listener is one reader of a contest's events.
type listener struct {
	ch   chan judge.ContestEvent
	lost bool
}

// contestBoards holds the loaded boards, which contest each known
// submission belongs to, and the listeners. One lock: every update is a
// few map operations and one cell's recount.
type contestBoards struct {
	mu        sync.Mutex
	boards    map[int64]*liveBoard
	owner     map[int64]subRef // submission id -> where it is
	listeners map[int64]map[*listener]bool
	// versions survive a reload, so that versions only grow; they start
	// at base, the process's start in milliseconds, so that a version of
	// a restarted process is not one of before (a face's ETag).
	versions map[int64]int64
	base     int64
	refresh  bool // several processes: catch up with the store
	now      func() time.Time
}

// bump raises the version of contest id and returns it; b.mu is held.
func (b *contestBoards) bump(id int64) int64 {
	v, ok := b.versions[id]
	if !ok {
		v = b.base
	}
	b.versions[id] = v + 1
	return v + 1
}

// newContestBoards makes the boards of a service whose clock is now;
// refresh: other processes write on the same database.
func newContestBoards(refresh bool, now func() time.Time) *contestBoards {
	return &contestBoards{boards: map[int64]*liveBoard{}, owner: map[int64]subRef{},
		listeners: map[int64]map[*listener]bool{}, versions: map[int64]int64{}, base: time.Now().UnixMilli(), refresh: refresh, now: now}
}

// board returns the board of contest id, reading it from st when it is not
// loaded (or too old); b.mu is held on return and the caller unlocks it.
// The read runs under the lock so that no verdict is routed to a board
// half read: one written before is in the read, one after reaches it.
func (b *contestBoards) board(ctx context.Context, st judge.Store, id int64) (*liveBoard, error) {
	b.mu.Lock()
	lb := b.boards[id]
	switch {
	case lb == nil:
	case !b.refresh || time.Since(lb.lookedAt) < boardCatchUp:
		return lb, nil
	case time.Since(lb.loadedAt) < boardReload:
		if ok, err := b.catchUp(ctx, st, lb); err != nil || ok {
			// A failed catch-up serves the board as it was.
			return lb, nil
		}
	}
	started, since := time.Now(), b.now()
	c, err := st.Contest(ctx, id)
	if err != nil {
		b.mu.Unlock()
		return nil, err
	}
	subs, err := st.ContestSubmissions(ctx, id)
	if err != nil {
		b.mu.Unlock()
		return nil, err
	}
	lb = &liveBoard{contest: c, loadedAt: started, lookedAt: started, since: since, cells: map[cellKey][]judge.ContestSubmission{},
		teams: judge.NewBoardRows(c), names: map[judge.BoardKey]string{}, rows: map[judge.BoardKey]*contestantRows{}}
	for _, s := range subs {
		b.place(lb, s) // in time order already: each goes at the end
	}
	for k := range lb.names {
		lb.recount(k, 0)
	}
	lb.version = b.bump(id)
	b.boards[id] = lb
	return lb, nil
}

// catchUp applies to lb what other processes wrote since its last look:
// submissions made and verdicts written from lb.since - clockSkew on,
// each through the path this process's own take (seen ones change
// nothing). It reports false, with nothing applied, when the contest itself
// changed: the board must be read again whole. b.mu is held.
func (b *contestBoards) catchUp(ctx context.Context, st judge.Store, lb *liveBoard) (bool, error) {
	started, since := time.Now(), b.now()
	c, err := st.Contest(ctx, lb.contest.ID)
	if err != nil {
		return false, err
	}
	if !c.UpdatedAt.Equal(lb.contest.UpdatedAt) {
		return false, nil
	}
	subs, err := st.ContestChanges(ctx, c.ID, lb.since.Add(-clockSkew))
	if err != nil {
		return false, err
	}
	for _, cs := range subs {
		b.apply(lb, cs)
	}
	lb.lookedAt, lb.since = started, since
	return true, nil
}

// apply brings cs, a submission of lb's contest as the store has it, onto
// the board: a new one is added, a known one whose verdict differs is
// changed; each change is emitted as this process's own are. b.mu is held.
func (b *contestBoards) apply(lb *liveBoard, cs judge.ContestSubmission) {
	ref, known := b.owner[cs.ID]
	if !known {
		if b.place(lb, cs) {
			lb.recount(b.owner[cs.ID].cell.row, cs.ProblemID)
		}
		b.emit(lb, judge.ContestSubmitted, cs)
		if cs.Verdict != "" {
			b.emit(lb, judge.ContestJudged, cs)
		}
		return
	}
	if !ref.counted {
		return
	}
	subs := lb.cells[ref.cell]
	i := slices.IndexFunc(subs, func(s judge.ContestSubmission) bool { return s.ID == cs.ID })
	if i < 0 || subs[i].Verdict == cs.Verdict && subs[i].Score == cs.Score {
		return
	}
	subs[i].Status, subs[i].Verdict, subs[i].Score = cs.Status, cs.Verdict, cs.Score
	lb.recount(ref.cell.row, ref.cell.problem)
	b.emit(lb, judge.ContestJudged, subs[i])
}

// recount computes again the cells of problem (0: every problem) of the
// row k, and its totals, in both views.
func (lb *liveBoard) recount(k judge.BoardKey, problem int64) {
	c := lb.contest
	r := lb.rows[k]
	if r == nil {
		r = &contestantRows{solved: make([]time.Time, len(c.Problems)), solvedFz: make([]time.Time, len(c.Problems))}
		r.live, r.frozen = lb.teams.Row(k, lb.names[k]), lb.teams.Row(k, lb.names[k])
		r.live.Problems, r.frozen.Problems = make([]judge.ProblemCell, len(c.Problems)), make([]judge.ProblemCell, len(c.Problems))
		lb.rows[k] = r
		problem = 0
	}
	freezeAt, _ := c.FreezeTime()
	for i, p := range c.Problems {
		if problem != 0 && p.ProblemID != problem {
			continue
		}
		cs := lb.cells[cellKey{k, p.ProblemID}]
		r.live.Problems[i] = judge.ScoreCell(c, p.Label, cs, time.Time{})
		r.frozen.Problems[i] = judge.ScoreCell(c, p.Label, cs, freezeAt)
		r.solved[i], _ = judge.FirstAccepted(c, cs, time.Time{})
		r.solvedFz[i], _ = judge.FirstAccepted(c, cs, freezeAt)
	}
	r.live.Total(c.Scoring)
	r.frozen.Total(c.Scoring)
}

// snapshot returns the board as the jury (jury: live, every team) or
// everyone else (frozen from the freeze on, without the teams of hidden
// groups) reads it at now, made again only when the board changed (or the
// freeze began).
func (lb *liveBoard) snapshot(jury bool, now time.Time) judge.Scoreboard {
	c := lb.contest
	frozen := !jury && c.Frozen(now)
	view := 0
	if !jury {
		view = 1
	}
	if s := lb.snaps[view]; s != nil && s.Version == lb.version && s.Frozen == frozen {
		return *s
	}
	// One pass over the teams for the first solves, one to copy the rows
	// (their cells in one array) and mark them: 500 rows of 10 problems
	// are made again in well under a millisecond.
	n := len(c.Problems)
	shown := func(r *contestantRows) bool { return jury || !r.live.Hidden }
	firsts := make([]time.Time, n)
	for _, r := range lb.rows {
		if !shown(r) {
			continue
		}
		solved := r.solved
		if frozen {
			solved = r.solvedFz
		}
		for i, at := range solved {
			if !at.IsZero() && (firsts[i].IsZero() || at.Before(firsts[i])) {
				firsts[i] = at
			}
		}
	}
	rows := make([]judge.Row, 0, len(lb.rows)+len(lb.teams.Listed))
	cells := make([]judge.ProblemCell, 0, n*(len(lb.rows)+len(lb.teams.Listed)))
	for _, r := range lb.rows {
		if !shown(r) {
			continue
		}
		row, solved := r.live, r.solved
		if frozen {
			row, solved = r.frozen, r.solvedFz
		}
		at := len(cells)
		cells = append(cells, row.Problems...)
		row.Problems = cells[at : at+n : at+n]
		for i := range row.Problems {
			row.Problems[i].First = !solved[i].IsZero() && solved[i].Equal(firsts[i])
		}
		rows = append(rows, row)
	}
	for _, k := range lb.teams.Listed {
		if lb.rows[k] != nil {
			continue
		}
		row := lb.teams.Row(k, "")
		if !jury && row.Hidden {
			continue
		}
		at := len(cells)
		for _, p := range c.Problems {
			cells = append(cells, judge.ProblemCell{Label: p.Label})
		}
		row.Problems = cells[at : at+n : at+n]
		row.Total(c.Scoring)
		rows = append(rows, row)
	}
	judge.RankRows(c.Scoring, rows)
	s := &judge.Scoreboard{Frozen: frozen, Rows: rows, Version: lb.version}
	lb.snaps[view] = s
	return *s
}

// submitted adds a stored submission to its contest's board, if loaded.
func (b *contestBoards) submitted(ctx context.Context, st judge.Store, sub judge.Submission) {
	b.mu.Lock()
	defer b.mu.Unlock()
	lb := b.boards[sub.ContestID]
	if lb == nil {
		return // read with the rest when the board is loaded
	}
	if _, ok := b.owner[sub.ID]; ok {
		return
	}
	cs := judge.ContestSubmission{ID: sub.ID, UserID: sub.UserID, Username: sub.Username, ProblemID: sub.ProblemID,
		CreatedAt: sub.CreatedAt, Status: judge.StatusPending}
	// A worker may have judged it between its insert and now, and judged
	// found no board to put the verdict on: read it under the lock, after
	// which judged finds the submission here.
	if stored, err := st.ContestSubmission(ctx, sub.ID); err == nil {
		cs.Status, cs.Verdict, cs.Score = stored.Status, stored.Verdict, stored.Score
	}
	if b.place(lb, cs) {
		lb.recount(b.owner[cs.ID].cell.row, cs.ProblemID)
	}
	b.emit(lb, judge.ContestSubmitted, cs)
	if cs.Verdict != "" {
		b.emit(lb, judge.ContestJudged, cs)
	}
}

// place records where cs, a submission naming lb's contest that the board
// does not know yet, belongs, and puts it in its cell when it counts there
// (it does not recount the cell). b.mu is held.
func (b *contestBoards) place(lb *liveBoard, cs judge.ContestSubmission) (counted bool) {
	k := cellKey{lb.teams.KeyOf(cs.UserID, cs.Username), cs.ProblemID}
	_, counted = lb.contest.Problem(cs.ProblemID)
	counted = counted && lb.contest.Counts(cs.CreatedAt)
	b.owner[cs.ID] = subRef{contest: lb.contest.ID, cell: k, counted: counted}
	if counted {
		lb.names[k.row] = cs.Username
		lb.cells[k] = insertByTime(lb.cells[k], cs)
	}
	return counted
}

// insertByTime inserts s into cs, kept in time order then id.
func insertByTime(cs []judge.ContestSubmission, s judge.ContestSubmission) []judge.ContestSubmission {
	i := len(cs)
	for i > 0 && (cs[i-1].CreatedAt.After(s.CreatedAt) || cs[i-1].CreatedAt.Equal(s.CreatedAt) && cs[i-1].ID > s.ID) {
		i--
	}
	return slices.Insert(cs, i, s)
}

// judged applies written verdicts to the boards of the contests they
// belong to: first judgings and rejudges alike.
func (b *contestBoards) judged(judged []judge.Judged, written map[int64]bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, j := range judged {
		if !written[j.ID] {
			continue
		}
		ref, ok := b.owner[j.ID]
		lb := b.boards[ref.contest]
		if !ok || lb == nil {
			continue // not a contest's, or its board is not loaded
		}
		cs := judge.ContestSubmission{ID: j.ID, Status: judge.StatusDone, Verdict: j.Verdict, Score: j.Score}
		if ref.counted {
			subs := lb.cells[ref.cell]
			if i := slices.IndexFunc(subs, func(s judge.ContestSubmission) bool { return s.ID == j.ID }); i >= 0 {
				subs[i].Status, subs[i].Verdict, subs[i].Score = judge.StatusDone, j.Verdict, j.Score
				cs = subs[i]
				lb.recount(ref.cell.row, ref.cell.problem)
			}
		}
		b.emit(lb, judge.ContestJudged, cs)
	}
}

// changed drops a contest's board, to be read again with its new fields,
// and tells its listeners.
func (b *contestBoards) changed(c judge.Contest) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.boards, c.ID)
	v := b.bump(c.ID)
	for l := range b.listeners[c.ID] {
		send(l, judge.ContestEvent{ContestID: c.ID, Kind: judge.ContestChanged, Version: v})
	}
}

// emit bumps lb's version and tells the listeners of its contest; b.mu is
// held.
func (b *contestBoards) emit(lb *liveBoard, kind judge.ContestEventKind, cs judge.ContestSubmission) {
	id := lb.contest.ID
	lb.version = b.bump(id)
	for l := range b.listeners[id] {
		send(l, judge.ContestEvent{ContestID: id, Kind: kind, Submission: cs, Version: lb.version})
	}
}

// send gives e to l without waiting: a listener whose buffer is full loses
// events, and is told so with a ContestResync once it has room again.
func send(l *listener, e judge.ContestEvent) {
	if l.lost {
		select {
		case l.ch <- judge.ContestEvent{ContestID: e.ContestID, Kind: judge.ContestResync, Version: e.Version}:
			l.lost = false
		default:
			return
		}
	}
	select {
	case l.ch <- e:
	default:
		l.lost = true
	}
}

// listen registers a listener of contest id until ctx ends, when its
// channel is closed.
func (b *contestBoards) listen(ctx context.Context, id int64) <-chan judge.ContestEvent {
	l := &listener{ch: make(chan judge.ContestEvent, listenerBuffer)}
	b.mu.Lock()
	if b.listeners[id] == nil {
		b.listeners[id] = map[*listener]bool{}
	}
	b.listeners[id][l] = true
	b.mu.Unlock()
	go func() {
		<-ctx.Done()
		b.mu.Lock()
		delete(b.listeners[id], l)
		if len(b.listeners[id]) == 0 {
			delete(b.listeners, id)
		}
		close(l.ch)
		b.mu.Unlock()
	}()
	return l.ch
}

// Scoreboard returns a contest's board as v may see it: the live one to
// the jury, the frozen one to everyone else from the freeze on. The rows
// are shared with other readers: read them, do not change them.
func (s *Service) Scoreboard(ctx context.Context, v judge.User, id int64) (judge.Scoreboard, error) {
	lb, err := s.boards.board(ctx, s.store, id)
	if err != nil {
		return judge.Scoreboard{}, err
	}
	defer s.boards.mu.Unlock()
	if err := judge.Allow(v, judge.CanSeeBoard(v, lb.contest), "the board of contest %d is for its participants and the jury", id); err != nil {
		return judge.Scoreboard{}, err
	}
	// The jury's view is live and has the hidden teams: one view, as both
	// rules are the jury's (judge.CanSeeLiveBoard, judge.CanSeeHiddenTeams).
	return lb.snapshot(judge.CanSeeLiveBoard(v) && judge.CanSeeHiddenTeams(v), s.now()), nil
}

// ScoreboardCSV returns the board v may see (Scoreboard) as CSV: the
// final board once the contest is over and unfrozen (judge.WriteBoardCSV).
func (s *Service) ScoreboardCSV(ctx context.Context, v judge.User, id int64) ([]byte, error) {
	b, err := s.Scoreboard(ctx, v, id)
	if err != nil {
		return nil, err
	}
	c, err := s.Contest(ctx, v, id)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := judge.WriteBoardCSV(&buf, c, b); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// ContestEvents returns a channel that receives an event whenever the
// board of contest id changes in this process: a submission naming it, a
// verdict (a rejudge's too), a change of the contest. It is closed when
// ctx ends. Events are not held for a slow reader: one that falls
// listenerBuffer events behind loses them and then receives a
// ContestResync. v must be allowed to read the board; an event names a
// submission, which a face shows only as the viewer's board allows
// (Scoreboard). The live pages and the ICPC event feed listen here.
func (s *Service) ContestEvents(ctx context.Context, v judge.User, id int64) (<-chan judge.ContestEvent, error) {
	lb, err := s.boards.board(ctx, s.store, id)
	if err != nil {
		return nil, err
	}
	c := lb.contest
	s.boards.mu.Unlock()
	if err := judge.Allow(v, judge.CanSeeBoard(v, c), "the board of contest %d is for its participants and the jury", id); err != nil {
		return nil, err
	}
	return s.boards.listen(ctx, id), nil
}

// loadRunningBoards reads the boards of the contests running at now, at
// Start, so that the first request after a restart does not pay for it.
func (s *Service) loadRunningBoards(ctx context.Context) error {
	all, err := s.store.Contests(ctx)
	if err != nil {
		return err
	}
	now := s.now()
	for _, c := range all {
		if !c.Running(now) {
			continue
		}
		if _, err := s.boards.board(ctx, s.store, c.ID); err != nil {
			return err
		}
		s.boards.mu.Unlock()
	}
	return nil
}
