package judge

import (
	"cmp"
	"slices"
	"time"
)

// Scoreboard is a contest's board as one viewer may see it: the JSON of
// GET /api/v1/contests/{id}/scoreboard.
type Scoreboard struct {
	// Frozen reports a board that hides the tries made from the freeze on
	// (they show as pending).
	Frozen bool  `json:"frozen"`
	Rows   []Row `json:"rows"`
	// Version is the version of the live board it was made from (see
	// ContestEvent.Version): the faces' ETag.
	Version int64 `json:"-"`
}

// Row is one contestant's line of a board, in rank order.
type Row struct {
	// Rank is shared by tied contestants: 1 + the number of rows strictly
	// ahead.
	Rank   int    `json:"rank"`
	User   string `json:"user"`
	UserID int64  `json:"-"`
	Solved int    `json:"solved"`
	// Penalty is the ICPC penalty in minutes (0 under IOI).
	Penalty int `json:"penalty"`
	// Score is the sum of the problems' scores under IOI, the problems
	// solved under ICPC.
	Score    float64       `json:"score"`
	Problems []ProblemCell `json:"problems"`
	// LastAccepted is the contest minute of the last problem solved (the
	// ICPC tie-break), -1 when none is.
	LastAccepted int `json:"-"`
}

// ProblemCell is one contestant's result on one problem.
type ProblemCell struct {
	Label  string `json:"label"`
	Solved bool   `json:"solved"`
	// Tries counts the judged submissions that count, up to and including
	// the first accepted one (compile and judge errors do not count).
	Tries int `json:"tries"`
	// Minutes is the contest minute of the first accepted submission
	// (ICPC) or of the first reaching the best score (IOI); 0 when none.
	Minutes int     `json:"minutes"`
	Score   float64 `json:"score"`
	// Pending counts the tries not shown yet: not judged, or made after
	// the freeze on a frozen board.
	Pending int `json:"pending"`
	// First marks the first contestant to solve the problem.
	First bool `json:"first"`
}

// Penalty is the ICPC penalty of a solved cell: its minutes plus
// PenaltyMinutes per rejected try before the accepted one.
func (p ProblemCell) Penalty() int {
	if !p.Solved {
		return 0
	}
	return p.Minutes + PenaltyMinutes*(p.Tries-1)
}

// countsAsTry reports whether a judged verdict counts as a try: compile
// errors are the contestant's to fix for free, judge errors are the
// judge's fault.
func countsAsTry(v Verdict) bool { return v != CompileError && v != JudgeError && v != "" }

// ScoreCell computes one contestant's cell of a problem under scoring
// from their submissions to it during the contest, in time order (then id).
// Submissions without a verdict yet count as pending (a rejudge keeps the
// earlier verdict until the new one is written), and so do those made at or
// after hideFrom (not zero: the freeze time of a frozen board), whatever
// their verdict.
func ScoreCell(c Contest, label string, subs []ContestSubmission, hideFrom time.Time) ProblemCell {
	cell := ProblemCell{Label: label}
	best := -1.0
	for _, s := range subs {
		if !c.Counts(s.CreatedAt) {
			continue
		}
		if c.Scoring == ScoringICPC && cell.Solved {
			break // later tries change nothing
		}
		if (!hideFrom.IsZero() && !s.CreatedAt.Before(hideFrom)) || s.Verdict == "" {
			cell.Pending++
			continue
		}
		if !countsAsTry(s.Verdict) {
			continue
		}
		cell.Tries++
		switch c.Scoring {
		case ScoringIOI:
			if s.Score > best {
				best = s.Score
				cell.Score, cell.Minutes = s.Score, c.Minutes(s.CreatedAt)
			}
			cell.Solved = cell.Solved || s.Verdict == Accepted
		default:
			if s.Verdict == Accepted {
				cell.Solved, cell.Minutes, cell.Score = true, c.Minutes(s.CreatedAt), 1
			}
		}
	}
	return cell
}

// Total fills in a row's totals from its cells.
func (r *Row) Total(scoring Scoring) {
	r.Solved, r.Penalty, r.Score, r.LastAccepted = 0, 0, 0, -1
	for _, p := range r.Problems {
		if p.Solved {
			r.Solved++
			r.LastAccepted = max(r.LastAccepted, p.Minutes)
		}
		if scoring == ScoringIOI {
			r.Score += p.Score
		} else {
			r.Penalty += p.Penalty()
		}
	}
	if scoring != ScoringIOI {
		r.Score = float64(r.Solved)
	}
}

// compareRows orders two rows by rank: 0 when they tie. ICPC: more solved,
// then less penalty, then the earlier last accepted submission (DOMjudge's
// tie-break); IOI: the higher score.
func compareRows(scoring Scoring, a, b Row) int {
	if scoring == ScoringIOI {
		return cmp.Compare(b.Score, a.Score)
	}
	if c := cmp.Compare(b.Solved, a.Solved); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Penalty, b.Penalty); c != 0 {
		return c
	}
	return cmp.Compare(a.LastAccepted, b.LastAccepted)
}

