package judge

import (
	"context"
	"slices"
	"time"
)

// Scoring is how a contest ranks its contestants.
type Scoring string

// The scorings. ICPC ranks by problems solved, then penalty minutes (the
// minutes to each first accepted submission plus PenaltyMinutes per
// rejected try before it), then the time of the last accepted one. IOI
// ranks by the sum of each problem's best score.
const (
	ScoringICPC Scoring = "icpc"
	ScoringIOI  Scoring = "ioi"
)

// PenaltyMinutes is what each rejected try before a problem's first
// accepted submission adds to an ICPC contestant's penalty, as DOMjudge
// and the ICPC rules count.
const PenaltyMinutes = 20

// Contest is a timed set of problems with a scoreboard. Submissions that
// name the contest and are made in [StartTime, EndTime()) count; those made
// later are kept as practice.
type Contest struct {
	ID       int64
	Title    string
	Problems []ContestProblem // in label order
	// StartTime may be in the past: a contest created while it runs.
	StartTime time.Time
	Duration  time.Duration
	// Freeze is how long before the end the board freezes for contestants
	// and the public (0: it never does). The jury sees the live board.
	Freeze  time.Duration
	Scoring Scoring
	// Everyone reports a contest open to every logged-in user (who is
	// made a team of one on their first submission or question, unless
	// in a team already); otherwise the members of Teams take part, and a
	// user who gives RegistrationCode (when it is not "") joins them as a
	// team of one.
	Everyone bool
	// Participants are the members of Teams, by name (the store fills it
	// in): those who take part in a contest not open to everyone.
	Participants     []string
	RegistrationCode string
	// Teams are the contest's teams by name (contest_team.go), with the
	// Organizations and Groups they name, each by name.
	Teams         []ContestTeam
	Organizations []Organization
	Groups        []ContestGroup
	// Public boards are read by anyone, logged in or not; a private one by
	// participants and the jury.
	Public bool
	// UnfrozenAt is when the jury revealed the final board (the ICPC
	// Contest API's "thawed"); nil while the freeze holds.
	UnfrozenAt *time.Time
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

// TitleIn is the problem's title in the page language lang (Problem.TitleIn).
func (p ContestProblem) TitleIn(lang string) string {
	return Problem{Title: p.Title, TitleZH: p.TitleZH}.TitleIn(lang)
}

// ContestProblem is a problem of a contest under its label ("A", "B", ...).
type ContestProblem struct {
	ProblemID int64
	Slug      string
	Title     string
	TitleZH   string // the problem's Chinese title, "" for none
	Label     string
	// Draft and Archived are the problem's own states (Problem.VisibleTo).
	Draft, Archived bool
}

// EndTime is the first instant at which a submission no longer counts.
func (c Contest) EndTime() time.Time { return c.StartTime.Add(c.Duration) }

// FreezeTime is when the board freezes, and whether it ever does.
func (c Contest) FreezeTime() (time.Time, bool) {
	if c.Freeze <= 0 {
		return time.Time{}, false
	}
	return c.EndTime().Add(-c.Freeze), true
}

// Started reports whether the contest has begun at now.
func (c Contest) Started(now time.Time) bool { return !now.Before(c.StartTime) }

// Ended reports whether the contest is over at now: from EndTime on, as
// DOMjudge counts (a submission at the exact end second is too late).
func (c Contest) Ended(now time.Time) bool { return !now.Before(c.EndTime()) }

// Running reports whether submissions made at now count.
func (c Contest) Running(now time.Time) bool { return c.Started(now) && !c.Ended(now) }

// Counts reports whether a submission made at t counts in the contest.
func (c Contest) Counts(t time.Time) bool { return c.Running(t) }

// Frozen reports whether the board shown to contestants and the public is
// frozen at now: from the freeze time on, until the jury unfreezes it.
func (c Contest) Frozen(now time.Time) bool {
	at, ok := c.FreezeTime()
	return ok && !now.Before(at) && c.UnfrozenAt == nil
}

// Minutes is the contest time of t in whole minutes, rounded down: the
// minutes an ICPC board shows and its penalty counts.
func (c Contest) Minutes(t time.Time) int { return int(t.Sub(c.StartTime) / time.Minute) }

// Problem returns the contest problem with the problem id, if any.
func (c Contest) Problem(problemID int64) (ContestProblem, bool) {
	return find(c.Problems, func(p ContestProblem) bool { return p.ProblemID == problemID })
}

// find returns the first of xs that match accepts, if any: a contest's
// problem, team, organization or group by its id or name.
func find[T any](xs []T, match func(T) bool) (T, bool) {
	if i := slices.IndexFunc(xs, match); i >= 0 {
		return xs[i], true
	}
	var none T
	return none, false
}

// Takes reports whether the user named username takes part.
func (c Contest) Takes(username string) bool {
	return c.Everyone || slices.Contains(c.Participants, username)
}

// ContestSpec is a contest as an instructor writes it.
type ContestSpec struct {
	Title     string
	Problems  []ContestProblemSpec
	StartTime time.Time
	Duration  time.Duration
	Freeze    time.Duration
	Scoring   Scoring
	// Participants nil and Teams nil: everyone takes part (unless
	// RegistrationCode is set, when those who give it do). Each
	// participant (a username) is a team of one named after them.
	Participants     []string
	RegistrationCode string
	Public           bool
	// Everyone opens the contest to every logged-in user even though it
	// lists teams (the teams made in an open contest stay when it is
	// edited).
	Everyone bool
	// Teams are the contest's teams besides the participants' teams of
	// one; Organizations and Groups define what the teams name (one named
	// but not defined is made with its name only).
	Teams         []TeamSpec
	Organizations []OrganizationSpec
	Groups        []GroupSpec
}

// ContestProblemSpec names a problem by slug; Label "" takes the next
// letter (A for the first problem, B for the second, ...).
type ContestProblemSpec struct {
	Slug  string
	Label string
}

// ContestPatch changes some fields of a contest; nil fields stay.
// Everyone opens the contest to all (Participants then must be nil).
type ContestPatch struct {
	Title        *string
	Problems     []ContestProblemSpec // nil: unchanged
	StartTime    *time.Time
	Duration     *time.Duration
	Freeze       *time.Duration
	Scoring      *Scoring
	Participants []string // nil: unchanged
	// Teams, when not nil, replace the contest's teams (with Participants
	// as teams of one). Organizations and Groups define or change those
	// of their names; the others stay.
	Teams            []TeamSpec
	Organizations    []OrganizationSpec
	Groups           []GroupSpec
	Everyone         bool
	RegistrationCode *string
	Public           *bool
	// Unfreeze reveals the final board (sets UnfrozenAt); Refreeze undoes it.
	Unfreeze, Refreeze bool
}

// Bounds of a contest.
const (
	MaxContestTitle        = 200
	MaxContestProblems     = 26
	MaxContestParticipants = 10000
	MaxContestDuration     = 30 * 24 * time.Hour
	MaxContestLabel        = 10
)

// ContestSubmission is the part of a submission a scoreboard reads.
type ContestSubmission struct {
	ID        int64
	UserID    int64
	Username  string
	ProblemID int64
	CreatedAt time.Time
	Status    Status
	// Verdict is "" until the first judging; a rejudge keeps the earlier
	// one until the new one is written.
	Verdict Verdict
	Score   float64 // 0..100
}

// ContestEventKind says what changed on a contest.
type ContestEventKind string

// The contest events of Service.ContestEvents.
const (
	// ContestSubmitted: a submission naming the contest was stored
	// (Submission holds it, pending).
	ContestSubmitted ContestEventKind = "submission"
	// ContestJudged: a verdict was written, a rejudge's too (Submission
	// holds the new one).
	ContestJudged ContestEventKind = "judgement"
	// ContestChanged: the contest itself changed (its times, problems,
	// participants, or the jury unfroze its board).
	ContestChanged ContestEventKind = "contest"
	// ContestResync: the listener fell behind and events were lost; read
	// the contest and its submissions again.
	ContestResync ContestEventKind = "resync"
)

// ContestEvent tells a listener that a contest's board changed.
type ContestEvent struct {
	ContestID  int64
	Kind       ContestEventKind
	Submission ContestSubmission // for ContestSubmitted and ContestJudged
	// Version is the board's version after the change: it grows with
	// every event of the contest (and with every reading of the board
	// from the store), and a restarted process starts above the last.
	Version int64
}

// ContestStore keeps contests and reads the submissions their boards count.
type ContestStore interface {
	// CreateContest stores c (its Problems by ProblemID and Label, its
	// Participants by username: EINVALID names one that does not exist)
	// and returns it as Contest does.
	CreateContest(ctx context.Context, c Contest) (Contest, error)
	// UpdateContest replaces the fields, problems and participants of c.ID.
	UpdateContest(ctx context.Context, c Contest) (Contest, error)
	// Contest returns a contest with its problems (slugs and titles
	// joined) and participants.
	Contest(ctx context.Context, id int64) (Contest, error)
	// Contests returns every contest, by start time then id.
	Contests(ctx context.Context) ([]Contest, error)
	// AddParticipant makes the user userID a team of one of a contest,
	// named after them, unless they are in a team of it already; the
	// contest's UpdatedAt moves, so that other processes read it again.
	AddParticipant(ctx context.Context, contestID, userID int64) error
	// ContestSubmissions returns the submissions that name the contest,
	// by creation time then id.
	ContestSubmissions(ctx context.Context, contestID int64) ([]ContestSubmission, error)
	// ContestChanges returns the submissions naming the contest that were
	// made or judged at since or later (each process's clock), by
	// creation time then id.
	ContestChanges(ctx context.Context, contestID int64, since time.Time) ([]ContestSubmission, error)
	// ContestSubmission returns the one submission id as a board reads it.
	ContestSubmission(ctx context.Context, id int64) (ContestSubmission, error)
}
