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

// Row is one team's line of a board, in rank order.
type Row struct {
	// Rank is shared by tied teams: 1 + the number of rows strictly
	// ahead.
	Rank int `json:"rank"`
	// User is the team's name (a team of one is named after its member),
	// the name the board has always had; Team says it again.
	User string `json:"user"`
	Team string `json:"team"`
	// TeamID is the team's id; 0, and absent from the JSON, for a user
	// in no team (one who submitted and left the contest's teams): no
	// team has the id 0.
	TeamID int64 `json:"team_id,omitempty"`
	// Organization is the team's organization's name ("" none), Groups
	// its groups' names.
	Organization string   `json:"organization,omitempty"`
	Groups       []string `json:"groups,omitempty"`
	// Hidden reports a team of a hidden group, on the jury's board only.
	Hidden bool `json:"-"`
	// Key is the row's key (BoardKey): the team's id, or minus the user's
	// id for a user in no team.
	Key    int64 `json:"-"`
	Solved int   `json:"solved"`
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
func MarkFirst(rows []Row, firsts map[string]time.Time, solvedAt func(row int, label string) (time.Time, bool)) {
	for i := range rows {
		for j := range rows[i].Problems {
			p := &rows[i].Problems[j]
			p.First = false
			if !p.Solved {
				continue
			}
			at, ok := solvedAt(i, p.Label)
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

// BoardKey is the key of a board's row: a team's id, or, for a user in no
// team of the contest, minus the user's id.
type BoardKey int64

// BoardRows names the rows of a contest's board and places its
// submissions in them: each counts for its author's team.
type BoardRows struct {
	byName map[string]BoardKey // member -> row
	rows   map[BoardKey]Row    // the listed rows, empty
	Listed []BoardKey          // the rows a board shows without a submission, in order
}

// NewBoardRows indexes c's teams. A participant in no team (a contest made
// by hand, as the tests do) is a row of their own.
func NewBoardRows(c Contest) BoardRows {
	b := BoardRows{byName: map[string]BoardKey{}, rows: map[BoardKey]Row{}}
	for _, t := range c.Teams {
		k := BoardKey(t.ID)
		b.rows[k] = Row{User: t.Name, Team: t.Name, TeamID: t.ID, Organization: t.Organization, Groups: t.Groups, Hidden: c.HiddenTeam(t), Key: t.ID}
		b.Listed = append(b.Listed, k)
		for _, m := range t.Members {
			b.byName[m] = k
		}
	}
	for i, u := range c.Participants {
		if _, ok := b.byName[u]; !ok {
			k := BoardKey(-(1 << 62) - int64(i))
			b.rows[k], b.byName[u] = Row{User: u, Team: u, Key: int64(k)}, k
			b.Listed = append(b.Listed, k)
		}
	}
	return b
}

// KeyOf returns the row a submission of the user (id, username) counts in.
func (b BoardRows) KeyOf(userID int64, username string) BoardKey {
	if k, ok := b.byName[username]; ok {
		return k
	}
	return BoardKey(-userID)
}

// Row returns the empty row of key k (whose submissions are by username,
// for a user in no team), named as the board shows it.
func (b BoardRows) Row(k BoardKey, username string) Row {
	if r, ok := b.rows[k]; ok {
		return r
	}
	return Row{User: username, Team: username, Key: int64(k)}
}

// InGroup returns the rows of b whose team is in the group named g, with
// the ranks they have on the whole board (as DOMjudge's filter does).
func (b Scoreboard) InGroup(g string) Scoreboard {
	rows := make([]Row, 0, len(b.Rows))
	for _, r := range b.Rows {
		if slices.Contains(r.Groups, g) {
			rows = append(rows, r)
		}
	}
	b.Rows = rows
	return b
}

// ComputeBoard computes a contest's board from all its submissions, as the
// jury reads it (jury: live, every team) or everyone else does at now (the
// frozen board during the freeze, without the teams of hidden groups). Each
// submission counts for its author's team; every team is listed, even
// without a submission. It is the reference the service's incremental
// board is tested against.
func ComputeBoard(c Contest, subs []ContestSubmission, now time.Time, jury bool) Scoreboard {
	var hideFrom time.Time
	frozen := !jury && c.Frozen(now)
	if frozen {
		hideFrom, _ = c.FreezeTime()
	}
	type key struct {
		row     BoardKey
		problem int64
	}
	br := NewBoardRows(c)
	byCell := map[key][]ContestSubmission{}
	rowOf := map[BoardKey]int{}
	var rows []Row
	var keys []BoardKey
	add := func(k BoardKey, r Row) {
		if _, ok := rowOf[k]; !ok && (jury || !r.Hidden) {
			rowOf[k] = len(rows)
			rows, keys = append(rows, r), append(keys, k)
		}
	}
	for _, k := range br.Listed {
		add(k, br.Row(k, ""))
	}
	for _, s := range subs {
		if _, ok := c.Problem(s.ProblemID); !ok || !c.Counts(s.CreatedAt) {
			continue
		}
		k := br.KeyOf(s.UserID, s.Username)
		add(k, br.Row(k, s.Username))
		byCell[key{k, s.ProblemID}] = append(byCell[key{k, s.ProblemID}], s)
	}
	for _, cs := range byCell {
		slices.SortFunc(cs, func(a, b ContestSubmission) int {
			return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), cmp.Compare(a.ID, b.ID))
		})
	}
	firsts := map[string]time.Time{}
	solved := map[key]time.Time{}
	for i := range rows {
		k := keys[i]
		for _, p := range c.Problems {
			cs := byCell[key{k, p.ProblemID}]
			rows[i].Problems = append(rows[i].Problems, ScoreCell(c, p.Label, cs, hideFrom))
			if at, ok := FirstAccepted(c, cs, hideFrom); ok {
				solved[key{k, p.ProblemID}] = at
				if f, ok := firsts[p.Label]; !ok || at.Before(f) {
					firsts[p.Label] = at
				}
			}
		}
		rows[i].Total(c.Scoring)
	}
	labels := map[string]int64{}
	for _, p := range c.Problems {
		labels[p.Label] = p.ProblemID
	}
	MarkFirst(rows, firsts, func(row int, label string) (time.Time, bool) {
		at, ok := solved[key{keys[row], labels[label]}]
		return at, ok
	})
	RankRows(c.Scoring, rows)
	if rows == nil {
		rows = []Row{}
	}
	return Scoreboard{Frozen: frozen, Rows: rows}
}

// UnfrozenPublicBoard computes the board everyone but the jury reads once
// it is unfrozen: live, without the teams of hidden groups. It is the
// jury's version of the awards: a hidden team wins nothing.
func UnfrozenPublicBoard(c Contest, subs []ContestSubmission, now time.Time) Scoreboard {
	at := now
	c.UnfrozenAt = &at
	return ComputeBoard(c, subs, now, false)
}