// RankRows sorts rows by rank, tied rows by username, and sets their
// ranks: tied rows share one, the next is 1 + the rows ahead of it.
func RankRows(scoring Scoring, rows []Row) {
	slices.SortStableFunc(rows, func(a, b Row) int {
		if c := compareRows(scoring, a, b); c != 0 {
			return c
		}
		return cmp.Compare(a.User, b.User)
	})
	for i := range rows {
		if i > 0 && compareRows(scoring, rows[i-1], rows[i]) == 0 {
			rows[i].Rank = rows[i-1].Rank
		} else {
			rows[i].Rank = i + 1
		}
	}
}

// MarkFirst marks, for each problem, the cells of those who solved it
// first: the least accepted submission time among the subs the board
// shows (before hideFrom when it is not zero), equal times alike. firsts
// maps a problem's label to that time; rows' cells are marked in place.
func MarkFirst(rows []Row, firsts map[string]time.Time, solvedAt func(user int64, label string) (time.Time, bool)) {
	for i := range rows {
		for j := range rows[i].Problems {
			p := &rows[i].Problems[j]
			p.First = false
			if !p.Solved {
				continue
			}
			at, ok := solvedAt(rows[i].UserID, p.Label)
			first, any := firsts[p.Label]
			p.First = ok && any && at.Equal(first)
		}
	}
}

// FirstAccepted returns the time of the submission that decides cell's
// solve: under ICPC the first accepted one, under IOI the first with a full
// score; false when there is none among the subs shown (before hideFrom).
func FirstAccepted(c Contest, subs []ContestSubmission, hideFrom time.Time) (time.Time, bool) {
	for _, s := range subs {
		if !c.Counts(s.CreatedAt) || s.Verdict == "" || (!hideFrom.IsZero() && !s.CreatedAt.Before(hideFrom)) {
			continue
		}
		if s.Verdict == Accepted {
			return s.CreatedAt, true
		}
	}
	return time.Time{}, false
}

// ComputeBoard computes a contest's board from all its submissions, as a
// viewer who sees the live board (live) or the frozen one (at now) reads
// it. Participants are listed even without a submission; under Everyone
// those who submitted are. It is the reference the service's incremental
// board is tested against, and what it is rebuilt with on start.
func ComputeBoard(c Contest, subs []ContestSubmission, now time.Time, live bool) Scoreboard {
	var hideFrom time.Time
	frozen := !live && c.Frozen(now)
	if frozen {
		hideFrom, _ = c.FreezeTime()
	}
	type key struct {
		user    int64
		problem int64
	}
	byCell := map[key][]ContestSubmission{}
	users := map[int64]string{}
	var order []int64
	for _, s := range subs {
		if _, ok := c.Problem(s.ProblemID); !ok || !c.Counts(s.CreatedAt) {
			continue
		}
		if _, ok := users[s.UserID]; !ok {
			users[s.UserID] = s.Username
			order = append(order, s.UserID)
		}
		k := key{s.UserID, s.ProblemID}
		byCell[k] = append(byCell[k], s)
	}
	for _, cs := range byCell {
		slices.SortFunc(cs, func(a, b ContestSubmission) int {
			return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), cmp.Compare(a.ID, b.ID))
		})
	}
	rows := make([]Row, 0, len(order))
	named := map[string]bool{}
	for _, id := range order {
		named[users[id]] = true
	}
	for _, u := range c.Participants {
		if !named[u] {
			rows = append(rows, Row{User: u})
		}
	}
	firsts := map[string]time.Time{}
	solved := map[key]time.Time{}
	for _, id := range order {
		row := Row{User: users[id], UserID: id}
		for _, p := range c.Problems {
			cs := byCell[key{id, p.ProblemID}]
			row.Problems = append(row.Problems, ScoreCell(c, p.Label, cs, hideFrom))
			if at, ok := FirstAccepted(c, cs, hideFrom); ok {
				solved[key{id, p.ProblemID}] = at
				if f, ok := firsts[p.Label]; !ok || at.Before(f) {
					firsts[p.Label] = at
				}
			}
		}
		rows = append(rows, row)
	}
	for i := range rows {
		if rows[i].Problems == nil {
			for _, p := range c.Problems {
				rows[i].Problems = append(rows[i].Problems, ProblemCell{Label: p.Label})
			}
		}
		rows[i].Total(c.Scoring)
	}
	labels := map[string]int64{}
	for _, p := range c.Problems {
		labels[p.Label] = p.ProblemID
	}
	MarkFirst(rows, firsts, func(user int64, label string) (time.Time, bool) {
		at, ok := solved[key{user, labels[label]}]
		return at, ok
	})
	RankRows(c.Scoring, rows)
	return Scoreboard{Frozen: frozen, Rows: rows}
}
